import { buildQuery } from '@payloadcms/drizzle'
import { combineQueries, createLocalReq, type CollectionSlug, type FlattenedField, type PayloadRequest, type SanitizedCollectionConfig, type Where } from 'payload'
import { drizzleAdapterOf, type QueryBuilder, sqlAdapterOf, type SqlAdapter } from '../../lib/sql/sqlAdapter.js'
import { batchedPgRead } from '../../lib/sql/batchedPgReads.js'
import { prepareRows, sqliteReadConnectionOf } from '../../lib/sql/sqliteReadConnection.js'
import { sqlOperators } from '../../lib/sql/sqlOperators.js'
import type { RequestContext } from '../types.js'
import { readAccessOf } from './readAccessOf.js'

type Doc = Record<string, unknown> & { id: number }

/** Which documents: by ID, or by slug. */
export type Wanted = { ids: readonly number[] } | { slugs: readonly string[] }

/**
 * How to read them: as the public (no user: the collection's read access and its fields' read access
 * apply), or past access control with `pastAccess('<site>')` (endpoints/data/privileged.ts), as the Local
 * API takes it; `select` as Payload takes it (fields left out with `false`, or chosen with `true`, `{}`
 * the IDs alone); `trash` includes trashed documents.
 */
export interface BelowOptions {
  overrideAccess?: true
  select?: Record<string, unknown>
  trash?: boolean
}

/** How one served field comes out of a row: a column of the table, or the relationships table's rows on its path. */
type Served = { field: FlattenedField; key: string; from: 'column' | 'rels'; relationKey?: string }

/** A prepared read of one shape: the table's statement, the relationships table's, and how to build documents. */
interface Plan {
  columns: (keys: readonly unknown[]) => Promise<Array<Record<string, unknown>>>
  rels: ((ids: readonly number[]) => Promise<Array<Record<string, unknown>>>) | undefined
  /**
   * PostgreSQL: the relationships come with the table's row, in its `rels` column (an array of
   * [path, …relation columns] in their order), one round trip instead of two; their columns' order.
   */
  inlineRels?: string[]
  served: Served[]
  /** Fields whose read access is a function, called per document as Payload's afterRead does (the public's reads). */
  guarded: FlattenedField[]
  /** Virtual fields whose afterRead hooks give their value. */
  virtual: VirtualText[]
  config: SanitizedCollectionConfig
}

/** A virtual text field (the event password's): its value comes from its afterRead hooks. */
type VirtualText = Extract<FlattenedField, { type: 'text' }>
const isVirtualText = (field: FlattenedField): field is VirtualText => field.type === 'text' && Boolean(field.virtual)

/** A field's afterRead hooks, if it has any. */
const readHooks = (field: FlattenedField) => ('hooks' in field ? field.hooks?.afterRead : undefined)

const SIMPLE = new Set(['number', 'text', 'textarea', 'email', 'code', 'select', 'checkbox', 'date', 'json', 'relationship', 'upload'])

/** Whether `select` keeps `name`: chosen with `true`, or not left out with `false`. */
function selects(select: Record<string, unknown> | undefined, name: string): boolean {
  if (!select) return true
  const chosen = Object.values(select).some((v) => v === true)
  return chosen ? select[name] === true : select[name] !== false
}

/**
 * What of `collection` this reader can serve exactly as Payload's find does at depth 0: stored fields of
 * scalar types and single-collection relationships (hasMany ones from the relationships table); field
 * read access and virtual fields' afterRead hooks applied as Payload applies them. Not: collection read
 * hooks, uploads (their URLs come from hooks), localized or array-like fields, a field's own read hooks,
 * rich text. null: the Local API answers.
 */
