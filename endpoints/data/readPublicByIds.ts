import { buildQuery } from '@payloadcms/drizzle'
import { combineQueries, createLocalReq, executeAccess, type CollectionSlug, type FlattenedField, type PayloadRequest, type SanitizedCollectionConfig, type Where } from 'payload'
import { drizzleAdapterOf, sqlAdapterOf, type SqlAdapter } from '../../lib/sql/sqlAdapter.js'
import { sqliteReadConnectionOf } from '../../lib/sql/sqliteReadConnection.js'
import { sqlOperators } from '../../lib/sql/sqlOperators.js'
import type { RequestContext } from '../types.js'

type Doc = Record<string, unknown> & { id: number }

/** How one served field comes out of a row: a column of the table, or the relationships table's rows on its path. */
type Served = { field: FlattenedField; key: string; from: 'column' | 'rels'; relationKey?: string }

/** A prepared read of one shape: the table's statement, the relationships table's, and how to build documents. */
interface Plan {
  accessKey: string
  columns: (ids: readonly number[]) => Promise<Array<Record<string, unknown>>>
  rels: ((ids: readonly number[]) => Promise<Array<Record<string, unknown>>>) | undefined
  served: Served[]
  /** Fields whose read access is a function, called per document as Payload's afterRead does. */
  guarded: FlattenedField[]
  /** Virtual fields whose afterRead hooks give their value. */
  virtual: FlattenedField[]
}

/** A field's afterRead hooks, if it has any. */
const readHooks = (field: FlattenedField) => ('hooks' in field ? field.hooks?.afterRead : undefined)

const SIMPLE = new Set(['number', 'text', 'textarea', 'email', 'code', 'select', 'checkbox', 'date', 'json', 'relationship', 'upload', 'richText'])

/**
 * What of `collection` this reader can serve exactly as Payload's find does at depth 0: stored fields of
 * scalar types and single-collection relationships (hasMany ones from the relationships table); field
 * read access and virtual fields' afterRead hooks applied as Payload applies them. Not: collection read
 * hooks, uploads (their URLs come from hooks), localized or array-like fields, a field's own read hooks,
 * rich text unless `select` leaves it out. null: the Local API answers.
 */
function servedFields(config: SanitizedCollectionConfig, select: Record<string, false> | undefined): Served[] | null {
  if (config.upload || config.hooks.afterRead?.length || config.hooks.beforeRead?.length) return null
  // `select: {}`: the IDs alone.
  if (select && !Object.keys(select).length) return []
  const served: Served[] = []
  for (const field of config.flattenedFields) {
    if (select && select[field.name] === false) continue
    if (!SIMPLE.has(field.type) || ('localized' in field && field.localized)) return null
    if (('virtual' in field && field.virtual) || field.hidden) continue
    if (readHooks(field)?.length) return null
    if (field.type === 'richText') return null
    if (field.type === 'relationship' || field.type === 'upload') {
      if (typeof field.relationTo !== 'string' || ('polymorphic' in field && field.polymorphic)) return null
      served.push(field.hasMany ? { field, key: field.name, from: 'rels', relationKey: `${field.relationTo}ID` } : { field, key: field.name, from: 'column' })
      continue
    }
    if ('hasMany' in field && field.hasMany) return null
    served.push({ field, key: field.name, from: 'column' })
  }
  return served
}

let statementNames = 0
const plans = new WeakMap<object, Map<string, Promise<Plan | null>>>()

