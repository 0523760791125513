import { buildQuery } from '@payloadcms/drizzle'
import type { Where } from 'payload'
import { OCCURRENCES } from '../../collections/slugs.js'
import { drizzleAdapterOf } from '../../lib/sql/sqlAdapter.js'
import type { RequestContext } from '../types.js'
import { type IdPageQuery, matchingEvents } from './eventIdPage.js'
import { sqlInstant } from '../../lib/sql/sqlInstant.js'

/** What a list shows of a stored occurrence: its ID, series and dates (ISO instants). */
export interface OccurrenceRow {
  id: number
  event: number
  originalStart: string
  startDate: string
  endDate: string
}

export interface OccurrenceIdQuery {
  /** The series' conditions: every filter of the list but its dates, with `recurring` true. */
  series: Omit<IdPageQuery, 'page' | 'limit'>
  /** The list's date conditions, on the occurrences' own dates. */
  dateConditions: Where[]
  /** The first `limit` in start order. */
  limit: number
}

/**
 * An occurrence ends no earlier than it starts, so an upper bound on its end bounds its start as well:
 * said outright, the start-ordered indexes read the window's rows only, not every one after its start.
 */
function startBounds(dateConditions: Where[]): Where[] {
  return dateConditions.flatMap((condition) => {
    const before = (condition as { endDate?: { less_than?: unknown } }).endDate?.less_than
    return before === undefined ? [] : [{ startDate: { less_than: before } }]
  })
}

/**
 * The IDs of the first `limit` scheduled occurrences, in start order, of the series the caller may see
 * that match the list's filters, and their total, in two statements: the series stay a subquery
 * (matchingEvents: the caller's read access and the filters, as Payload builds them) that the
 * occurrences' start-ordered index is checked against, so no list of series is read into the process.
 * Null where matchingEvents does not cover the conditions (MongoDB; the caller reads through the Local
 * API then). Occurrences are editors' rows: read here for series the caller may see, as occurrenceRows.
 */
export async function occurrenceIdPage(ctx: RequestContext, query: OccurrenceIdQuery): Promise<{ rows: OccurrenceRow[]; total: number } | null> {
  const matching = await matchingEvents(ctx, query.series)
  if (matching === null) return null
  if (matching === 'none') return { rows: [], total: 0 }
  const { adapter, db, table, built, relationFilters, parentsOf, keep } = matching
  const { and, count, inArray, sql } = matching.ops

  const occurrences = ctx.payload.collections[OCCURRENCES].config
  const tableName = adapter.tableNameMap.get(OCCURRENCES)!
  const occurrenceQuery = buildQuery({
    adapter: drizzleAdapterOf(adapter),
    fields: occurrences.flattenedFields,
    sort: ['startDate', 'id'],
    tableName,
    where: { and: [...query.dateConditions, ...startBounds(query.dateConditions), { state: { equals: 'scheduled' } }] },
  })
  if (occurrenceQuery.joins.length) return null
  const occurrence = adapter.tables[tableName]
  const series = db.select({ id: table.id }).from(table).where(and(built.where, ...relationFilters.map((filter) => inArray(table.id, parentsOf(filter)))))
  const condition = and(occurrenceQuery.where, inArray(occurrence.event, series))
  // The page walks the occurrences in start order and stops at its last. Where the series' subquery looks
  // small to SQLite's planner, it would rather read every occurrence of every matching series by series
  // and sort them all (61 ms where the walk took 5 at 100,000 occurrences): `+` keeps the series' column
  // out of the index choice. The total reads every match either way, by series.
  const pageCondition = adapter.name === 'sqlite' ? and(occurrenceQuery.where, inArray(sql`+${occurrence.event}`, series)) : condition
  const key = JSON.stringify(query.dateConditions)
  const [page, { total }] = await Promise.all([
    db
      .select({ id: occurrence.id, event: occurrence.event, originalStart: occurrence.originalStart, startDate: occurrence.startDate, endDate: occurrence.endDate })
      .from(occurrence).where(pageCondition).orderBy(...occurrenceQuery.orderBy.map(({ column, order }) => order(column))).limit(query.limit),
    // The public's total is the same on every page of these conditions: kept until a write.
    keep(`occurrence-total:${key}`, async () => ({ total: Number(((await db.select({ total: count() }).from(occurrence).where(condition)) as Array<{ total: number }>)[0]?.total ?? 0) })),
  ])
  const rows = (page as Array<Record<keyof OccurrenceRow, unknown>>).map((row) => ({
    id: Number(row.id),
    event: Number(row.event),
    originalStart: sqlInstant(row.originalStart),
    startDate: sqlInstant(row.startDate),
    endDate: sqlInstant(row.endDate),
  }))
  return { rows, total }
}
