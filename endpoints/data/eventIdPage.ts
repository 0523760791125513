import { buildQuery } from '@payloadcms/drizzle'
import { combineQueries, type Sort, type Where } from 'payload'
import { EVENTS } from '../../collections/slugs.js'
import { documentCacheFor, keptValue } from '../cache/documentCache.js'
import { drizzleAdapterOf, type QueryBuilder, sqlAdapterOf } from '../../lib/sql/sqlAdapter.js'
import { sqlOperators } from '../../lib/sql/sqlOperators.js'
import { prepareRows, sqliteReadConnectionOf } from '../../lib/sql/sqliteReadConnection.js'
import { trigramExact, trigramMatch } from '../../lib/sql/trigramMatch.js'
import type { RequestContext } from '../types.js'
import { readAccessOf } from './readAccessOf.js'

/** A filter on a hasMany relationship of events: the events linked to one of `ids`. */
export interface RelationFilter {
  field: 'venues' | 'organizers' | 'categories' | 'tags'
  ids: number[]
}

/**
 * The archive's conditions as the fast path reads them, kept apart by the query stage: `relations`,
 * read from the relationships table, and `conditions`, columns of the events table (or Payload's own
 * conditions through other tables, which send the query back to Payload's path).
 */
export interface IdPageQuery {
  conditions: Where[]
  relations: RelationFilter[]
  sort: Sort
  page: number
  limit: number
  trash: boolean
  /**
   * The search, when there is one: its words (searchWords), whether the caller may search what a
   * password hides, and `condition`, one of `conditions`: `{ and: [one condition per word] }`, the
   * words' LIKE conditions. On SQLite the trigram index answers them instead (searchSql).
   */
  search?: { words: string[]; canSearchProtected: boolean; condition: Where }
}

/**
 * `walkToProbe`: how much more a primary-key probe of an event costs than a step of the walk, measured
 * on PostgreSQL at 100,000 events (a category of 5,736 events: probed, 22 ms, 3.9 µs each; walked,
 * about 2.6 µs per step). A setting only so tests can hold both plans to the Local API's answers.
 */
export const walkTuning = { walkToProbe: 1.5 }

/**
 * SQLite, a search's page: with many matches (a word in a quarter of the events) walking the events in
 * start-date order with LIKE stops at the page's last after a few hundred, where the index's matches
 * would all be looked up and sorted; with few, the index's matches are the page. Walks when
 * `searchWalkToProbe × matches² > pageEnd × events`, as walksByDate. A setting so tests hold both plans
 * to the Local API's answers.
 */
export const searchTuning = { searchWalkToProbe: 1.5 }

/** Whether walking the dates is cheaper than probing the term's events (see walkByDate). */
export function walksByDate(termEvents: number, events: number, pageEnd: number): boolean {
  return termEvents > 0 && walkTuning.walkToProbe * termEvents * termEvents > pageEnd * events
}

/**
 * PostgreSQL, a page in start-date order filtered by a term: probing each of the term's events by
 * primary key costs its number of events, c; walking the events in date order until the page's last
 * costs about pageEnd × N / c steps (the term's share of all N events, spread over the dates), each
 * walkToProbe times cheaper. Walks when that is less: at 100,000 events, for a 50-event first page,
 * from about 1,800 events on. N is the planner's row estimate (no count of the table).
 */
async function walkByDate(
  db: QueryBuilder,
  sql: Awaited<ReturnType<typeof sqlOperators>>['sql'],
  count: Awaited<ReturnType<typeof sqlOperators>>['count'],
  tableName: string,
  parents: unknown,
  pageEnd: number,
): Promise<boolean> {
  const [row] = (await db.select({
    termEvents: sql<number>`(select ${count()} from (${parents}) as term_events)`,
    events: sql<number>`(select greatest(reltuples, 0) from pg_class where oid = ${`"${tableName}"`}::regclass)`,
  }).from(sql`(select 1) as one`)) as Array<{ termEvents: number | string; events: number | string }>
  return walksByDate(Number(row?.termEvents ?? 0), Number(row?.events ?? 0), pageEnd)
}

/**
 * A search on SQLite, through the trigram index (src/createSearchIndexes.ts): the events whose
 * searched columns hold every word's runs the index can look up (trigramMatch), by primary key rather
 * than LIKE over the whole window. The words it answers exactly (trigramExact) are no longer checked
 * by LIKE: in any column for who may search what a password hides; for others, in the title of a
 * password-protected event (its description and excerpt are not searchable), as Payload's condition
 * says. The other words keep their LIKE conditions (left in the conditions), the index narrowing them.
 */
function searchSql(
  sql: Awaited<ReturnType<typeof sqlOperators>>['sql'],
  tableName: string,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  table: any,
  search: NonNullable<IdPageQuery['search']>,
): Array<ReturnType<Awaited<ReturnType<typeof sqlOperators>>['sql']>> {
  const match = trigramMatch(search.words)
  if (!match) return []
  const fts = sql.identifier(`${tableName}_search`)
  const found = sql`${table.id} in (select rowid from ${fts} where ${fts} match ${match})`
  const exact = search.words.filter(trigramExact)
  if (search.canSearchProtected || !exact.length) return [found]
  const inTitle = sql.join(exact.map((word) => sql`${table.title} like ${`%${word}%`}`), sql` and `)
  return [found, sql`(${table.hasPassword} is null or ${table.hasPassword} <> 1 or (${inTitle}))`]
}

