import type { CollectionAfterChangeHook, CollectionBeforeChangeHook, CollectionBeforeDeleteHook, PayloadRequest } from 'payload'
import { expandRecurrence, horizonEnd, recurrenceLines, seriesOfEvent, type SeriesFields, type SeriesLimits } from '../../lib/recurrence/index.js'
import { insertRows } from '../../lib/sql/insertRows.js'
import type { OccurrenceState } from '../Occurrences.js'
import { OCCURRENCES } from '../slugs.js'
import { nextIds } from './nextId.js'

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
    await syncOccurrences(req, doc as SeriesEvent, limits)
    return doc
  }

/**
 * beforeDelete (before the row goes: occurrences reference it): a deleted series takes its occurrences
 * along; a deleted changed occurrence is cancelled.
 */
export const removeOccurrencesBeforeDelete: CollectionBeforeDeleteHook = async ({ id, req }) => {
  await req.payload.db.deleteMany({ collection: OCCURRENCES, where: { event: { equals: id } }, req })
  await req.payload.db.updateMany({ collection: OCCURRENCES, where: { changedTo: { equals: id } }, data: { state: 'cancelled', changedTo: null }, req })
}

const ms = (value: string | Date) => new Date(value).getTime()

/**
 * Stores a series' occurrences from its first up to the horizon, in the request's transaction, keyed
 * by original start: an occurrence the rule still gives keeps its row (its ID, a cancellation, a
 * change); new ones get new IDs; those the rule no longer gives are removed (an event a changed one
 * moved into stays, as an event of its own). Also extends a series as time moves the horizon on.
 */
export async function syncOccurrences(req: PayloadRequest, event: SeriesEvent, limits: SeriesLimits, now: Date = new Date()): Promise<{ created: number; removed: number; updated: number }> {
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
  const gone = stored.filter((row) => !keep.has(row.id)).map((row) => row.id)
  if (gone.length) await payload.db.deleteMany({ collection: OCCURRENCES, where: { id: { in: gone } }, req })
  if (fresh.length) {
    const first = await nextIds(req, 'occurrence', fresh.length)
    const rows = fresh.map((row, i) => ({ id: first + i, ...row }))
    if (!(await insertRows(req, OCCURRENCES, rows))) {
      for (const data of rows) await payload.db.create({ collection: OCCURRENCES, data, req })
    }
  }
  return { created: fresh.length, removed: gone.length, updated }
}

/**
 * afterChange of a changed occurrence (an event with `series` and `originalStart`, as the namespace's
 * PATCH of one occurrence and the iCal import's RECURRENCE-ID write it): the series' occurrence at that
 * original start is now this event's, so lists show this event in its place, under its ID.
 */
export const linkChangedOccurrence: CollectionAfterChangeHook = async ({ doc, previousDoc, req }) => {
  const series = typeof doc.series === 'object' && doc.series ? doc.series.id : doc.series
  if (!series || !doc.originalStart) return doc
  if (previousDoc?.series === doc.series && previousDoc?.originalStart === doc.originalStart) return doc
  await req.payload.db.updateMany({
    collection: OCCURRENCES,
    where: { and: [{ event: { equals: series } }, { originalStart: { equals: doc.originalStart } }] },
    data: { state: 'changed', changedTo: doc.id },
    req,
  })
  return doc
}