function servedFields(config: SanitizedCollectionConfig, select: Record<string, unknown> | undefined): Served[] | null {
  if (config.upload || config.hooks.afterRead?.length || config.hooks.beforeRead?.length) return null
  // `select: {}`: the IDs alone.
  if (select && !Object.keys(select).length) return []
  // Only fields chosen or left out, not nested selections.
  if (select && Object.values(select).some((v) => typeof v !== 'boolean')) return null
  const served: Served[] = []
  for (const field of config.flattenedFields) {
    if (field.name === 'id' || !selects(select, field.name)) continue
    if (!SIMPLE.has(field.type) || ('localized' in field && field.localized)) return null
    if ('virtual' in field && field.virtual) {
      if (readHooks(field)?.length && !isVirtualText(field)) return null
      continue
    }
    if (field.hidden) continue
    if (readHooks(field)?.length) return null
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

/** The statements of one collection, key column, `select` and `trash` under the access where `access`, prepared once per process. */
async function preparePlan(adapter: SqlAdapter, config: SanitizedCollectionConfig, by: 'id' | 'slug', options: BelowOptions, access: Where | true): Promise<Plan | null> {
  const served = servedFields(config, options.select)
  if (!served) return null
  const keyField = config.flattenedFields.find((f) => f.name === by)
  if (!keyField || (keyField.type !== 'number' && keyField.type !== 'text')) return null
  const ops = await sqlOperators(adapter.name)
  // Payload names a collection's table after its slug in snake case (its slugs here are kebab case).
  const tableName = adapter.tableNameMap.get(config.slug.replace(/-/g, '_'))
  const table = tableName ? adapter.tables[tableName] : undefined
  if (!tableName || !table || !table[by]) return null
  const conditions: Where[] = config.trash && !options.trash ? [{ deletedAt: { exists: false } }] : []
  const where = access === true ? (conditions.length ? { and: conditions } : {}) : combineQueries({ and: conditions }, access)
  const built = buildQuery({ adapter: drizzleAdapterOf(adapter), fields: config.flattenedFields, tableName, where })
  // A condition through another table would need Payload's joins: its path then.
  if (built.joins.length) return null
  const db: QueryBuilder = adapter.drizzle
  const keysName = `keys_${++statementNames}`
  const keysParam = ops.sql.placeholder(keysName)
  const inKeys = (column: unknown) =>
    adapter.name === 'sqlite' ? ops.sql`${column} in (select value from json_each(${keysParam}))` : ops.sql`${column} = any(${keysParam})`
  const reader = adapter.name === 'sqlite' ? sqliteReadConnectionOf(adapter) : null
  /**
   * Runs a select of `fields` (key → drizzle column) for some keys: on a SQLite file, its SQL on the
   * read connection, each value decoded by its column as drizzle decodes it; on PostgreSQL with the
   * other reads of the same turn, in one statement (batchedPgRead); elsewhere drizzle's prepared query.
   */
  const run = (query: any, fields: Record<string, any>) => { // eslint-disable-line @typescript-eslint/no-explicit-any
    if (reader) {
      let json = ''
      const rows = prepareRows(reader, query, fields, (p) => (p === keysParam ? json : p))
      return async (keys: readonly unknown[]) => {
        json = JSON.stringify(keys)
        return rows()
      }
    }
    if (adapter.name === 'sqlite') {
      const prepared = query.prepare()
      return (keys: readonly unknown[]) => prepared.all({ [keysName]: JSON.stringify(keys) })
    }
    const columns = Object.entries(fields).map(([key, column]) => [key, key === 'rels' ? 'rels' : (column as { name: string }).name] as const)
    const read = { id: ++statementNames, query, placeholder: keysName, columns, key: by }
    return (keys: readonly unknown[]) => batchedPgRead(adapter, read, keys)
  }

  // The key column too: reads batched together answer each caller the rows of its own keys.
  const selected: Record<string, unknown> = { id: table.id, [by]: table[by] }
  for (const s of served) if (s.from === 'column') selected[s.key] = table[s.key]

  let rels: Plan['rels']
  let inlineRels: Plan['inlineRels']
  const relsServed = served.filter((s) => s.from === 'rels')
  if (relsServed.length) {
    const relsName = `${tableName}${adapter.relationshipsSuffix ?? '_rels'}`
    const relsTable = adapter.tables[relsName]
    if (!relsTable) return null
    const keys = [...new Set(relsServed.map((s) => s.relationKey!))]
    if (keys.some((key) => !relsTable[key])) return null
    const paths = ops.inArray(relsTable.path, relsServed.map((s) => s.key))
    if (adapter.name === 'postgres') {
      // Each statement is a round trip to the server: a single read was seven of them.
      // Qualified by hand: drizzle names a single table's columns bare, which would be the subquery's own.
      const column = (of: string, c: { name: string }) => ops.sql`${ops.sql.identifier(of)}.${ops.sql.identifier(c.name)}`
      const items = ops.sql.join([relsTable.path, ...keys.map((key) => relsTable[key])].map((c) => column(relsName, c)), ops.sql`, `)
      selected.rels = ops.sql`(select coalesce(json_agg(json_build_array(${items}) order by ${column(relsName, relsTable.order)}), '[]'::json) from ${relsTable} where ${column(relsName, relsTable.parent)} = ${column(tableName, table.id)} and ${paths})`.as('rels')
      inlineRels = keys
    } else {
      const relSelected: Record<string, unknown> = { parent: relsTable.parent, path: relsTable.path }
      for (const key of keys) relSelected[key] = relsTable[key]
      rels = run(db.select(relSelected).from(relsTable).where(ops.and(inKeys(relsTable.parent), paths)).orderBy(ops.asc(relsTable.order)), relSelected)
    }
  }
  const columns = run(db.select(selected).from(table).where(ops.and(inKeys(table[by]), built.where)), selected)
  const guarded = !options.overrideAccess ? config.flattenedFields.filter((f) => served.some((s) => s.field === f) && typeof f.access?.read === 'function') : []
  const idsOnly = options.select && !Object.keys(options.select).length
  const virtual = idsOnly ? [] : config.flattenedFields.filter(isVirtualText).filter((f) => readHooks(f)?.length && selects(options.select, f.name))
  return { columns, rels, inlineRels, served, guarded, virtual, config }
}

/** A stored value as Payload's find answers it: dates as ISO strings, numbers as numbers. */
function fromColumn(field: FlattenedField, value: unknown): unknown {
  if (value === null || value === undefined) return null
  if (field.type === 'date') return new Date(value as string).toISOString()
  if (field.type === 'number' && typeof value === 'string') return Number(value)
  return value
}

/**
 * Documents of `collection` by ID or slug as Payload's find at `depth: 0` answers them, read below the
 * Local API: one prepared statement for the table (the key list and the access where: the collection's
 * own read access for the public, as find runs it, none past access) and one for its relationships
 * (on PostgreSQL a subquery of the first), with the fields' read access (the public's reads) and virtual fields' afterRead hooks applied per
 * document. Payload's find builds its SQL, runs its hooks and walks every field afresh each time: about
 * 0.5 ms a document, six finds for a single event with its links (docs/performance.md). In no particular
 * order. null when this reader does not serve the collection, the select or the database (MongoDB),
 * and inside a write (ctx.req: its transaction's reads are Payload's): the caller reads through the
 * Local API. test/int/readBelowLocalApi.spec.ts holds it to the Local API's answers, document by document.
 */
export async function readBelowLocalApi(ctx: RequestContext, collection: CollectionSlug, wanted: Wanted, options: BelowOptions): Promise<Doc[] | null> {
  const adapter = ctx.payload.db ? sqlAdapterOf(ctx.payload.db) : null
  if (!adapter || ctx.req || (!options.overrideAccess && ctx.user)) return null
  const config = ctx.payload.collections[collection]?.config
  if (!config) return null
  // Past access control, the read access is not asked (locatePost's lookups).
  const { req, access } = options.overrideAccess ? { req: await createLocalReq({}, ctx.payload), access: true } : await readAccessOf(ctx.payload, config)
  if (access === false) return []
  const by = 'ids' in wanted ? 'id' : 'slug'
  let byShape = plans.get(adapter)
  if (!byShape) plans.set(adapter, (byShape = new Map()))
  const shape = `${collection}:${by}:${options.trash ? 'trash' : ''}:${JSON.stringify(options.select ?? null)}:${JSON.stringify(access)}`
  let planned = byShape.get(shape)
  if (!planned) byShape.set(shape, (planned = preparePlan(adapter, config, by, options, access)))
  const plan = await planned
  if (!plan) return null
  const keys = [...new Set<unknown>('ids' in wanted ? wanted.ids : wanted.slugs)]
  if (!keys.length) return []
  const rows = await plan.columns(keys)
  const docs = new Map<number, Doc>()
  const byPath = new Map(plan.served.filter((s) => s.from === 'rels').map((s) => [s.key, s]))
  /** One row of the relationships table: the relation on `path` appended to its field. */
  const addRelation = (doc: Doc | undefined, path: unknown, valueOf: (key: string) => unknown) => {
    const s = byPath.get(path as string)
    const value = s && valueOf(s.relationKey!)
    if (doc && s && value !== null && value !== undefined) (doc[s.key] as unknown[]).push(Number(value))
  }
  for (const row of rows) {
    const doc: Doc = { id: Number(row.id) }
    for (const s of plan.served) doc[s.key] = s.from === 'column' ? fromColumn(s.field, row[s.key]) : []
    docs.set(doc.id, doc)
    const inline = plan.inlineRels
    if (inline) for (const [path, ...values] of row.rels as unknown[][]) addRelation(doc, path, (key) => values[inline.indexOf(key)])
  }
  if (plan.rels && docs.size) {
    for (const row of await plan.rels([...docs.keys()])) addRelation(docs.get(Number(row.parent)), row.path, (key) => row[key])
  }
  for (const doc of docs.values()) await applyReadRules(plan, doc, req)
  return [...docs.values()]
}

/** Field read access (a field the caller may not read is left out) and virtual fields' afterRead hooks, as Payload's afterRead applies them. */
async function applyReadRules(plan: Plan, doc: Doc, req: PayloadRequest): Promise<void> {
  for (const field of plan.guarded) {
    const allowed = field.access!.read!({ id: doc.id, data: doc, doc, req, siblingData: doc })
    if (!(allowed instanceof Promise ? await allowed : allowed)) delete doc[field.name]
  }
  for (const field of plan.virtual) {
    let value: unknown
    for (const hook of field.hooks?.afterRead ?? []) {
      const result = hook({ value, data: doc, siblingData: doc, originalDoc: doc, req, field, operation: 'read', context: req.context, collection: plan.config, global: null, path: [field.name], schemaPath: [field.name], siblingFields: [], blockData: undefined, indexPath: [] })
      value = result instanceof Promise ? await result : result
    }
    if (value !== undefined) doc[field.name] = value
  }
}