/** What the SQL fast paths share: the adapter's pieces and the conditions built as Payload builds them. */
export interface MatchingEvents {
  adapter: NonNullable<ReturnType<typeof sqlAdapterOf>>
  ops: Awaited<ReturnType<typeof sqlOperators>>
  db: QueryBuilder
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  table: any
  tableName: string
  built: ReturnType<typeof buildQuery>
  /** The events linked to one of a relation filter's IDs (a subquery of parent IDs). */
  parentsOf: (filter: RelationFilter & { relationTo?: string }) => Parameters<MatchingEvents['ops']['inArray']>[1]
  relationFilters: Array<RelationFilter & { relationTo?: string }>
  /** The public's results worked out from these conditions, kept until a write (the document cache). */
  keep: <T extends object>(key: string, compute: () => Promise<T>) => Promise<T>
  /** SQLite, a search through the trigram index: the same conditions with the search as LIKE alone (Payload's). */
  likeWhere?: ReturnType<typeof buildQuery>['where']
}

/**
 * The events matching `query`'s conditions and the caller's read access, as SQL: null on MongoDB or
 * conditions this does not cover (a join through another table), 'none' when access denies every
 * event. Each relation filter is `id IN (SELECT parent_id FROM events_rels …)`, which reads only the
 * events of those terms, where Payload's own SQL joins and de-duplicates over the whole date window.
 * The read access and the trash switch come from Payload itself: the collection's read access
 * function (as find runs it), combineQueries and the adapter's buildQuery.
 */
export async function matchingEvents(ctx: RequestContext, query: Omit<IdPageQuery, 'page' | 'limit'>): Promise<MatchingEvents | 'none' | null> {
  const { payload } = ctx
  const adapter = sqlAdapterOf(payload.db)
  if (!adapter) return null
  const collection = payload.collections[EVENTS].config
  const relations = new Map<string, string>()
  for (const field of collection.flattenedFields) {
    if (field.type === 'relationship' && field.hasMany && typeof field.relationTo === 'string') relations.set(field.name, field.relationTo)
  }
  const relationFilters = query.relations.map((filter) => ({ ...filter, relationTo: relations.get(filter.field) }))
  if (relationFilters.some((filter) => !filter.relationTo)) return null

  const { access } = await readAccessOf(payload, collection, ctx.user, ctx.req)
  if (access === false) return 'none'
  const search = adapter.name === 'sqlite' ? query.search : undefined
  // The words the trigram index answers alone leave the LIKE conditions (searchSql below).
  const likeWords = search ? (search.condition as { and: Where[] }).and.filter((_, i) => !trigramExact(search.words[i]!)) : []
  const searchCondition: Where[] = likeWords.length ? [{ and: likeWords }] : []
  const kept = search ? query.conditions.flatMap((c) => (c === search.condition ? searchCondition : [c])) : query.conditions
  const conditions = [...kept, ...(query.trash ? [] : [{ deletedAt: { exists: false } }])]
  const where = combineQueries({ and: conditions }, access)

  const tableName = adapter.tableNameMap.get(EVENTS)!
  const payloadBuilt = buildQuery({ adapter: drizzleAdapterOf(adapter), fields: collection.flattenedFields, sort: query.sort, tableName, where })
  // A join (a condition through another table) would need DISTINCT again: Payload's path then.
  if (payloadBuilt.joins.length) return null

  const ops = await sqlOperators(adapter.name)
  const searched = search ? searchSql(ops.sql, tableName, adapter.tables[tableName], search) : []
  const built = searched.length ? { ...payloadBuilt, where: ops.and(payloadBuilt.where, ...searched)! } : payloadBuilt
  const likeConditions = [...query.conditions, ...(query.trash ? [] : [{ deletedAt: { exists: false } }])]
  const likeWhere = searched.length
    ? buildQuery({ adapter: drizzleAdapterOf(adapter), fields: collection.flattenedFields, sort: query.sort, tableName, where: combineQueries({ and: likeConditions }, access) }).where
    : undefined
  const db: QueryBuilder = adapter.drizzle
  const rels = adapter.tables[`${tableName}${adapter.relationshipsSuffix ?? '_rels'}`]
  const cache = !ctx.user && !ctx.req ? documentCacheFor(payload, ctx.options) : undefined
  return {
    adapter,
    ops,
    db,
    table: adapter.tables[tableName],
    tableName,
    built,
    relationFilters,
    parentsOf: ({ field, relationTo, ids }) => db.select({ id: rels.parent }).from(rels).where(ops.and(ops.eq(rels.path, field), ops.inArray(rels[`${relationTo}ID`], ids))),
    keep: (key, compute) => (cache ? keptValue(cache, `${EVENTS}:${key}:${JSON.stringify([where, query.relations, search?.words])}`, compute) : compute()),
    ...(likeWhere ? { likeWhere } : {}),
  }
}

