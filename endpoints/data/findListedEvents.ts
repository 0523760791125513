import type { Where } from 'payload'
import { relationId } from '../../collections/relationIds.js'
import { EVENTS } from '../../collections/slugs.js'
import type { EventsQuery } from '../events/query/buildEventsQuery.js'
import { recurrenceLines } from '../../lib/recurrence/contentLine.js'
import type { RequestContext } from '../types.js'
import type { Event, OccurrenceView } from './documents.js'
import { eventIdPage } from './eventIdPage.js'
import { findEventPage } from './findEventPage.js'
import { occurrenceIdPage, type OccurrenceRow } from './occurrenceIdPage.js'
import { eventsChangedFrom, findOccurrencePrefix, occurrencesChangedTo } from './occurrences.js'
import { provisionalBase, seriesExist } from './provisionalIds.js'
import { readVisible } from './readVisible.js'
import { sqlInstant } from '../../lib/sql/sqlInstant.js'
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

/** One entry of the merge: its place in the archive's order, and a single event (read or to read) or an occurrence. */
interface Item {
  key: [number, number]
  eventId?: number
  doc?: Event
  occurrence?: OccurrenceRow
}

type ItemsRead = { items: Item[]; total: number }

/**
 * One page of the archive with recurring events in it (issue: one item per occurrence, as Events
 * Calendar Pro lists them). Single events (and changed occurrences, events of their own) are matched
 * as before; series by every filter but the dates, with the caller's access, and their scheduled
 * occurrences by the dates; the two, each up to the page's end, are merged in the archive's order, and
 * the events the page shows (its single events, the series of its occurrences) read once. Sites
 * without stored occurrences read as before, in one path.
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
  // `include` of a changed occurrence's provisional ID: the event it moved into.
  const movedInto = include ? await eventsChangedFrom(ctx, include.ids.filter((id) => id >= base).map((id) => id - base)) : []
  const singleInclude: Where | undefined = movedInto.length ? { id: { in: [...include!.ids, ...movedInto] } } : undefined
  const singlesWhere = (list: Where[]) => [...replaced(replaced(list, parent?.condition, singleParent), singleInclude && include!.condition, singleInclude), single]
  const singlesQuery = {
    ...query,
    where: { and: singlesWhere(and) },
    conditions: singlesWhere(query.conditions),
    page: 1,
    limit: end,
  }
  // Series: every filter but the dates (their occurrences have those) and `include` (occurrence IDs).
  const seriesParent: Where | undefined = parent && { or: [{ id: { equals: parent.id } }, parent.condition] }
  const recurring: Where = { recurring: { equals: true } }
  const seriesOnly = (list: Where[]) => [...replaced(replaced(list.filter((c) => !dateConditions.includes(c)), include?.condition), parent?.condition, seriesParent), recurring]
  const occurrenceItem = (row: OccurrenceRow, at: string): Item => ({ key: [Date.parse(at), base + row.id], occurrence: row })

  /**
   * SQL databases, in start order: the single events' IDs and starts (eventIdPage), and the
   * occurrences' page with the series as its subquery (occurrenceIdPage); nothing read in full yet.
   */
  const byKeys = async (): Promise<ItemsRead | null> => {
    if (include || hideSubsequent) return null
    const series = { conditions: seriesOnly(query.conditions), relations: query.relations, sort: query.sort, trash: query.trash, search: query.search }
    const [singles, occurrences] = await Promise.all([eventIdPage(ctx, singlesQuery), occurrenceIdPage(ctx, { series, dateConditions, limit: end })])
    if (!singles || !occurrences) return null
    const items = [
      ...singles.ids.map((id, i): Item => ({ key: [Date.parse(sqlInstant(singles.sortKeys[i])), Number(id)], eventId: Number(id) })),
      ...occurrences.rows.map((row) => occurrenceItem(row, row.startDate)),
    ]
    return { items, total: singles.total + occurrences.total }
  }

  /**
   * Otherwise (MongoDB, `include` ordered by post date, only each series' first): the single events
   * read as a page, the series as a list, then their occurrences.
   */
  const byDocuments = async (): Promise<ItemsRead> => {
    const readSeries = async () => {
      const found = await ctx.payload.find({
        collection: EVENTS,
        where: { and: seriesOnly(and) },
        pagination: false,
        depth: 0,
        trash: query.trash,
        select: { createdAt: true },
        overrideAccess: false,
        user: ctx.user,
      })
      const postDates = new Map(found.docs.map((doc) => [doc.id, doc.createdAt]))
      const prefix = await findOccurrencePrefix(ctx, {
        series: [...postDates.keys()],
        dateConditions: include ? [] : dateConditions,
        ids: include && include.ids.filter((id) => id >= base).map((id) => id - base),
        limit: end,
        firstOnly: hideSubsequent,
      })
      return { ...prefix, postDates }
    }
    const [singles, occurrences] = await Promise.all([findEventPage(ctx, singlesQuery), readSeries()])
    const items = [
      ...singles.docs.map((doc): Item => ({ key: [Date.parse(include ? doc.createdAt : doc.startDate), doc.id], doc })),
      ...occurrences.docs.map((row) => {
        const occurrence = { id: row.id, event: Number(relationId(row.event)), originalStart: row.originalStart, startDate: row.startDate, endDate: row.endDate }
        return occurrenceItem(occurrence, include ? occurrences.postDates.get(occurrence.event)! : row.startDate)
      }),
    ]
    return { items, total: singles.totalDocs + occurrences.total }
  }

  // Merged in the archive's order: start date (or, with `include`, post date), then the item's ID.
  const { items, total } = (await byKeys()) ?? (await byDocuments())
  const page = items.sort((a, b) => a.key[0] - b.key[0] || a.key[1] - b.key[1]).slice(end - query.limit, end)

  // The events the page shows, read once as the caller may see them: its single events not read yet,
  // the series of its occurrences, then the series of its changed occurrences.
  const toRead = page.flatMap((item) => (item.occurrence ? [item.occurrence.event] : item.doc ? [] : [item.eventId!]))
  const read = toRead.length ? await readVisible(ctx, EVENTS, toRead, { select: WITHOUT_RICH_TEXT, trash: query.trash }) : new Map<number, Event>()
  const singles = page.flatMap((item) => (item.occurrence ? [] : [item.doc ?? read.get(item.eventId!)].filter((doc) => doc !== undefined)))
  const changed = singles.filter((doc) => relationId(doc.series))
  const seriesOfChanged = changed.map((doc) => Number(relationId(doc.series))).filter((id) => !read.has(id))
  const [changedRows, moreSeries] = await Promise.all([
    occurrencesChangedTo(ctx, changed.map((doc) => doc.id)),
    seriesOfChanged.length ? readVisible(ctx, EVENTS, seriesOfChanged, { select: WITHOUT_RICH_TEXT, trash: query.trash }) : new Map<number, Event>(),
  ])
  const seriesDoc = (id: number) => read.get(id) ?? moreSeries.get(id)

  const docs: Event[] = []
  const views: Array<OccurrenceView | undefined> = []
  for (const item of page) {
    const row = item.occurrence
    if (!row) {
      const doc = item.doc ?? read.get(item.eventId!)
      // Hidden between the two reads (a write in between): left out of this page.
      if (!doc) continue
      const changedRow = changedRows.get(doc.id)
      const seriesId = Number(relationId(doc.series))
      docs.push(doc)
      views.push(
        changedRow && {
          wireId: base + changedRow.id,
          seriesId,
          lines: recurrenceLines(seriesDoc(seriesId)?.recurrence) ?? [],
          originalStart: changedRow.originalStart,
          startDate: doc.startDate,
          endDate: doc.endDate,
        },
      )
      continue
    }
    const doc = read.get(row.event)
    if (!doc) continue
    docs.push(doc)
    views.push({ wireId: base + row.id, seriesId: row.event, lines: recurrenceLines(doc.recurrence) ?? [], originalStart: row.originalStart, startDate: row.startDate, endDate: row.endDate })
  }
  return { docs, occurrences: views, totalDocs: total }
}
