import type { Where } from 'payload'
import { EVENTS, OCCURRENCES } from '../../collections/slugs.js'
import type { EventsQuery } from '../events/query/buildEventsQuery.js'
import type { RequestContext } from '../types.js'
import type { Event } from './documents.js'
import { pastAccess } from './privileged.js'
import { seriesExist } from './provisionalIds.js'

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
 * its first does. A changed occurrence is written with its series; one that matches the query when
 * its series does not (a category, venue or title of its own) is there on its own, as the JSON list
 * has it, after the rest (a feed's order is not its meaning).
 */
export async function findFeedEvents(ctx: RequestContext, query: Pick<EventsQuery, 'where' | 'sort' | 'trash' | 'series'>, limit: number): Promise<Event[]> {
  const conditions = (query.where as { and: Where[] }).and
  const dates = query.series.dateConditions
  const rest = conditions.filter((condition) => !dates.includes(condition))
  const repeats = await seriesExist(ctx)
  const series = dates.length && repeats ? await seriesInWindow(ctx, dates, rest, query.trash) : []
  const window: Where[] = !dates.length ? [] : series.length ? [{ or: [{ and: dates }, { and: [{ recurring: { equals: true } }, { id: { in: series } }] }] }] : dates
  const read = (where: Where[], count: number) =>
    ctx.payload.find({ collection: EVENTS, where: { and: where }, sort: query.sort, limit: count, depth: 0, trash: query.trash, overrideAccess: false, user: ctx.user })
  const found = (await read([...rest, ...window, { series: { exists: false } }], limit)).docs
  if (!repeats || found.length >= limit) return found
  const written = found.filter((event) => event.recurring).map((event) => event.id)
  const alone = await read([...rest, ...dates, { series: { exists: true } }, ...(written.length ? [{ series: { not_in: written } }] : [])], limit - found.length)
  return [...found, ...alone.docs]
}
