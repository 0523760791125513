import { createHash } from 'node:crypto'
import { appendFile, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { parseArgs } from 'node:util'
import cliProgress from 'cli-progress'
import { DateTime } from 'luxon'
import type { Payload, TypedUser } from 'payload'
import { EVENTS, OCCURRENCES, USERS } from '../../collections/slugs.js'
import { RestError } from '../../endpoints/errors/RestError.js'
import { eventWriteArgs } from '../../endpoints/events/params/eventWriteArgs.js'
import { saveEvent } from '../../endpoints/events/write/saveEvent.js'
import { copySeriesAsOccurrence, type LocatedEventPost } from '../../endpoints/data/index.js'
import { sentArgs } from '../../endpoints/events/params/sentArgs.js'
import { NAMESPACE } from '../../endpoints/namespace.js'
import { parseParams } from '../../endpoints/params/parseParams.js'
import { escapeHtml } from '../../endpoints/serialize/html.js'
import type { RequestContext } from '../../endpoints/types.js'
import { env } from '../env.js'
import { calendarEntries, CalendarParseError, type CalendarEntry } from '../ical/calendarEntries.js'
import { CalendarSourceError, readCalendarSource } from '../ical/readCalendarSource.js'
import { pluginOptionsOf } from '../../lib/options.js'
import { CommandError } from './CommandError.js'
import { findUser } from './findUser.js'

const OPTIONS = {
  until: { type: 'string' },
  user: { type: 'string' },
  'dry-run': { type: 'boolean', default: false },
  'allow-private-hosts': { type: 'boolean', default: false },
} as const

/** Flags of import:ics, checked before Payload boots. */
export function parseImportIcsArgs(args: string[]) {
  let parsed
  try {
    parsed = parseArgs({ args, options: OPTIONS, strict: true, allowPositionals: true })
  } catch (error) {
    throw new CommandError((error as Error).message.split('. ')[0])
  }
  const [source, ...extra] = parsed.positionals
  if (!source) throw new CommandError('missing the calendar to import: a .ics file or an http(s) URL')
  if (extra.length) throw new CommandError(`one calendar at a time (also given: ${extra.join(' ')})`)
  let until: DateTime | undefined
  if (parsed.values.until !== undefined) {
    const at = DateTime.fromISO(parsed.values.until, { zone: env.SITE_TIMEZONE })
    if (!at.isValid) throw new CommandError(`--until must be a date such as 2027-12-31 (got "${parsed.values.until}")`)
    until = /T/.test(parsed.values.until) ? at : at.endOf('day')
  }
  return { source, until, user: parsed.values.user, dryRun: parsed.values['dry-run'], allowPrivateHosts: parsed.values['allow-private-hosts'] }
}

/**
 * Which event here each imported UID (or occurrence) became, and a digest of what was written, per
 * database. Each write is appended to a journal beside the file at once (a crash loses none, and
 * the cost stays linear: rewriting the whole file per event was quadratic); the run's end folds the
 * journal into the file.
 */
class IcsState {
  private constructor(
    private readonly file: string,
    private readonly events: Record<string, [number, string]>,
  ) {}

  private static async read(file: string): Promise<string | undefined> {
    try {
      return await readFile(file, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw new CommandError(`cannot read ${file}: ${(error as Error).message}`)
      return undefined
    }
  }

  static async open(): Promise<IcsState> {
    const key = createHash('sha256').update(env.DATABASE_URI).digest('hex').slice(0, 16)
    const file = path.join(env.DATA_DIR, 'imports', `ical-${key}.json`)
    const whole = await IcsState.read(file)
    const events = whole ? (JSON.parse(whole) as { events: Record<string, [number, string]> }).events : {}
    // A line cut short by a crash is the last one, and was not yet written for sure: it is skipped.
    for (const line of ((await IcsState.read(`${file}.journal`)) ?? '').split('\n')) {
      try {
        const [k, id, digest] = JSON.parse(line) as [string, number, string]
        events[k] = [id, digest]
      } catch {
        continue
      }
    }
    return new IcsState(file, events)
  }

  get(key: string): [number, string] | undefined {
    return this.events[key]
  }

  async set(key: string, id: number, fingerprint: string): Promise<void> {
    this.events[key] = [id, fingerprint]
    await mkdir(path.dirname(this.file), { recursive: true })
    await appendFile(`${this.file}.journal`, `${JSON.stringify([key, id, fingerprint])}\n`)
  }

  /** Written whole to a temporary file and renamed (a crash leaves the previous state), then the journal it holds is dropped. */
  async save(): Promise<void> {
    await mkdir(path.dirname(this.file), { recursive: true })
    await writeFile(`${this.file}.tmp`, JSON.stringify({ events: this.events }))
    await rename(`${this.file}.tmp`, this.file)
    await rm(`${this.file}.journal`, { force: true })
  }
}

/** Plain text as the description's HTML: paragraphs at blank lines, line breaks kept. */
function descriptionHtml(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('')
}

/** An entry as the body of POST /events: the write path of the namespace does the rest (venues matched by name, terms by name). */
function writeBody(o: CalendarEntry): Record<string, unknown> {
  return {
    title: o.title,
    ...(o.description ? { description: descriptionHtml(o.description) } : {}),
    start_date: o.start,
    end_date: o.end,
    timezone: o.zone,
    all_day: o.allDay,
    status: 'publish',
    categories: o.categories,
    ...(o.location ? { venue: { venue: o.location.name, ...(o.location.address ? { address: o.location.address } : {}) } } : {}),
    ...(o.organizer ? { organizer: { organizer: o.organizer.name, ...(o.organizer.email ? { email: o.organizer.email } : {}) } } : {}),
    ...(o.url ? { website: o.url } : {}),
    ...(o.kind === 'series' ? { recurrence: recurrenceArgument(o.recurrence!) } : {}),
  }
}

/** One line for an event that could not be written. */
function reason(error: unknown): string {
  if (error instanceof RestError) {
    const params = (error.data as { params?: Record<string, string> } | undefined)?.params
    return params ? Object.entries(params).map(([k, v]) => `${k}: ${v}`).join('; ') : `${error.code}: ${error.message}`
  }
  return (error as Error).message.split('\n')[0]!
}

/** The writing user: --user, else the first administrator (events are published as them). */
async function importingUser(payload: Payload, login: string | undefined): Promise<TypedUser> {
  const id = login
    ? (await findUser(payload, login)).id
    : (await payload.find({ collection: USERS, where: { role: { equals: 'administrator' } }, sort: 'id', limit: 1, depth: 0, overrideAccess: true })).docs[0]?.id
  if (id === undefined) throw new CommandError('no administrator to import as: create one (users:create) or pass --user')
  const user = await payload.findByID({ collection: USERS, id, depth: 0, overrideAccess: true })
  return { ...user, collection: USERS } as unknown as TypedUser
}

/** Values a line of `recurrence` may hold in a namespace write (its lines are at most 2,000 characters). */
const VALUES_PER_LINE = 100

/** A series' lines as the namespace's `recurrence` argument takes them: long date lists cut into lines of VALUES_PER_LINE dates. */
function recurrenceArgument(lines: string[]): string[] {
  return lines.flatMap((line) => {
    const colon = line.indexOf(':')
    const values = line.slice(colon + 1).split(',')
    if (line.startsWith('RRULE') || values.length <= VALUES_PER_LINE) return [line]
    return Array.from({ length: Math.ceil(values.length / VALUES_PER_LINE) }, (_, i) => `${line.slice(0, colon)}:${values.slice(i * VALUES_PER_LINE, (i + 1) * VALUES_PER_LINE).join(',')}`)
  })
}

/** The event a write in `req` made (a changed occurrence copied from its series), as the write's checks see an event. */
function located(doc: { id: number; author?: unknown; status?: string | null; startDate: string; endDate: string; timezone?: string | null; allDay?: boolean | null }): LocatedEventPost {
  return { id: doc.id, author: doc.author, status: doc.status, startDate: doc.startDate, endDate: doc.endDate, timezone: doc.timezone, allDay: doc.allDay }
}

/** A series' stored occurrence at an original start. */
async function occurrenceAt(payload: Payload, series: number, originalStart: string) {
  const found = await payload.find({ collection: OCCURRENCES, where: { and: [{ event: { equals: series } }, { originalStart: { equals: originalStart } }] }, limit: 1, depth: 0, overrideAccess: true })
  return found.docs[0]
}

/**
 * import:ics <file|url>: the calendar's events written here through the namespace's own write path
 * (its validation, matching of venues and organizers, terms by name, one transaction per event). A
 * recurring VEVENT is one series (its lines in `recurrence`), its RECURRENCE-ID overrides changed
 * occurrences of it, or cancelled ones. Re-runs update what a UID (or an occurrence of a series)
 * became, skip unchanged ones and never duplicate. Prints a summary; exit 1 when an event failed.
 */
export async function importIcsCommand(payload: () => Promise<Payload>, args: string[]): Promise<number> {
  const flags = parseImportIcsArgs(args)
  const started = Date.now()
  let entries: CalendarEntry[]
  let warnings = 0
  const warn = (line: string) => {
    warnings++
    process.stderr.write(`warning: ${line}\n`)
  }
  try {
    const text = await readCalendarSource(flags.source, { maxBytes: env.MAX_UPLOAD_BYTES, allowPrivateHosts: flags.allowPrivateHosts })
    entries = calendarEntries(text, {
      until: flags.until,
      siteZone: env.SITE_TIMEZONE,
      limits: { horizonMonths: env.RECURRENCE_HORIZON_MONTHS, maxOccurrences: env.RECURRENCE_MAX_OCCURRENCES },
      warn,
    })
  } catch (error) {
    if (error instanceof CalendarSourceError || error instanceof CalendarParseError) throw new CommandError(error.message)
    throw error
  }
  const kinds = { single: 0, series: 0, changed: 0, cancelled: 0 }
  for (const o of entries) kinds[o.kind]++
  const state = await IcsState.open()
  const counts = { created: 0, updated: 0, unchanged: 0, failed: 0 }

  if (flags.dryRun) {
    for (const o of entries) {
      const known = state.get(o.key)
      if (!known) counts.created++
      else if (known[1] !== fingerprint(o)) counts.updated++
      else counts.unchanged++
    }
  } else {
    const p = await payload()
    const user = await importingUser(p, flags.user)
    const ctx: RequestContext = {
      payload: p,
      user,
      restRoot: `${env.SITE_URL}${env.REST_PREFIX}`,
      namespace: NAMESPACE,
      base: `${env.SITE_URL}${env.REST_PREFIX}/${NAMESPACE}`,
      locale: env.LOCALES[0]!,
      options: pluginOptionsOf(p.config),
    }
    const findEvent = async (id: number) => (await p.find({ collection: EVENTS, where: { id: { equals: id } }, limit: 1, depth: 0, trash: true, overrideAccess: false, user })).docs[0]
    const bar = new cliProgress.SingleBar({ stream: process.stderr, format: 'events {bar} {value}/{total}', hideCursor: true }, cliProgress.Presets.shades_classic)
    bar.start(entries.length, 0)
    /** A line above the bar, which redraws below it. */
    const say = (line: string) => {
      bar.stop()
      process.stderr.write(`${line}\n`)
    }
    for (const o of entries) {
      const digest = fingerprint(o)
      const known = state.get(o.key)
      try {
        // Series are written first: their occurrences' rows exist when a change or a cancellation reaches them.
        const series = o.series === undefined ? undefined : state.get(o.series)?.[0]
        if (o.series !== undefined && !(series && (await findEvent(series)))) throw new Error(`its series "${o.series}" was not imported`)
        if (o.kind === 'cancelled') {
          // Taken out of its series: the event a previous run made of it goes (which cancels the row), or the row is cancelled.
          const previous = known && known[0] > 0 ? await findEvent(known[0]) : undefined
          if (previous) await p.delete({ collection: EVENTS, id: previous.id, overrideAccess: false, user })
          const row = await occurrenceAt(p, series!, o.originalStart!)
          if (!row) say(`warning: event "${o.title}" (${o.key}): its series has no occurrence at ${o.originalStart} to cancel`)
          if (row && row.state !== 'cancelled') {
            await p.update({ collection: OCCURRENCES, id: row.id, data: { state: 'cancelled', changedTo: null }, overrideAccess: true, depth: 0 })
          }
          if (previous || (row && row.state !== 'cancelled')) counts[known ? 'updated' : 'created']++
          else counts.unchanged++
          if (!row) warnings++
          await state.set(o.key, 0, digest)
        } else {
          const previous = known && known[0] > 0 ? await findEvent(known[0]) : undefined
          if (previous && known![1] === digest) counts.unchanged++
          else {
            const body = writeBody(o)
            // A series the file no longer repeats is single again.
            if (o.kind === 'single' && previous?.recurring) body.recurrence = []
            // A changed occurrence is first a copy of its series in its occurrence's place (as the namespace's scope=this write makes one).
            const row = o.kind === 'changed' && !previous ? await occurrenceAt(p, series!, o.originalStart!) : undefined
            const seriesDoc = row ? await findEvent(series!) : undefined
            const { params, input } = await parseParams(eventWriteArgs({ create: !previous && !row }), { path: {}, query: {}, body }, ctx)
            const doc = row
              ? await saveEvent(ctx, params, sentArgs(params, input), seriesDoc as unknown as LocatedEventPost, async (req) => located(await copySeriesAsOccurrence(ctx, req, series!, row)))
              : await saveEvent(ctx, params, sentArgs(params, input), previous as unknown as LocatedEventPost | undefined)
            await state.set(o.key, doc.id, digest)
            counts[previous ? 'updated' : 'created']++
            if (o.kind === 'changed' && !previous && !row) {
              warnings++
              say(`warning: event "${o.title}" (${o.key}): its series has no occurrence at ${o.originalStart}; it is imported as an event of its own`)
            }
          }
        }
      } catch (error) {
        counts.failed++
        say(`Error: event "${o.title}" (${o.key}) not imported: ${reason(error)}`)
      }
      bar.increment()
    }
    bar.stop()
    await state.save()
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  const verb = flags.dryRun ? 'Dry run of' : 'Imported'
  const occurrences = kinds.changed + kinds.cancelled ? `, ${kinds.changed} changed and ${kinds.cancelled} cancelled occurrences` : ''
  process.stdout.write(
    `${verb} ${flags.source}: ${entries.length} events (${kinds.series} recurring${occurrences}); ` +
      `${counts.created} ${flags.dryRun ? 'to create' : 'created'}, ${counts.updated} ${flags.dryRun ? 'to update' : 'updated'}, ${counts.unchanged} unchanged, ${counts.failed} failed${warnings ? `, ${warnings} warnings` : ''} in ${seconds} s\n`,
  )
  return counts.failed ? 1 : 0
}

/** What was written of an entry: its body, its other fields (a series' lines; the occurrence it changes or cancels). */
function fingerprint(o: CalendarEntry): string {
  const more = { kind: o.kind, recurrence: o.recurrence, series: o.series, originalStart: o.originalStart }
  return createHash('sha256').update(JSON.stringify(o.kind === 'cancelled' ? more : [writeBody(o), more])).digest('base64url')
}
