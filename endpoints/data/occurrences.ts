import type { Sort, Where } from 'payload'
import { relationId } from '../../collections/relationIds.js'
import { OCCURRENCES } from '../../collections/slugs.js'
import type { Occurrence } from '../../src/payload-types.js'
import { wallClock } from '../../lib/dates/wallClock.js'
import type { RequestContext } from '../types.js'
import { pastAccess } from './privileged.js'

export type { Occurrence }

const BY_START: Sort = ['startDate', 'id']

/** One stored occurrence by its ID (whatever its state), or undefined. */
export async function findOccurrence(ctx: RequestContext, id: number): Promise<Occurrence | undefined> {
  if (!Number.isSafeInteger(id) || id < 1) return undefined
  const found = await ctx.payload.find({ collection: OCCURRENCES, where: { id: { equals: id } }, limit: 1, pagination: false, depth: 0, ...pastAccess('occurrenceRows') })
  return found.docs[0]
}

export interface OccurrenceQuery {
  /** The series the caller may see and that match the list's other filters. */
  series: number[]
  /** The list's date conditions, on the occurrences' own dates. */
  dateConditions: Where[]
  /** `include`: only these occurrence IDs. */
  ids?: number[]
  /** The first `limit` in start order. */
  limit: number
  /** Only the first occurrence of each series (hide_subsequent_recurrences). */
  firstOnly: boolean
}

/** The first `limit` scheduled occurrences of visible series in a list's window, in start order, and their total. */
export async function findOccurrencePrefix(ctx: RequestContext, query: OccurrenceQuery): Promise<{ docs: Occurrence[]; total: number }> {
  if (!query.series.length || query.ids?.length === 0) return { docs: [], total: 0 }
  const where: Where = {
    and: [
      ...query.dateConditions,
      { event: { in: query.series } },
      { state: { equals: 'scheduled' } },
      ...(query.ids ? [{ id: { in: query.ids } }] : []),
    ],
  }
  const read = { collection: OCCURRENCES, where, sort: BY_START, depth: 0, ...pastAccess('occurrenceRows') } as const
  if (!query.firstOnly) {
    const found = await ctx.payload.find({ ...read, limit: query.limit, page: 1 })
    return { docs: found.docs, total: found.totalDocs }
  }
  // The first of each series in the window: every matching start read once, in order, the first kept.
  const all = await ctx.payload.find({ ...read, pagination: false })
  const seen = new Set<number>()
  const firsts = all.docs.filter((row) => {
    const series = Number(row.event)
    if (seen.has(series)) return false
    seen.add(series)
    return true
  })
  return { docs: firsts.slice(0, query.limit), total: firsts.length }
}

/** The occurrences that events now hold in place of the rule's (changed occurrences), by those events' IDs. */
export async function occurrencesChangedTo(ctx: RequestContext, events: number[]): Promise<Map<number, Occurrence>> {
  if (!events.length) return new Map()
  const found = await ctx.payload.find({
    collection: OCCURRENCES,
    where: { changedTo: { in: events } },
    pagination: false,
    depth: 0,
    ...pastAccess('occurrenceRows'),
  })
  return new Map(found.docs.map((row) => [Number(row.changedTo), row]))
}

/**
 * The events changed occurrences moved into, by the occurrences' IDs: `include=` names a changed
 * occurrence by its provisional ID, and the list answers it as that event (read with the caller's access).
 */
export async function eventsChangedFrom(ctx: RequestContext, occurrences: number[]): Promise<number[]> {
  if (!occurrences.length) return []
  const found = await ctx.payload.find({
    collection: OCCURRENCES,
    where: { and: [{ id: { in: occurrences } }, { state: { equals: 'changed' } }] },
    pagination: false,
    depth: 0,
    ...pastAccess('occurrenceRows'),
  })
  return found.docs.map((row) => relationId(row.changedTo)).filter((id) => id !== undefined)
}

/**
 * The occurrence of a series on a day (`YYYY-MM-DD` in `zone`), the first that day, not cancelled: what
 * an occurrence's dated page (`…/event/<slug>/<date>/`) shows.
 */
export async function occurrenceOnDay(ctx: RequestContext, series: number, day: string, zone: string): Promise<Occurrence | undefined> {
  const noon = Date.parse(`${day}T12:00:00Z`)
  if (!Number.isFinite(noon)) return undefined
  // Any zone's day lies within 14 hours either side of its UTC noon.
  const found = await ctx.payload.find({
    collection: OCCURRENCES,
    where: {
      and: [
        { event: { equals: series } },
        { state: { not_equals: 'cancelled' } },
        { startDate: { greater_than_equal: new Date(noon - 26 * 3600_000).toISOString() } },
        { startDate: { less_than: new Date(noon + 26 * 3600_000).toISOString() } },
      ],
    },
    sort: BY_START,
    pagination: false,
    depth: 0,
    ...pastAccess('occurrenceRows'),
  })
  return found.docs.find((row) => wallClock(row.startDate, zone).startsWith(day))
}
