import { createHash, randomBytes } from 'node:crypto'
import { commitTransaction, createLocalReq, initTransaction, killTransaction, type CollectionSlug, type Payload, type PayloadRequest } from 'payload'
import { CATEGORIES, EVENTS, ORGANIZERS, TAGS, VENUES, OCCURRENCES, type IdSequence } from '../../collections/slugs.js'
import { IMPORT_ID } from '../../collections/hooks/assignId.js'
import { keepOccurrenceIds } from '../../collections/hooks/keptOccurrenceIds.js'
import { OCCURRENCE_IDS } from '../../collections/hooks/syncOccurrences.js'
import { hashSecret } from '../../collections/secrets.js'
import { KEPT_ID_CEILING, reserveIds } from '../../collections/hooks/reserveIds.js'
import { applyPendingTermCounts, PENDING_TERM_COUNTS } from '../../collections/hooks/updateTermCounts.js'
import { trackNewFiles } from '../../lib/uploads/trackNewFiles.js'
import type { RequestContext } from '../../endpoints/types.js'
import type { SerializedEditorState } from '@payloadcms/richtext-lexical/lexical'
import { htmlToRichText } from '../../endpoints/write/htmlToRichText.js'
import { downloadImage, type DownloadedImage } from '../../endpoints/write/downloadImage.js'
import { JSDOM } from 'jsdom'
import { pluginOptionsOf } from '../../lib/options.js'
import { AuthorMap, type UserDoc } from './AuthorMap.js'
import { downloadRefusal } from './downloadRefusal.js'
import { ImageMap } from './ImageMap.js'
import { ImportError } from './ImportError.js'
import { ImportProgress, type KindCounts } from './ImportProgress.js'
import { ImportState, type ImportKind } from './ImportState.js'
import { pageLimit, pastLimit } from './pageLimit.js'
import { TecClient } from './TecClient.js'
import { reuseStatements } from '../reuseStatements.js'
import { ecpOccurrence, eventData, PROVISIONAL_BASE, linkedIds, organizerData, termData, venueData, type WirePost, type WireTerm } from './tecRecords.js'
import { seriesDates } from './seriesDates.js'

export interface ImportTecOptions {
  from: string
  user?: string
  appPassword?: string
  author?: string
  dryRun?: boolean
  allowPrivateHosts?: boolean
  dataDir: string
  databaseUri: string
  perPage?: number
  /** Largest answer of the site read (IMPORT_MAX_PAGE_BYTES). */
  maxPageBytes?: number
  /** The source's Events Calendar Pro provisional ID base (10,000,000 unless the site raised it). */
  provisionalBase?: number
  /** Lines for the operator (warnings); the progress goes to stderr. */
  warn?: (line: string) => void
  progress?: ImportProgress
  backoffMs?: (attempt: number) => number
}

export interface ImportTecSummary {
  root: string
  counts: Record<Exclude<ImportKind, 'media' | 'users'>, KindCounts>
  images: number
  imagesFailed: number
  usersCreated: number
  warnings: number
  seconds: number
}

type PostKind = 'venues' | 'organizers' | 'events'
const COLLECTION: Record<Exclude<ImportKind, 'media' | 'users'>, CollectionSlug> = {
  categories: CATEGORIES as CollectionSlug,
  tags: TAGS as CollectionSlug,
  venues: VENUES as CollectionSlug,
  organizers: ORGANIZERS as CollectionSlug,
  events: EVENTS as CollectionSlug,
}
const SEQUENCE_MEMBERS: Record<IdSequence, CollectionSlug[]> = {
  term: [CATEGORIES, TAGS] as CollectionSlug[],
  post: [EVENTS, VENUES, ORGANIZERS] as CollectionSlug[],
  occurrence: [OCCURRENCES] as CollectionSlug[],
}
// Every status a writer may list; asked for in one request, or one by one when the site takes a single one.
const WRITER_STATUSES = ['publish', 'future', 'draft', 'pending', 'private']
const EVERY_DATE = { start_date: '1900-01-01 00:00:00', end_date: '2999-12-31 23:59:59' }