/** The statements of one collection, `select` and `trash` under the public's access `accessWhere`, prepared once per process. */
async function preparePlan(
  adapter: SqlAdapter,
  config: SanitizedCollectionConfig,
  options: { select?: Record<string, false>; trash?: boolean },
  access: Where | true,
  accessKey: string,
): Promise<Plan | null> {
  const served = servedFields(config, options.select)
  if (!served) return null
  const ops = await sqlOperators(adapter.name)
  // Payload names a collection's table after its slug in snake case (its slugs here are kebab case).
  const tableName = adapter.tableNameMap.get(config.slug.replace(/-/g, '_'))
  const table = tableName ? adapter.tables[tableName] : undefined
  if (!tableName || !table) return null
  const conditions: Where[] = config.trash && !options.trash ? [{ deletedAt: { exists: false } }] : []
  const where = access === true ? (conditions.length ? { and: conditions } : {}) : combineQueries({ and: conditions }, access)
  const built = buildQuery({ adapter: drizzleAdapterOf(adapter), fields: config.flattenedFields, tableName, where })
  // A condition through another table would need Payload's joins: its path then.
  if (built.joins.length) return null
  const db = adapter.drizzle as unknown as { select: (fields: Record<string, unknown>) => any } // eslint-disable-line @typescript-eslint/no-explicit-any
  const idsParam = ops.sql.placeholder('ids')
  const inIds = (column: unknown) =>
    adapter.name === 'sqlite' ? ops.sql`${column} in (select value from json_each(${idsParam}))` : ops.sql`${column} = any(${idsParam})`
  const param = (ids: readonly number[]) => ({ ids: adapter.name === 'sqlite' ? JSON.stringify(ids) : [...ids] })
  const reader = adapter.name === 'sqlite' ? sqliteReadConnectionOf(adapter) : null
  /**
   * Runs a select of `fields` (key → drizzle column): on a SQLite file, its SQL on the read connection,
   * each value decoded by its column as drizzle decodes it; elsewhere drizzle's prepared query.
   */
  const run = (query: any, fields: Record<string, any>, part: string) => { // eslint-disable-line @typescript-eslint/no-explicit-any
    if (reader) {
      const { sql, params } = query.toSQL() as { sql: string; params: unknown[] }
      const columns = Object.entries(fields)
      return async (ids: readonly number[]) => {
        const json = JSON.stringify(ids)
        return reader.all(sql, params.map((p) => (p === idsParam ? json : p))).map((values) => {
          const row: Record<string, unknown> = {}
          columns.forEach(([key, column], i) => (row[key] = values[i] === null ? null : column.mapFromDriverValue(values[i])))
          return row
        })
      }
    }
    const prepared = adapter.name === 'sqlite' ? query.prepare() : query.prepare(name(part))
    return adapter.name === 'sqlite' ? (ids: readonly number[]) => prepared.all(param(ids)) : (ids: readonly number[]) => prepared.execute(param(ids))
  }
  // PostgreSQL's named statements: one name per SQL text.
  const name = (part: string) => `public_read_${tableName}_${part}_${++statementNames}`

  const selected: Record<string, unknown> = { id: table.id }
  for (const s of served) if (s.from === 'column') selected[s.key] = table[s.key]
  const main = db.select(selected).from(table).where(ops.and(inIds(table.id), built.where))
  const columns = run(main, selected, 'rows')

  let rels: Plan['rels']
  const relsServed = served.filter((s) => s.from === 'rels')
  if (relsServed.length) {
    const relsTable = adapter.tables[`${tableName}${adapter.relationshipsSuffix ?? '_rels'}`]
    if (!relsTable) return null
    const relSelected: Record<string, unknown> = { parent: relsTable.parent, path: relsTable.path }
    for (const s of relsServed) {
      if (!relsTable[s.relationKey!]) return null
      relSelected[s.relationKey!] = relsTable[s.relationKey!]
    }
    const query = db
      .select(relSelected)
      .from(relsTable)
      .where(ops.and(inIds(relsTable.parent), ops.inArray(relsTable.path, relsServed.map((s) => s.key))))
      .orderBy(ops.asc(relsTable.order))
    rels = run(query, relSelected, 'rels')
  }
  const guarded = config.flattenedFields.filter((f) => served.some((s) => s.field === f) && typeof f.access?.read === 'function')
  const idsOnly = options.select && !Object.keys(options.select).length
  const virtual = idsOnly ? [] : config.flattenedFields.filter((f) => 'virtual' in f && f.virtual && readHooks(f)?.length && !(options.select && options.select[f.name] === false))
  return { accessKey, columns, rels, served, guarded, virtual }
}

