import type { SQLWrapper } from '@payloadcms/db-postgres/drizzle'
import type { PostgresSqlAdapter } from './sqlAdapter.js'
import { sqlOperators } from './sqlOperators.js'

/**
 * One prepared read below the Local API on PostgreSQL: a select of some columns by a key list, the
 * list bound to the placeholder `placeholder`; `columns` maps each row key to its column's name,
 * `key` names the row key the list matches.
 */
export interface PgRead {
  id: number
  query: SQLWrapper
  placeholder: string
  columns: ReadonlyArray<readonly [key: string, column: string]>
  key: string
}

type Row = Record<string, unknown>

interface Waiting {
  read: PgRead
  keys: Set<unknown>
  callers: Array<{ keys: readonly unknown[]; resolve: (rows: Row[]) => void; reject: (error: unknown) => void }>
}

const queues = new WeakMap<object, Map<number, Waiting>>()

/**
 * Reads of the same turn of the event loop, one statement: each round trip to PostgreSQL costs both
 * processes more than a small select does (a single event's venue, organizers, categories and tags were
 * four). The reads become subqueries of one select, each aggregated to a JSON array of its rows (one
 * prepared statement per set of reads, as the pg driver keeps them per connection); a read asked twice
 * runs once for the union of its keys. Each caller gets the rows of its own keys, as its own statement
 * would answer them: JSON texts of the column values, which the reader decodes as it decodes drizzle's.
 */
export function batchedPgRead(adapter: PostgresSqlAdapter, read: PgRead, keys: readonly unknown[]): Promise<Row[]> {
  let queue = queues.get(adapter)
  if (!queue) queues.set(adapter, (queue = new Map()))
  if (!queue.size) setImmediate(() => void flush(adapter))
  let waiting = queue.get(read.id)
  if (!waiting) queue.set(read.id, (waiting = { read, keys: new Set(), callers: [] }))
  for (const key of keys) waiting.keys.add(key)
  return new Promise((resolve, reject) => waiting.callers.push({ keys, resolve, reject }))
}

/** A set of reads' statement: its text and parameters as drizzle writes them, its name if prepared by name. */
interface Statement {
  name?: string
  sql: string
  params: unknown[]
}

// Written once per set of reads (the same few sets come back on every request) and prepared by name,
// which each connection keeps: the first sets seen only, beyond those a set is written and parsed each time.
const statements = new Map<string, Statement>()
const MAX_KEPT = 256

async function statementOf(adapter: PostgresSqlAdapter, batch: Waiting[]): Promise<Statement> {
  const combination = batch.map((w) => w.read.id).join(',')
  const kept = statements.get(combination)
  if (kept) return kept
  const ops = await sqlOperators('postgres')
  const select = ops.sql.join(
    batch.map((w, i) => ops.sql`(select coalesce(json_agg(json_build_array(${ops.sql.raw(w.read.columns.map(([, c]) => `t.${quote(c)}`).join(', '))})), '[]'::json) from (${w.read.query}) t) as ${ops.sql.identifier(`r${i}`)}`),
    ops.sql`, `,
  )
  const statement: Statement = dialectOf(adapter).sqlToQuery(ops.sql`select ${select}`)
  if (statements.size < MAX_KEPT) statements.set(combination, { ...statement, name: `read_below_batch_${statements.size + 1}` })
  return statements.get(combination) ?? statement
}

async function flush(adapter: PostgresSqlAdapter): Promise<void> {
  const queue = queues.get(adapter)!
  const batch = [...queue.values()].sort((a, b) => a.read.id - b.read.id)
  queue.clear()
  let rowsOf: Row[][]
  try {
    rowsOf = await run(adapter, batch)
  } catch (error) {
    // One caller's keys may be what fails (a text PostgreSQL cannot hold, a number out of its range):
    // each caller then runs alone, and only its own statement's error reaches it.
    const callers = batch.flatMap((w) => w.callers.map((caller) => ({ read: w.read, caller })))
    if (callers.length === 1) callers[0]!.caller.reject(error)
    else for (const { read, caller } of callers) run(adapter, [{ read, keys: new Set(caller.keys), callers: [] }]).then(([rows]) => caller.resolve(rows!), caller.reject)
    return
  }
  batch.forEach((w, i) => {
    for (const caller of w.callers) {
      const wanted = new Set(caller.keys)
      caller.resolve(w.callers.length === 1 ? rowsOf[i]! : rowsOf[i]!.filter((r) => wanted.has(r[w.read.key])))
    }
  })
}

/** The reads' statement, run: each read's rows, in the batch's order. */
async function run(adapter: PostgresSqlAdapter, batch: Waiting[]): Promise<Row[][]> {
  const ops = await sqlOperators('postgres')
  const { name, sql, params } = await statementOf(adapter, batch)
  const values = Object.fromEntries(batch.map((w) => [w.read.placeholder, [...w.keys]]))
  const result = await adapter.pool.query({ ...(name ? { name } : {}), text: sql, values: ops.fillPlaceholders(params, values) })
  const row = result.rows[0] as Record<string, unknown[][]>
  return batch.map((w, i) => row[`r${i}`]!.map((values) => Object.fromEntries(w.read.columns.map(([key], j) => [key, values[j]]))))
}

/** drizzle's PostgreSQL dialect, which writes a query's text and parameters (not in its public types). */
const dialectOf = (adapter: PostgresSqlAdapter) => (adapter.drizzle as unknown as { dialect: { sqlToQuery: (sql: SQLWrapper) => { sql: string; params: unknown[] } } }).dialect

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`
