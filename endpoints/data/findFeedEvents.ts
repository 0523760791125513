import type { Where } from 'payload'
import { relationId } from '../../collections/relationIds.js'
import { EVENTS, OCCURRENCES } from '../../collections/slugs.js'
import type { EventsQuery } from '../events/query/buildEventsQuery.js'
import type { RequestContext } from '../types.js'
import { recurrenceLines } from '../../lib/recurrence/contentLine.js'
import type { Event, OccurrenceView } from './documents.js'
import { pastAccess } from './privileged.js'
import { provisionalBase, seriesExist } from './provisionalIds.js'

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

/** A feed's events, and, aligned with them, what an item that is one occurrence shows of it (`include=<provisional id>`). */
export interface FeedEvents {
  docs: Event[]
  occurrences: Array<OccurrenceView | undefined>
}

/**
 * `include=` with provisional IDs, as the JSON list reads them: a scheduled occurrence is its series'
 * event at the occurrence's dates (each filter but the dates applies to the series, read with the
 * caller's access), a changed one is its own event (added to `include`'s IDs), a cancelled one is none.
 */
async function includedOccurrences(ctx: RequestContext, query: Pick<EventsQuery, 'series' | 'trash'>, rest: Where[]) {
  const include = query.series.include!
  const base = await provisionalBase(ctx)
  const wanted = include.ids.filter((id) => id >= base).map((id) => id - base)
  if (!wanted.length) return null
  const rows = (
    await ctx.payload.find({ collection: OCCURRENCES, where: { id: { in: wanted } }, pagination: false, depth: 0, ...pastAccess('feedIncludedOccurrences') })
  ).docs
  const scheduled = rows.filter((row) => row.state === 'scheduled')
  const changedIds = rows.filter((row) => row.state === 'changed').map((row) => relationId(row.changedTo)).filter((id) => id !== undefined)
  const ownIds = include.ids.filter((id) => id < base)
  const seriesIds = [...new Set(scheduled.map((row) => relationId(row.event)!))]
  const seriesWhere = rest.map((condition) => (condition === include.condition ? { and: [{ id: { in: seriesIds } }, { recurring: { equals: true } }] } : condition))
  const series = seriesIds.length
    ? (await ctx.payload.find({ collection: EVENTS, where: { and: seriesWhere }, pagination: false, depth: 0, trash: query.trash, overrideAccess: false, user: ctx.user })).docs
    : []
  const byId = new Map(series.map((doc) => [doc.id, doc]))
  const docs: Event[] = []
  const occurrences: OccurrenceView[] = []
  for (const row of scheduled.sort((a, b) => Date.parse(a.startDate) - Date.parse(b.startDate) || a.id - b.id)) {
    const seriesId = relationId(row.event)!
    const doc = byId.get(seriesId)
    if (!doc) continue
    docs.push(doc)
    occurrences.push({ wireId: base + row.id, seriesId, lines: recurrenceLines(doc.recurrence) ?? [], originalStart: row.originalStart, startDate: row.startDate, endDate: row.endDate })
  }
  return { docs, occurrences, ids: [...ownIds, ...changedIds] }
}

/**
 * The first `limit` events of an archive query as the caller may read them, whole (a feed writes
 * their descriptions), in one Local API read with the archive's `where`, no total. A recurring event
 * (a series) is there when any of its occurrences falls within the query's dates, as well as when
 * its first does. A changed occurrence is written with its series; one that matches the query when
 * its series does not (a category, venue or title of its own) is there on its own, as the JSON list
 * has it, after the rest (a feed's order is not its meaning). Occurrences `include=` names by
 * provisional ID come first, each on its own.
 */
export async function findFeedEvents(ctx: RequestContext, query: Pick<EventsQuery, 'where' | 'sort' | 'trash' | 'series'>, limit: number): Promise<FeedEvents> {
  const conditions = (query.where as { and: Where[] }).and
  const dates = query.series.dateConditions
  const repeats = await seriesExist(ctx)
  let rest = conditions.filter((condition) => !dates.includes(condition))
  const included = repeats && query.series.include ? await includedOccurrences(ctx, query, rest) : null
  if (included) {
    const condition = query.series.include!.condition
    rest = rest.map((c) => (c === condition ? { id: { in: included.ids.length ? included.ids : [0] } } : c))
  }
  const series = dates.length && repeats ? await seriesInWindow(ctx, dates, rest, query.trash) : []
  const window: Where[] = !dates.length ? [] : series.length ? [{ or: [{ and: dates }, { and: [{ recurring: { equals: true } }, { id: { in: series } }] }] }] : dates
  const read = (where: Where[], count: number) =>
    ctx.payload.find({ collection: EVENTS, where: { and: where }, sort: query.sort, limit: count, depth: 0, trash: query.trash, overrideAccess: false, user: ctx.user })
  const first = included ? { docs: included.docs.slice(0, limit), occurrences: included.occurrences.slice(0, limit) } : { docs: [], occurrences: [] }
  const found: Event[] = []
  const room = () => limit - first.docs.length - found.length
  if (room() > 0) found.push(...(await read([...rest, ...window, { series: { exists: false } }], room())).docs)
  if (repeats && room() > 0) {
    const written = found.filter((event) => event.recurring).map((event) => event.id)
    found.push(...(await read([...rest, ...dates, { series: { exists: true } }, ...(written.length ? [{ series: { not_in: written } }] : [])], room())).docs)
  }
  return { docs: [...first.docs, ...found], occurrences: first.occurrences }
}