/** A stored value as Payload's find answers it: dates as ISO strings, numbers as numbers. */
function fromColumn(field: FlattenedField, value: unknown): unknown {
  if (value === null || value === undefined) return null
  if (field.type === 'date') return new Date(value as string).toISOString()
  if (field.type === 'number' && typeof value === 'string') return Number(value)
  return value
}

/**
 * The documents of `collection` among `ids` that an anonymous caller may read, as Payload's find with
 * `overrideAccess: false`, no user and `depth: 0` answers them, read below the Local API: the public's
 * access where (the collection's own read access, as find runs it) and the ID list in one prepared
 * statement for the table and one for its relationships, with the collection's field read access and
 * virtual fields' afterRead hooks applied per document. A public list page read its events, venues,
 * organizers and terms through five Local API finds whose SQL building, hooks and field traversal cost
 * about 0.5 ms a document (docs/performance.md). null when this reader does not serve the collection, the
 * select or the database (MongoDB): the caller reads through the Local API.
 * test/int/readPublicByIds.spec.ts holds it to the Local API's answers, document by document.
 */
export async function readPublicByIds(
  ctx: RequestContext,
  collection: CollectionSlug,
  ids: readonly number[],
  options: { select?: Record<string, unknown>; trash?: boolean } = {},
): Promise<Doc[] | null> {
  const adapter = sqlAdapterOf(ctx.payload.db)
  if (!adapter || ctx.user || ctx.req) return null
  const select = options.select
  if (select && !Object.values(select).every((v) => v === false)) return null
  const config = ctx.payload.collections[collection]?.config
  if (!config) return null
  const req = await createLocalReq({}, ctx.payload)
  const access = await executeAccess({ req, disableErrors: true }, config.access.read)
  if (access === false) return []
  const accessKey = JSON.stringify(access)
  let byShape = plans.get(adapter)
  if (!byShape) plans.set(adapter, (byShape = new Map()))
  const shape = `${collection}:${options.trash ? 'trash' : ''}:${JSON.stringify(select ?? null)}:${accessKey}`
  let planned = byShape.get(shape)
  if (!planned) byShape.set(shape, (planned = preparePlan(adapter, config, { select: select as Record<string, false> | undefined, trash: options.trash }, access, accessKey)))
  const plan = await planned
  if (!plan) return null
  if (!ids.length) return []
  const wanted = [...new Set(ids)]
  const [rows, relRows] = await Promise.all([plan.columns(wanted), plan.rels ? plan.rels(wanted) : []])
  const docs = new Map<number, Doc>()
  for (const row of rows) {
    const doc: Doc = { id: Number(row.id) }
    for (const s of plan.served) doc[s.key] = s.from === 'column' ? fromColumn(s.field, row[s.key]) : []
    docs.set(doc.id, doc)
  }
  const byKey = new Map(plan.served.filter((s) => s.from === 'rels').map((s) => [s.key, s]))
  for (const row of relRows) {
    const doc = docs.get(Number(row.parent))
    const s = byKey.get(row.path as string)
    const value = s && row[s.relationKey!]
    if (doc && s && value !== null && value !== undefined) (doc[s.key] as unknown[]).push(Number(value))
  }
  for (const doc of docs.values()) await applyReadRules(plan, doc, req)
  return [...docs.values()]
}

/** Field read access (a field the caller may not read is left out) and virtual fields' afterRead hooks, as Payload's afterRead applies them. */
async function applyReadRules(plan: Plan, doc: Doc, req: PayloadRequest): Promise<void> {
  for (const field of plan.guarded) {
    const allowed = field.access!.read!({ id: doc.id, data: doc, doc, req, siblingData: doc } as never)
    if (!(allowed instanceof Promise ? await allowed : allowed)) delete doc[field.name]
  }
  for (const field of plan.virtual) {
    let value: unknown
    for (const hook of readHooks(field)!) {
      const result = hook({ value, data: doc, siblingData: doc, originalDoc: doc, req, field, operation: 'read', context: req.context } as never)
      value = result instanceof Promise ? await result : result
    }
    if (value !== undefined) doc[field.name] = value
  }
}
