import type { Where, CollectionAfterChangeHook, CollectionBeforeChangeHook, CollectionBeforeDeleteHook, PayloadRequest } from 'payload'
import { expandRecurrence, horizonEnd, recurrenceLines, seriesOfEvent, type SeriesFields, type SeriesLimits } from '../../lib/recurrence/index.js'
import { insertRows } from '../../lib/sql/insertRows.js'
import type { OccurrenceState } from '../Occurrences.js'
import { recordOccurrenceChanges, seriesVisibility } from '../changes/occurrenceChanges.js'
import type { PostVisibility } from '../changes/publicPost.js'
import { relationId } from '../relationIds.js'
import { EVENTS, KEPT_OCCURRENCE_IDS, OCCURRENCES } from '../slugs.js'
import { nextIds } from './nextId.js'
import { keptOccurrenceIds } from './keptOccurrenceIds.js'
import { KEPT_ID_CEILING, reserveIds } from './reserveIds.js'

/**
 * req.context key: the IDs a caller wants new occurrences to have, by original start (ISO UTC, as
 * `toISOString` writes it): import:tec keeps Events Calendar Pro's occurrence IDs (its provisional
 * IDs less 10,000,000). An ID already taken, or past KEPT_ID_CEILING, is not kept: that occurrence
 * gets the next one of the sequence. Kept IDs are reserved in the 'occurrence' sequence first, so the
 * sequence never hands them out again.
 */
export const OCCURRENCE_IDS = 'occurrenceIds'

/** A stored occurrence as this hook reads it. */
interface StoredOccurrence {
  id: number
  originalStart: string
  startDate: string
  endDate: string
  state: OccurrenceState
}

type SeriesEvent = SeriesFields & { id: number; recurring?: boolean | null }

/**
 * beforeChange: `recurring` follows the lines (the flag lists and the extension job filter on), and
 * the lines are stored as the series reads them (upper-case names, one line per date list).
 */
export const markRecurring =
  (limits: SeriesLimits): CollectionBeforeChangeHook =>
  ({ data, originalDoc }) => {
    if (!('recurrence' in data) && !originalDoc?.recurring) return data
    const merged = { ...originalDoc, ...data }
    const lines = recurrenceLines(merged.recurrence)
    // Not lines at all: left as sent, for the field's validation (which runs after this hook) to refuse.
    if (lines === null) return data
    if (!lines.length) return { ...data, recurrence: null, recurring: false }
    const parsed = seriesOfEvent(merged, limits)
    return { ...data, recurrence: parsed.ok && parsed.series ? parsed.series.lines : lines, recurring: true }
  }

const SCHEDULE_FIELDS = ['recurrence', 'startDate', 'endDate', 'timezone', 'allDay', 'recurring'] as const

function sameSchedule(doc: Record<string, unknown>, previous: Record<string, unknown> | undefined): boolean {
  return previous !== undefined && SCHEDULE_FIELDS.every((key) => JSON.stringify(doc[key] ?? null) === JSON.stringify(previous[key] ?? null))
}

/** afterChange: the series' occurrences stored again whenever its lines or first occurrence change. */
export const syncOccurrencesAfterChange =
  (limits: SeriesLimits): CollectionAfterChangeHook =>
  async ({ doc, previousDoc, req, operation }) => {
    if (!doc.recurring && !previousDoc?.recurring) return doc
    if (operation === 'update' && sameSchedule(doc, previousDoc)) return doc
    await syncOccurrences(req, doc as SeriesEvent, limits, new Date(), operation === 'update' ? previousDoc : undefined)
    return doc
  }

/**
 * beforeDelete (before the row goes: occurrences reference it): a deleted series takes its occurrences
 * along; a deleted changed occurrence is cancelled.
 */
export const removeOccurrencesBeforeDelete: CollectionBeforeDeleteHook = async ({ id, req }) => {
  await req.payload.db.deleteMany({ collection: OCCURRENCES, where: { event: { equals: id } }, req })
  await req.payload.db.deleteMany({ collection: KEPT_OCCURRENCE_IDS, where: { event: { equals: id } }, req })
  await req.payload.db.updateMany({ collection: OCCURRENCES, where: { changedTo: { equals: id } }, data: { state: 'cancelled', changedTo: null }, req })
}

