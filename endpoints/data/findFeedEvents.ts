import type { Sort, Where } from 'payload'
import { EVENTS, OCCURRENCES } from '../../collections/slugs.js'
import type { RequestContext } from '../types.js'
import type { Event } from './documents.js'
import { pastAccess } from './privileged.js'

/** A condition of the archive's `where` on the event's own dates (start_date, ends_before…). */
function isDateCondition(condition: Where): boolean {
  const keys = Object.keys(condition)
  return keys.length === 1 && (keys[0] === 'startDate' || keys[0] === 'endDate')
}

const ids = (values: Array<Record<string, unknown>>, field: string) =>
  values.map((row) => row[field]).map((value) => (value && typeof value === 'object' ? (value as { id: number }).id : value)).filter((id): id is number => typeof id === 'number')

/**
 * The series with an occurrence in the archive's date window: a stored occurrence scheduled there, or
 * a changed occurrence (an event of its own) there that matches the other conditions as the caller
 * reads it. The rows are read past access control, for their series' IDs only: the series themselves
 * are then read with the caller's access.
 */
async function seriesInWindow(ctx: RequestContext, dates: Where[], rest: Where[], trash: boolean): Promise<number[]> {
  const stored = await ctx.payload.findDistinct({
    collection: OCCURRENCES,
    field: 'event',
    where: { and: [...dates, { state: { equals: 'scheduled' } }] },
    depth: 0,
    ...pastAccess('seriesInWindow'),
  })
  const changed = await ctx.payload.findDistinct({
    collection: EVENTS,
    field: 'series',
    where: { and: [...rest, ...dates, { series: { exists: true } }] },
    depth: 0,
    trash,
    overrideAccess: false,
    user: ctx.user,
  })
  return [...new Set([...ids(stored.values, 'event'), ...ids(changed.values, 'series')])]
}

/**
 * The first `limit` events of an archive query as the caller may read them, whole (a feed writes
 * their descriptions), in one Local API read with the archive's `where`, no total. A recurring event
 * (a series) is there when any of its occurrences falls within the query's dates, as well as when
 * its first does; a changed occurrence is never there on its own: the feed writes it with its series.
 */
export async function findFeedEvents(ctx: RequestContext, query: { where: Where; sort: Sort; trash: boolean }, limit: number): Promise<Event[]> {
  const conditions = (query.where.and as Where[] | undefined) ?? [query.where]
  const dates = conditions.filter(isDateCondition)
  const rest = conditions.filter((condition) => !isDateCondition(condition))
  const series = dates.length ? await seriesInWindow(ctx, dates, rest, query.trash) : []
  const window: Where[] = !dates.length ? [] : series.length ? [{ or: [{ and: dates }, { and: [{ recurring: { equals: true } }, { id: { in: series } }] }] }] : dates
  const result = await ctx.payload.find({
    collection: EVENTS,
    where: { and: [...rest, ...window, { series: { exists: false } }] },
    sort: query.sort,
    limit,
    depth: 0,
    trash: query.trash,
    overrideAccess: false,
    user: ctx.user,
  })
  return result.docs
}