/** Pages of a list fetched from the site ahead of the one being written. */
const PAGES_AHEAD = 2
const fingerprintOf = (wire: unknown) => createHash('sha1').update(JSON.stringify(wire)).digest('base64url')
/** What planPage found for a page: the source IDs kept here, and the records of earlier runs still here. */
interface PagePlan {
  keep: Set<number>
  present: Set<number>
}
const newCounts = (): KindCounts => ({ created: 0, updated: 0, unchanged: 0, failed: 0 })

/**
 * import:tec: reads a The Events Calendar site's REST API page by page and writes what it finds here,
 * keeping IDs (where free) and slugs, through the collections' own writes (hooks keep slugs unique,
 * term counts, markup filtering and cache invalidation). Re-runs update what changed; an interrupted
 * run resumes after its last completed page (ImportState).
 */
export async function importTec(openPayload: () => Promise<Payload>, options: ImportTecOptions): Promise<ImportTecSummary> {
  const started = performance.now()
  const warn = options.warn ?? ((line: string) => process.stderr.write(`${line}\n`))
  const dryRun = Boolean(options.dryRun)
  const perPage = options.perPage ?? 50
  const provisionalBase = options.provisionalBase ?? PROVISIONAL_BASE
  const client = new TecClient(options.from, { user: options.user, appPassword: options.appPassword, backoffMs: options.backoffMs, maxBytes: options.maxPageBytes })
  const root = await client.discover()
  await client.checkCredentials()
  // Opened once the site answered: an unreachable site or refused credentials answer in a second.
  // An import repeats the same writes page after page: its SQLite connections keep their statements.
  reuseStatements()
  const payload = await openPayload()
  const state = await ImportState.open(options.dataDir, root, options.databaseUri)
  const calendar = pluginOptionsOf(payload.config)
  const authors = new AuthorMap(payload, client, state, { author: options.author, dryRun })
  await authors.checkAuthor()
  const images = new ImageMap(payload, state, {
    maxBytes: calendar.maxUploadBytes,
    allowPrivateHosts: Boolean(options.allowPrivateHosts),
    dryRun,
  })
  const progress = options.progress ?? new ImportProgress()
  const counts = { categories: newCounts(), tags: newCounts(), venues: newCounts(), organizers: newCounts(), events: newCounts() }
  let warnings = 0
  // Through the progress display while it shows: a line written between its redraws would break the bars.
  const warning = (line: string) => {
    warnings++
    if (!options.warn && progress.log(`warning: ${line}`)) return
    warn(`warning: ${line}`)
  }

  /** IDs of `ids` already used in the sequence's collections here (trashed posts included). */
  async function takenIds(sequence: IdSequence, ids: number[]): Promise<Set<number>> {
    const taken = new Set<number>()
    if (!ids.length) return taken
    for (const collection of SEQUENCE_MEMBERS[sequence]) {
      const found = await payload.find({
        collection,
        where: { id: { in: ids } },
        limit: ids.length,
        depth: 0,
        pagination: false,
        select: { id: true } as never,
        trash: true,
        overrideAccess: true,
      })
      for (const doc of found.docs as Array<{ id: number }>) taken.add(doc.id)
    }
    return taken
  }

  /**
   * The records whose source ID can name one: a positive safe integer. Others (2^53 and 2^53 + 1 read
   * as the same number) would merge into one another: each is a failed record with a warning.
   */
  function withValidIds<T extends { id: unknown }>(kind: Exclude<ImportKind, 'media' | 'users'>, items: T[]): T[] {
    return items.filter((item) => {
      if (Number.isSafeInteger(item.id) && (item.id as number) > 0) return true
      counts[kind].failed++
      warning(`${kind} ${JSON.stringify(item.id) ?? 'without an ID'} not written: its ID is not a whole number from 1 to ${Number.MAX_SAFE_INTEGER}`)
      return false
    })
  }

  /**
   * Plans a page: which source records are new, and for those whose ID is free here and at most
   * KEPT_ID_CEILING, reserves the IDs in the sequence before writing, so nothing else here is handed
   * one of them meanwhile. Larger ones take the next free ID: the sequence never nears its end.
   * Also which records written by an earlier run are still here, read in one query for the page (a
   * re-run otherwise asked once per record).
   */
  async function planPage(kind: Exclude<ImportKind, 'media' | 'users'>, ids: number[]): Promise<PagePlan> {
    const sequence: IdSequence = kind === 'categories' || kind === 'tags' ? 'term' : 'post'
    const fresh = ids.filter((id) => state.target(kind, id) === undefined && Number.isSafeInteger(id) && id > 0 && id <= KEPT_ID_CEILING)
    const taken = await takenIds(sequence, fresh)
    const keep = new Set(fresh.filter((id) => !taken.has(id)))
    if (keep.size && !dryRun) await reserveIds(payload, sequence, Math.max(...keep))
    const mapped = ids.map((id) => state.target(kind, id)).filter((id): id is number => id !== undefined)
    const present = new Set<number>()
    if (mapped.length) {
      const found = await payload.find({ collection: COLLECTION[kind], where: { id: { in: mapped } }, limit: mapped.length, depth: 0, pagination: false, select: { id: true } as never, trash: true, overrideAccess: true })
      for (const doc of found.docs as Array<{ id: number }>) present.add(doc.id)
    }
    return { keep, present }
  }

  /** Creates or updates one record; the target ID, or undefined when it failed. */
  async function write(
    kind: Exclude<ImportKind, 'media' | 'users'>,
    sourceId: number,
    wire: unknown,
    { keep, present }: PagePlan,
    build: (creating: boolean) => Promise<Record<string, unknown>>,
    req?: PayloadRequest,
  ): Promise<number | undefined> {
    const collection = COLLECTION[kind]
    const fingerprint = fingerprintOf(wire)
    const mapped = state.target(kind, sourceId)
    try {
      if (mapped !== undefined) {
        // In the page's transaction, as planPage read it just before; written again record by record, asked anew.
        const exists = req ? present.has(mapped) : (await payload.count({ collection, where: { id: { equals: mapped } }, trash: true, overrideAccess: true })).totalDocs > 0
        if (exists) {
          if (state.fingerprint(kind, sourceId) === fingerprint) {
            counts[kind].unchanged++
            return mapped
          }
          if (!dryRun) {
            await payload.update({ collection, id: mapped, data: await build(false), overrideAccess: true, depth: 0, trash: true, req, context: { [IMPORT_ID]: undefined, [OCCURRENCE_IDS]: undefined, ...pageContext(req) } })
            state.remember(kind, sourceId, mapped, fingerprint)
          }
          counts[kind].updated++
          return mapped
        }
      }
      if (dryRun) {
        counts[kind].created++
        return sourceId
      }
      const data = await build(true)
      const doc = await payload.create({
        collection,
        data,
        overrideAccess: true,
        depth: 0,
        // Named on every call: a shared request keeps the context of the previous write.
        context: { [IMPORT_ID]: keep.has(sourceId) ? sourceId : undefined, [OCCURRENCE_IDS]: undefined, ...pageContext(req) },
        req,
      })
      state.remember(kind, sourceId, doc.id as number, fingerprint)
      counts[kind].created++
      return doc.id as number
    } catch (error) {
      // In a page's transaction the failure rolled the page back: writePage writes it again record by record.
      if (req) throw error
      counts[kind].failed++
      const detail = (error as { data?: { errors?: Array<{ message?: string; path?: string }> } }).data?.errors
      warning(`${kind} ${sourceId} not written: ${(error as Error).message}${detail ? ` ${JSON.stringify(detail)}` : ''}`)
      return undefined
    }
  }

  /**
   * A description's images from other sites, downloaded before its conversion with the import's
   * limits. One refused is taken out of the HTML with a warning line naming it and why; the rest of
   * the description is kept.
   */
  async function descriptionImages(html: string, what: string): Promise<{ html: string; images: Map<string, DownloadedImage> }> {
    const images = new Map<string, DownloadedImage>()
    if (!/<img\b/i.test(html)) return { html, images }
    const document = new JSDOM(html).window.document
    const own = new URL(calendar.siteUrl).origin
    const refused = new Set<string>()
    for (const img of [...document.querySelectorAll('img')]) {
      const src = img.getAttribute('src') ?? ''
      const url = URL.canParse(src) ? new URL(src) : undefined
      if (url?.origin === own || images.has(src)) continue
      if (!refused.has(src)) {
        let reason = 'not an http(s) address'
        if (url && /^https?:$/.test(url.protocol)) {
          try {
            images.set(src, await downloadImage(src, { maxBytes: calendar.maxUploadBytes, allowPrivateHosts: Boolean(options.allowPrivateHosts) }))
            continue
          } catch (error) {
            reason = downloadRefusal(error)
          }
        }
        refused.add(src)
        warning(`${what}: description image ${JSON.stringify(src)} not stored (${reason}); the description is kept without it`)
      }
      img.remove()
    }
    return { html: refused.size ? document.body.innerHTML : html, images }
  }

  /** The description's rich text; images inside it are stored like featured ones, or dropped with a warning. */
  async function description(source: unknown, author: UserDoc, what: string, req?: PayloadRequest): Promise<SerializedEditorState | null> {
    if (typeof source !== 'string' || !source.trim()) return null
    const { html, images } = await descriptionImages(source, what)
    const ctx = {
      payload,
      req,
      user: author.id ? author : null,
      images,
      options: { ...calendar, allowPrivateImageHosts: Boolean(options.allowPrivateHosts) },
    } as unknown as RequestContext
    try {
      return await htmlToRichText(ctx, html)
    } catch {
      warning(`${what}: an image in the description could not be stored; the description is kept without it`)
      return htmlToRichText(ctx, html.replace(/<img\b[^>]*>/gi, ''))
    }
  }

  /**
   * Writes a page in one transaction: one commit (and on SQLite one connection) for the whole page
   * rather than one per record, which is most of an import's time. A record that fails rolls the page
   * back (database and remembered IDs); the page is then written again one transaction per record,
   * so only the failing record is lost, as before.
   */
  async function writePage(kind: Exclude<ImportKind, 'media' | 'users'>, writeAll: (req?: PayloadRequest) => Promise<void>): Promise<void> {
    if (dryRun) return writeAll()
    const req = await createLocalReq({}, payload)
    if (!(await initTransaction(req))) return writeAll()
    // Description images stored in the page's transaction: their files go if it rolls back.
    const files = await trackNewFiles(req, payload)
    const before = { ...counts[kind] }
    const termCounts: Parameters<typeof applyPendingTermCounts>[1] = new Map()
    pageCounts.set(req, termCounts)
    state.begin()
    try {
      await writeAll(req)
      await applyPendingTermCounts(req, termCounts)
      await commitTransaction(req)
      files.keep()
      state.commit()
    } catch {
      await killTransaction(req)
      await files.discard()
      state.rollback()
      counts[kind] = before
      await writeAll()
    }
  }

  /** Per page transaction, the term count changes its event writes gather (applied once, before commit). */
  const pageCounts = new WeakMap<PayloadRequest, Parameters<typeof applyPendingTermCounts>[1]>()
  const pageContext = (req?: PayloadRequest) => (req && pageCounts.has(req) ? { [PENDING_TERM_COUNTS]: pageCounts.get(req) } : {})

  /** Another request in `req`'s transaction, gathering term counts with it. */
  async function sameTransaction(req: PayloadRequest): Promise<PayloadRequest> {
    const own = await createLocalReq({}, payload)
    own.transactionID = req.transactionID
    pageCounts.set(own, pageCounts.get(req)!)
    return own
  }

  const map = (kind: ImportKind, ids: number[]) =>
    ids.map((id) => state.target(kind, id)).filter((id): id is number => id !== undefined)

  /** Every page of a list, resuming after the pages the previous run completed. */
  async function eachPage<T, A = undefined>(
    kind: Exclude<ImportKind, 'media' | 'users'>,
    query: Record<string, string>,
    handle: (items: T[], ahead: A) => Promise<void>,
    /** What is read from the site for a page (network only, no database) while the page before is written. */
    readAhead: (items: T[]) => Promise<A> = async () => undefined as A,
  ): Promise<void> {
    const fetchPage = async (page: number) => {
      const got = await client.page<T>(kind, page, perPage, query)
      return { ...got, ahead: await readAhead(got.items) }
    }
    const done = state.pagesDone(kind, perPage)
    const first = await fetchPage(done + 1)
    const total = first.total
    const limit = pageLimit(kind, first, perPage)
    progress.start(kind, total, Math.min(done * perPage, total))
    // The next pages are fetched (and read ahead) while this one is written: two in flight, so a
    // slow answer of the site rarely leaves the writer waiting.
    const ahead = new Map<number, ReturnType<typeof fetchPage>>()
    for (let page = done + 1, current = first; current.items.length; page++) {
      pastLimit(kind, page, limit, current)
      for (let later = page + 1; later <= Math.min(page + PAGES_AHEAD, current.totalPages, limit); later++) {
        if (ahead.has(later)) continue
        const fetching = fetchPage(later)
        fetching.catch(() => {})
        ahead.set(later, fetching)
      }
      await handle(current.items, current.ahead)
      if (!dryRun) await state.pageDone(kind, page, perPage)
      progress.advance(kind, current.items.length, total)
      const next = ahead.get(page + 1)
      if (!next) break
      ahead.delete(page + 1)
      current = await next
    }
  }

  /** The status filter: every status with credentials (in one list if the site takes it). */
  async function statusQuery(kind: PostKind): Promise<Record<string, string>> {
    const base: Record<string, string> = kind === 'events' ? { ...EVERY_DATE } : {}
    if (!client.authenticated) return base
    // context=edit: an editor's list shows password-protected events whole (reference section 10).
    const query = { ...base, status: WRITER_STATUSES.join(',') }
    const probe = await client.get(`${root}/${kind}?${new URLSearchParams({ ...query, per_page: '1' })}`)
    if (probe.status === 200 || probe.status === 404) return query
    warning(`${kind}: the site refused status=${WRITER_STATUSES.join(',')} (${probe.status}); only published ones are read`)
    return base
  }

  /**
   * A password-protected event reads with its protected fields blanked (all_day null, reference
   * section 10), even to an editor's list: its whole object is read alone with context=edit. Its
   * password is read from WordPress's own posts route where the site lets the credentials; TEC's
   * namespace never shows it, so otherwise the event gets a new random one (it stays protected) and a
   * warning names it.
   */
  async function unprotect(wire: WirePost): Promise<{ wire: WirePost; locked: boolean; password?: string }> {
    if (wire.all_day !== null) return { wire, locked: false }
    let full = wire
    if (client.authenticated) {
      const single = await client.get(`${root}/events/${wire.id}?context=edit`)
      if (single.status === 200 && single.body && typeof single.body === 'object') full = single.body as WirePost
    }
    const wpRoot = root.replace(/\/(tribe|calendar)\/events\/v1$/, '')
    const wp = client.authenticated ? await client.get(`${wpRoot}/wp/v2/tribe_events/${wire.id}?context=edit&_fields=password`).catch(() => undefined) : undefined
    const password = (wp?.status === 200 && (wp.body as { password?: unknown })?.password) || undefined
    return { wire: full, locked: true, password: typeof password === 'string' && password ? password : undefined }
  }

  try {
    // Terms first: posts link to them. Categories are read whole, then written parents first.
    for (const kind of ['categories', 'tags'] as const) {
      const terms: WireTerm[] = []
      let limit = 1
      for (let page = 1; ; page++) {
        const got = await client.page<WireTerm>(kind, page, perPage, { hide_empty: 'false' })
        if (page === 1) limit = pageLimit(kind, got, perPage)
        terms.push(...withValidIds(kind, got.items))
        if (!got.items.length || page >= got.totalPages) break
        pastLimit(kind, page, limit, got)
      }
      progress.start(kind, terms.length, 0)
      const byId = new Map(terms.map((t) => [t.id, t]))
      const depth = (t: WireTerm, seen = 0): number => (t.parent && byId.has(t.parent) && seen < 50 ? 1 + depth(byId.get(t.parent)!, seen + 1) : 0)
      const ordered = [...terms].sort((a, b) => depth(a) - depth(b) || a.id - b.id)
      const plan = await planPage(kind, ordered.map((t) => t.id))
      await writePage(kind, async (req) => {
        for (const term of ordered) {
          await write(kind, term.id, term, plan, async () => ({
            ...termData(term),
            ...(kind === 'categories' ? { parent: (term.parent && state.target('categories', term.parent)) || null } : {}),
          }), req)
        }
      })
      progress.advance(kind, terms.length, terms.length)
      if (!dryRun) await state.save()
    }

    for (const kind of ['venues', 'organizers'] as const) {
      const toData = kind === 'venues' ? venueData : organizerData
      await eachPage<WirePost>(kind, await statusQuery(kind), async (all) => {
        const items = withValidIds(kind, all)
        const plan = await planPage(kind, items.map((i) => i.id))
        // Authors and images are found or created before the page's transaction opens.
        for (const wire of items) await Promise.all([authors.resolve(wire.author), images.resolve(wire.image)])
        await writePage(kind, async (req) => {
          for (const wire of items) {
            await write(kind, wire.id, wire, plan, async () => {
              const author = await authors.resolve(wire.author)
              return {
                ...toData(wire, calendar.siteTimezone),
                author: author.id || undefined,
                description: await description(wire.description, author, `${kind} ${wire.id}`, req),
                image: await images.resolve(wire.image),
              }
            }, req)
          }
        })
      })
    }

    /**
     * Read while the page before is written: protected events whole from the site, and their
     * passwords hashed on the thread pool (scrypt costs tens of milliseconds by design; stored as the
     * hash with overrideAccess: the known password, or else a random one used only if the event is
     * created here). No request to the site waits inside a page's transaction.
     */
    const readEvents = async (items: WirePost[]) => {
      let nextRead = 0
      const unlocked: Array<Awaited<ReturnType<typeof unprotect>>> = []
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          while (nextRead < items.length) {
            const i = nextRead++
            unlocked[i] = await unprotect(items[i]!)
          }
        }),
      )
      const hashes = await Promise.all(
        unlocked.map(({ locked, password }) => (locked || password ? hashSecret(password ?? randomBytes(18).toString('base64url')) : undefined)),
      )
      return { unlocked, hashOf: new Map(unlocked.map(({ wire }, i) => [wire, hashes[i]])) }
    }

    await eachPage<WirePost, Awaited<ReturnType<typeof readEvents>>>('events', await statusQuery('events'), async (all, read) => {
      const items = withValidIds('events', all)
      // read.unlocked[i] is all[i], read whole when protected.
      const valid = new Set(items)
      const unlocked = read.unlocked.filter((_, i) => valid.has(all[i]!))
      const { hashOf } = read
      // Events Calendar Pro's occurrences (provisional IDs) are grouped back into their series, which get new IDs.
      const singles = unlocked.filter(({ wire }) => !ecpOccurrence(wire, provisionalBase))
      const series = new Map<string, typeof unlocked>()
      for (const one of unlocked) {
        const of = ecpOccurrence(one.wire, provisionalBase)
        if (of) series.set(of.series, [...(series.get(of.series) ?? []), one])
      }
      const plan = await planPage('events', singles.map(({ wire }) => wire.id))
      // Images are downloaded a few at a time ahead of the writes, which need them one by one.
      let next = 0
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          while (next < items.length) await images.resolve(items[next++]!.image)
        }),
      )
      // Authors are found or created before the transaction opens.
      for (const { wire } of unlocked) await authors.resolve(wire.author)
      const build = async ({ wire, locked, password }: (typeof unlocked)[number], creating: boolean, req?: PayloadRequest) => {
        const author = await authors.resolve(wire.author)
        const keepStored = locked && !password && !creating
        if (locked && !password && creating) {
          warning(`event ${wire.id} is password-protected; the site does not show its password, so it got a new random one (set yours in the admin)`)
        }
        const hash = keepStored ? undefined : hashOf.get(wire)
        return {
          ...eventData(wire, calendar.siteTimezone),
          ...(hash ? { passwordHash: hash, hasPassword: true } : {}),
          author: author.id || undefined,
          description: await description(wire.description, author, `event ${wire.id}`, req),
          image: await images.resolve(wire.image),
          categories: map('categories', linkedIds(wire.categories)),
          tags: map('tags', linkedIds(wire.tags)),
          venues: map('venues', linkedIds(wire.venue)),
          organizers: map('organizers', linkedIds(wire.organizer)),
        }
      }
      const writeOne = async (one: (typeof unlocked)[number], req?: PayloadRequest) => {
        await write('events', one.wire.id, { ...one.wire, password: one.password }, plan, (creating) => build(one, creating, req), req)
      }

      /**
       * One series of Events Calendar Pro from its occurrences on this page: created from the first
       * (its fields; the others' starts as RDATEs), or, from a later page or run, given the new ones'
       * starts. Each occurrence keeps its ID (the provisional ID less the base). The occurrences'
       * own titles and other fields are not read: a series has one content.
       */
      const writeSeries = async (slug: string, group: typeof unlocked, req?: PayloadRequest) => {
        const key = `series:${slug}`
        const starts: Array<{ one: (typeof unlocked)[number]; start: string; id: number }> = []
        for (const one of group) {
          try {
            starts.push({ one, start: String(eventData(one.wire, calendar.siteTimezone).startDate), id: ecpOccurrence(one.wire, provisionalBase)!.occurrenceId })
          } catch (error) {
            // As write() does: in a page's transaction the page is written again record by record.
            if (req) throw error
            counts.events.failed++
            warning(`events ${one.wire.id} not written: ${(error as Error).message}`)
          }
        }
        if (!starts.length) return
        starts.sort((a, b) => Date.parse(a.start) - Date.parse(b.start) || a.one.wire.id - b.one.wire.id)
        const changed = starts.filter(({ one }) => state.fingerprint('events', one.wire.id) !== fingerprintOf({ ...one.wire, password: one.password }))
        counts.events.unchanged += starts.length - changed.length
        if (!changed.length) return
        const tally = () => {
          for (const { one } of changed) counts.events[state.target('events', one.wire.id) === undefined ? 'created' : 'updated']++
        }
        if (dryRun) return tally()
        const ids: Record<string, number> = Object.fromEntries(starts.map(({ start, id }) => [new Date(start).toISOString(), id]))
        const context = { [IMPORT_ID]: undefined, [OCCURRENCE_IDS]: ids, ...pageContext(req) }
        try {
          let seriesId = state.target('events', key)
          const stored = seriesId === undefined ? undefined : ((await payload.find({ collection: EVENTS, where: { id: { equals: seriesId } }, limit: 1, depth: 0, trash: true, overrideAccess: true, req })).docs[0] as unknown as Record<string, unknown> | undefined)
          // The series' first item (remembered with it) keeps its ID too: a series of one item so far repeats not, and has no row yet.
          const firstItem = Number(state.fingerprint('events', key))
          if (stored && Number.isSafeInteger(firstItem) && firstItem >= provisionalBase) ids[new Date(String(stored.startDate)).toISOString()] ??= firstItem - provisionalBase
          if (!stored) {
            const [first, ...others] = starts
            const data = await build(first!.one, true, req)
            const recurrence = seriesDates(data as Record<string, unknown>, [], others.map(({ start }) => start))
            const doc = await payload.create({ collection: EVENTS, data: { ...data, recurrence } as never, overrideAccess: true, depth: 0, context, req })
            seriesId = doc.id as number
            state.remember('events', key, seriesId, String(first!.one.wire.id))
          } else {
            // The first occurrence's item, when it changed, gives the series its fields again.
            const head = changed.find(({ start }) => Date.parse(start) === new Date(String(stored.startDate)).getTime())
            const data = head ? await build(head.one, false, req) : {}
            // An occurrence the site moved leaves its former date.
            const rows = await payload.find({ collection: OCCURRENCES, where: { and: [{ event: { equals: seriesId } }, { id: { in: changed.map(({ id }) => id) } }] }, pagination: false, depth: 0, overrideAccess: true, req })
            const moved = rows.docs.filter((row) => changed.some(({ id, start }) => id === row.id && Date.parse(start) !== Date.parse(row.originalStart))).map((row) => row.originalStart)
            const recurrence = seriesDates({ ...stored, ...data }, (stored.recurrence as string[] | null) ?? [], changed.map(({ start }) => start), moved)
            await payload.update({ collection: EVENTS, id: seriesId!, data: { ...data, recurrence } as never, overrideAccess: true, depth: 0, trash: true, context, req })
          }
          // Kept for the occurrences past this horizon too: they get their IDs when time brings them within it.
          await keepOccurrenceIds(req ?? (await createLocalReq({}, payload)), seriesId!, ids)
          tally()
          for (const { one } of changed) state.remember('events', one.wire.id, seriesId!, fingerprintOf({ ...one.wire, password: one.password }))
        } catch (error) {
          if (req) throw error
          counts.events.failed += changed.length
          const detail = (error as { data?: { errors?: Array<{ message?: string; path?: string }> } }).data?.errors
          warning(`recurring event "${slug}" (${changed.map(({ one }) => one.wire.id).join(', ')}) not written: ${(error as Error).message}${detail ? ` ${JSON.stringify(detail)}` : ''}`)
        }
      }
      await writePage('events', async (req) => {
        // PostgreSQL answers over a socket: while one write waits for it, the next one's hooks run.
        // Each lane has its own request in the page's transaction (a request's context is per write).
        // SQLite's calls are synchronous, so there one lane does as much.
        const lanes = payload.db.name === 'postgres' ? 4 : 1
        let next = 0
        let failed = false
        const settled = await Promise.allSettled(
          Array.from({ length: lanes }, async () => {
            const own = req && lanes > 1 ? await sameTransaction(req) : req
            try {
              while (!failed && next < singles.length) await writeOne(singles[next++]!, own)
            } catch (error) {
              failed = true
              throw error
            }
          }),
        )
        // Every lane has stopped before the page is rolled back and written again.
        const refused = settled.find((result) => result.status === 'rejected')
        if (refused) throw refused.reason
        for (const [slug, group] of series) await writeSeries(slug, group, req)
      })
    }, readEvents)
    if (!dryRun) await state.finished()
  } finally {
    progress.stop()
  }
  if (images.failed.length) for (const line of images.failed) warning(`image not stored: ${line}`)
  return {
    root,
    counts,
    images: images.stored,
    imagesFailed: images.failed.length,
    usersCreated: authors.created,
    warnings,
    seconds: (performance.now() - started) / 1000,
  }
}

export { ImportError }