const ms = (value: string | Date) => new Date(value).getTime()

/**
 * Stores a series' occurrences from its first up to the horizon, in the request's transaction, keyed
 * by original start: an occurrence the rule still gives keeps its row (its ID, a cancellation, a
 * change); new ones get new IDs; those the rule no longer gives are removed (an event a changed one
 * moved into stays, as an event of its own). Also extends a series as time moves the horizon on.
 */
/**
 * `previous`: the series as it was before the write that calls this, for the change records of the
 * occurrences it removes (who could see them); without it, the series as stored now.
 */
export async function syncOccurrences(
  req: PayloadRequest,
  event: SeriesEvent,
  limits: SeriesLimits,
  now: Date = new Date(),
  previous?: PostVisibility,
): Promise<{ created: number; removed: number; updated: number }> {
  const { payload } = req
  const parsed = event.recurring ? seriesOfEvent(event, limits, now) : { ok: true as const, series: null }
  // Validation refuses a bad series before it is stored; one stored before a rule changed repeats no more.
  const series = parsed.ok ? parsed.series : null
  // The limit bounds what a rule may make within the horizon when it is saved; as time passes an
  // open-ended series keeps its past occurrences and grows, up to ten times that, a safety bound only.
  const wanted = series
    ? expandRecurrence(series, { horizonEnd: horizonEnd(new Date(series.start), limits.horizonMonths, now), maxOccurrences: limits.maxOccurrences * 10 })
    : []
  const stored = (
    await payload.db.find<StoredOccurrence>({ collection: OCCURRENCES, where: { event: { equals: event.id } }, pagination: false, limit: 0, req })
  ).docs
  const byOriginal = new Map(stored.map((row) => [ms(row.originalStart), row]))
  const keep = new Set<number>()
  const fresh: Array<Record<string, unknown>> = []
  let updated = 0
  for (const occurrence of wanted) {
    const key = occurrence.originalStart.getTime()
    const row = byOriginal.get(key)
    if (!row) {
      fresh.push({ event: event.id, originalStart: occurrence.originalStart.toISOString(), startDate: occurrence.start.toISOString(), endDate: occurrence.end.toISOString(), state: 'scheduled' })
      continue
    }
    keep.add(row.id)
    if (ms(row.startDate) !== occurrence.start.getTime() || ms(row.endDate) !== occurrence.end.getTime()) {
      await payload.db.updateOne({ collection: OCCURRENCES, id: row.id, data: { startDate: occurrence.start.toISOString(), endDate: occurrence.end.toISOString() }, req })
      updated++
    }
  }
  const goneRows = stored.filter((row) => !keep.has(row.id))
  const gone = goneRows.map((row) => row.id)
  if (gone.length) await payload.db.deleteMany({ collection: OCCURRENCES, where: { id: { in: gone } }, req })
  let freshIdList: number[] = []
  if (fresh.length) {
    freshIdList = await freshIds(req, event.id, fresh.map((row) => row.originalStart as string))
    const rows = fresh.map((row, i) => ({ id: freshIdList[i]!, ...row }))
    if (!(await insertRows(req, OCCURRENCES, rows))) {
      for (const data of rows) await payload.db.create({ collection: OCCURRENCES, data, req })
    }
  }
  // The change feed: occurrences added and removed (only those listed: cancelled and moved ones had left already).
  const listedGone = goneRows.filter((row) => row.state === 'scheduled').map((row) => row.id)
  if (freshIdList.length || listedGone.length) {
    const current = 'status' in event ? (event as PostVisibility) : await seriesVisibility(req, event.id)
    await recordOccurrenceChanges(req, freshIdList, 'created', undefined, current)
    await recordOccurrenceChanges(req, listedGone, 'deleted', previous ?? current, undefined)
  }
  return { created: fresh.length, removed: gone.length, updated }
}

/**
 * IDs of new occurrences, by their original starts: the caller's (OCCURRENCE_IDS) or those kept for the
 * series (keptOccurrenceIds.ts) where free, the sequence's otherwise.
 */