/** SQLite: whether a search's page walks the dates (searchTuning); the events counted from the planner's statistics (sqlite_stat1, gathered at boot). */
async function searchWalks(db: QueryBuilder, sql: Awaited<ReturnType<typeof sqlOperators>>['sql'], tableName: string, matches: number, pageEnd: number): Promise<boolean> {
  if (!matches) return false
  const rows = (await db.select({ stat: sql<string>`stat` }).from(sql`sqlite_stat1`).where(sql`tbl = ${tableName}`).limit(1).catch(() => [])) as Array<{ stat: string }>
  const events = Number.parseInt(rows[0]?.stat ?? '', 10)
  // Without statistics (a database never analyzed), as if every event matched.
  return searchTuning.searchWalkToProbe * matches * matches > pageEnd * (Number.isFinite(events) ? events : matches)
}

/**
 * The IDs of one page of events matching `query`, in its order, and the total, read straight from
 * the SQL tables (matchingEvents); null on MongoDB or a query this does not cover (the caller then
 * reads through Payload alone). The caller then reads the page through the Local API, which applies
 * access and the filters again.
 */
export async function eventIdPage(ctx: RequestContext, query: IdPageQuery): Promise<{ ids: Array<number | string>; total: number; sortKeys: unknown[] } | null> {
  const matching = await matchingEvents(ctx, query)
  if (matching === null) return null
  if (matching === 'none') return { ids: [], total: 0, sortKeys: [] }
  const { adapter, db, table, tableName, built, relationFilters, parentsOf, keep, likeWhere } = matching
  const { and, count, inArray, sql } = matching.ops
  const offset = (query.page - 1) * query.limit
  const first = relationFilters[0]
  const walk =
    adapter.name === 'postgres' && first !== undefined && String(built.orderBy[0]?.column?.name) === 'start_date'
      ? (await keep(`walk:${offset + query.limit}`, async () => ({ walk: await walkByDate(db, sql, count, tableName, parentsOf(first), offset + query.limit) }))).walk
      : false
  const filters = relationFilters.map((filter, i) => {
    const parents = parentsOf(filter)
    if (adapter.name !== 'postgres' || i > 0) return inArray(table.id, parents)
    // PostgreSQL plans `IN (subquery)` as a semi-join probed from the events it walks in start-date
    // order; `= ANY(ARRAY(subquery))` reads the term's events once and looks them up by primary key.
    // Only the first: a second ANY in the same index condition is compared element by element.
    if (!walk) return sql`${table.id} = any(array${parents})`
    // A term with many events: walk the events in start-date order (events_start_cover_idx) and stop at
    // the page's last, checking each against the term's events hashed once. `OR false` keeps the
    // planner from turning the IN into a semi-join (it pulls up only a bare IN); it then folds away.
    return sql`(${inArray(table.id, parents)} or false)`
  })
  let pageCondition = and(built.where, ...filters)
  // The total reads every event of the filter either way: by primary key, from the term's events.
  const condition = walk ? and(built.where, sql`${table.id} = any(array${parentsOf(first!)})`, ...filters.slice(1)) : pageCondition
  // SQLite outside a write: on the read connection (its statements kept, rows read as arrays).
  const reader = adapter.name === 'sqlite' && !ctx.req ? sqliteReadConnectionOf(adapter) : null
  const run = async (select: any, fields: Record<string, unknown>) => (reader ? prepareRows(reader, select, fields)() : select) // eslint-disable-line @typescript-eslint/no-explicit-any
  const totalField = { total: count() }
  const countAll = async () => ({ total: Number(((await run(db.select(totalField).from(table).where(condition), totalField)) as Array<{ total: number }>)[0]?.total ?? 0) })
  // The public's total of these conditions is the same on every page and page size of them: kept
  // until a write (the document cache). Signed-in callers' conditions depend on who they are.
  // A search with many matches (SQLite): its page walks the dates with LIKE (searchTuning), the total first.
  const counted = likeWhere ? await keep('total', countAll) : undefined
  if (likeWhere && (await searchWalks(db, sql, tableName, counted!.total, offset + query.limit))) {
    pageCondition = and(likeWhere, ...filters)
  }
  const pageFields = { id: table.id, sortKey: built.orderBy[0]?.column ?? table.id }
  const [rows, { total }] = await Promise.all([
    run(db.select(pageFields).from(table).where(pageCondition).orderBy(...built.orderBy.map(({ column, order }) => order(column))).limit(query.limit).offset(offset), pageFields),
    counted ?? keep('total', countAll),
  ])
  const found = rows as Array<{ id: number | string; sortKey: unknown }>
  // The first sort column's values, as the database gives them: a list merging pages compares them.
  return { ids: found.map((row) => row.id), total, sortKeys: found.map((row) => row.sortKey) }
}
