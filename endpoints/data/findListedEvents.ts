import type { Where } from 'payload'
import { relationId } from '../../collections/relationIds.js'
import { EVENTS } from '../../collections/slugs.js'
import type { EventsQuery } from '../events/query/buildEventsQuery.js'
import { recurrenceLines } from '../../lib/recurrence/contentLine.js'
import type { RequestContext } from '../types.js'
import type { Event, OccurrenceView } from './documents.js'
import { findEventPage } from './findEventPage.js'
import { findOccurrencePrefix, occurrencesChangedTo, type Occurrence } from './occurrences.js'
import { provisionalBase, seriesExist } from './provisionalIds.js'
import { readVisible } from './readVisible.js'
import { WITHOUT_RICH_TEXT } from './servedFields.js'

/** A page of the archive: events in order, and, where an item is an occurrence, what it shows of it. */
export interface ListedEvents {
  docs: Event[]
  /** Aligned with docs; undefined for single events. */
  occurrences: Array<OccurrenceView | undefined>
  totalDocs: number
}

/** `list` with `from` replaced by `to` (or left out), compared by identity. */
function replaced(list: Where[], from: Where | undefined, to?: Where): Where[] {
  return from ? list.flatMap((c) => (c === from ? (to ? [to] : []) : [c])) : list
}

/**
 * One page of the archive with recurring events in it (issue: one item per occurrence, as Events
 * Calendar Pro lists them). Single events (and changed occurrences, events of their own) are read as
 * before; series are matched by every filter but the dates, with the caller's access, and their
 * scheduled occurrences by the dates; the two, each read up to the page's end, are merged in the
 * archive's order. Sites without stored occurrences read as before, in one path.
 */
export async function findListedEvents(ctx: RequestContext, query: EventsQuery): Promise<ListedEvents> {
  if (!(await seriesExist(ctx))) {
    const page = await findEventPage(ctx, query)
    return { docs: page.docs, occurrences: [], totalDocs: page.totalDocs }
  }
  const { dateConditions, parent, include, hideSubsequent } = query.series
  const base = await provisionalBase(ctx)
  const end = query.page * query.limit
  const and = (query.where as { and: Where[] }).and

  // Single events and changed occurrences: `post_parent` also lists a series' changed occurrences.
  const single: Where = { recurring: { not_equals: true } }
  const singleParent: Where | undefined = parent && { or: [parent.condition, { series: { equals: parent.id } }] }
  const singlesQuery = {
    ...query,
    where: { and: [...replaced(and, parent?.condition, singleParent), single] },
    conditions: [...replaced(query.conditions, parent?.condition, singleParent), single],
    page: 1,
    limit: end,
  }
  // Series: every filter but the dates (their occurrences have those) and `include` (occurrence IDs).
  const seriesParent: Where | undefined = parent && { or: [{ id: { equals: parent.id } }, parent.condition] }
  const seriesWhere: Where = {
    and: [...replaced(replaced(and.filter((c) => !dateConditions.includes(c)), include?.condition), parent?.condition, seriesParent), { recurring: { equals: true } }],
  }
  const [singles, series] = await Promise.all([
    findEventPage(ctx, singlesQuery),
    ctx.payload.find({
      collection: EVENTS,
      where: seriesWhere,
      pagination: false,
      depth: 0,
      trash: query.trash,
      select: { createdAt: true, recurrence: true },
      overrideAccess: false,
      user: ctx.user,
    }),
  ])
  const seriesById = new Map(series.docs.map((doc) => [doc.id, doc]))
  const occurrences = await findOccurrencePrefix(ctx, {
    series: [...seriesById.keys()],
    dateConditions: include ? [] : dateConditions,
    ids: include && include.ids.filter((id) => id >= base).map((id) => id - base),
    limit: end,
    firstOnly: hideSubsequent,
  })

  // Merged in the archive's order: start date (or, with `include`, post date), then the item's ID.
  type Item = { key: [number, number]; doc?: Event; occurrence?: Occurrence }
  const byCreated = Boolean(include)
  const items: Item[] = [
    ...singles.docs.map((doc): Item => ({ key: [Date.parse(byCreated ? doc.createdAt : doc.startDate), doc.id], doc })),
    ...occurrences.docs.map((occurrence): Item => {
      const seriesId = Number(relationId(occurrence.event))
      const at = byCreated ? seriesById.get(seriesId)!.createdAt : occurrence.startDate
      return { key: [Date.parse(at), base + occurrence.id], occurrence }
    }),
  ].sort((a, b) => a.key[0] - b.key[0] || a.key[1] - b.key[1])
  const page = items.slice(end - query.limit, end)

  // The series' events of the page's occurrences, read once, as the caller may see them.
  const seriesIds = [...new Set(page.flatMap((item) => (item.occurrence ? [Number(relationId(item.occurrence.event))] : [])))]
  const changed = page.flatMap((item) => (item.doc && relationId(item.doc.series) ? [item.doc.id] : []))
  const [seriesDocs, changedRows] = await Promise.all([
    seriesIds.length ? readVisible(ctx, EVENTS, seriesIds, { select: WITHOUT_RICH_TEXT, trash: query.trash }) : new Map<number, Event>(),
    occurrencesChangedTo(ctx, changed),
  ])
  const docs: Event[] = []
  const views: Array<OccurrenceView | undefined> = []
  for (const item of page) {
    if (item.doc) {
      const row = changedRows.get(item.doc.id)
      const seriesId = Number(relationId(item.doc.series))
      docs.push(item.doc)
      views.push(
        row && {
          wireId: base + row.id,
          seriesId,
          lines: recurrenceLines(seriesById.get(seriesId)?.recurrence) ?? [],
          originalStart: row.originalStart,
          startDate: item.doc.startDate,
          endDate: item.doc.endDate,
        },
      )
      continue
    }
    const row = item.occurrence!
    const seriesId = Number(relationId(row.event))
    const doc = seriesDocs.get(seriesId)
    // Hidden between the two reads (a write in between): left out of this page.
    if (!doc) continue
    docs.push(doc)
    views.push({ wireId: base + row.id, seriesId, lines: recurrenceLines(doc.recurrence) ?? [], originalStart: row.originalStart, startDate: row.startDate, endDate: row.endDate })
  }
  return { docs, occurrences: views, totalDocs: singles.totalDocs + occurrences.total }
}