async function freshIds(req: PayloadRequest, series: number, originalStarts: string[]): Promise<number[]> {
  const asked = req.context?.[OCCURRENCE_IDS] as Record<string, unknown> | undefined
  const keptIds = await keptOccurrenceIds(req, series)
  const wanted = originalStarts.map((start) => {
    const id = asked?.[start] ?? keptIds.get(ms(start))
    return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 && id <= KEPT_ID_CEILING ? id : undefined
  })
  const candidates = [...new Set(wanted.filter((id): id is number => id !== undefined))]
  const taken = candidates.length
    ? new Set(
        (await req.payload.db.find<{ id: number }>({ collection: OCCURRENCES, where: { id: { in: candidates } }, pagination: false, limit: 0, req })).docs.map((row) => row.id),
      )
    : new Set<number>()
  const used = new Set<number>()
  const kept = wanted.map((id) => {
    if (id === undefined || taken.has(id) || used.has(id)) return undefined
    used.add(id)
    return id
  })
  if (used.size) await reserveIds(req.payload, 'occurrence', Math.max(...used), req)
  const missing = kept.filter((id) => id === undefined).length
  let next = missing ? await nextIds(req, 'occurrence', missing) : 0
  return kept.map((id) => id ?? next++)
}

/**
 * afterChange of a changed occurrence (an event with `series` and `originalStart`, as the namespace's
 * PATCH of one occurrence and the iCal import's RECURRENCE-ID write it): the series' occurrence at that
 * original start is now this event's, so lists show this event in its place, under its ID.
 */
export const linkChangedOccurrence: CollectionAfterChangeHook = async ({ doc, previousDoc, req }) => {
  const series = relationId(doc.series)
  if (!series || !doc.originalStart) return doc
  if (previousDoc?.series === doc.series && previousDoc?.originalStart === doc.originalStart) return doc
  const where: Where = { and: [{ event: { equals: series } }, { originalStart: { equals: doc.originalStart } }, { state: { equals: 'scheduled' } }] }
  // The change feed: the occurrence's provisional ID leaves the lists (this event, under its own ID, is recorded by its own hooks).
  const moved = (await req.payload.db.find<{ id: number }>({ collection: OCCURRENCES, where, select: { id: true }, pagination: false, limit: 0, req })).docs.map((row) => row.id)
  if (moved.length) await recordOccurrenceChanges(req, moved, 'deleted', doc, undefined)
  await req.payload.db.updateMany({
    collection: OCCURRENCES,
    where: { and: [{ event: { equals: series } }, { originalStart: { equals: doc.originalStart } }] },
    data: { state: 'changed', changedTo: doc.id },
    req,
  })
  return doc
}

/** What a changed occurrence takes from its series whenever the series changes it: who sees it. */
const INHERITED = ['status', 'author', 'passwordHash', 'hasPassword', 'hideFromListings', 'deletedAt'] as const

const idOf = (value: unknown) => (value && typeof value === 'object' && 'id' in value ? (value as { id: unknown }).id : value)

/**
 * afterChange of a series: its changed occurrences (events of their own) keep the series' status,
 * author, password, listing flag and trash, so what hides the series hides every occurrence of it.
 * Through the Local API (hooks run: term counts follow a status change), past field access: the
 * password's hash is copied as it is.
 */
export const inheritToChangedOccurrences: CollectionAfterChangeHook = async ({ data: sent, doc, previousDoc, req, operation }) => {
  if (operation !== 'update' || !(doc.recurring || previousDoc?.recurring)) return doc
  const data: Record<string, unknown> = {}
  for (const key of INHERITED) {
    const now = idOf(doc[key]) ?? null
    if (key !== 'passwordHash' && now !== (idOf(previousDoc?.[key]) ?? null)) data[key] = now
  }
  // The hash is not in the hook's document (a hidden field): read as stored when the password was sent.
  if (sent?.password !== undefined || 'hasPassword' in data) {
    const stored = await req.payload.db.findOne<{ id: number; passwordHash?: string | null; hasPassword?: boolean | null }>({ collection: EVENTS, where: { id: { equals: doc.id } }, req })
    data.passwordHash = stored?.passwordHash ?? null
    data.hasPassword = Boolean(stored?.hasPassword)
  }
  if (!Object.keys(data).length) return doc
  await req.payload.update({ collection: EVENTS, where: { series: { equals: doc.id } }, data, trash: true, depth: 0, overrideAccess: true, req })
  return doc
}
