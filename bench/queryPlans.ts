// The query plan of every SQL statement a request runs: the app is booted in the benchmark's own
// process (createApp on the seeding Payload instance, a spare port), the database client's query
// function is wrapped while one request per route is answered, and each SELECT it saw is explained with
// its own parameters: EXPLAIN QUERY PLAN on SQLite, EXPLAIN on PostgreSQL. Nothing in src/ changes.
import type { AddressInfo } from 'node:net'
import type { Payload } from 'payload'
import { createApp } from '../src/app.js'
import { sqliteAdapterOf } from '../lib/sql/sqlAdapter.js'
import { type SqliteReadConnection, sqliteReadConnectionOf } from '../lib/sql/sqliteReadConnection.js'
import type { Route } from './filteredRoutes.js'

export interface StatementPlan {
  sql: string
  params: unknown[]
  plan: string[]
  /** From the call to its answer (statements a request runs at once overlap). */
  ms?: number
}

export interface RoutePlans {
  route: string
  path: string
  status: number
  /** The whole request (after one unrecorded request to the same route, with warmUp). */
  ms?: number
  statements: StatementPlan[]
}

interface Statement {
  sql: string
  params: unknown[]
  ms?: number
}

/** Runs `call` and sets the statement's duration once its promise settles. */
function timed<T>(statement: Statement, call: () => Promise<T>): Promise<T> {
  const started = performance.now()
  const done = () => void (statement.ms = Math.round((performance.now() - started) * 10) / 10)
  const answer = call()
  answer.then(done, done)
  return answer
}

/** Records the statements the adapter's client runs until `stop`, and explains one with the client itself. */
interface Recorder {
  stop(): void
  take(): Statement[]
  explain(statement: Statement): Promise<string[]>
}

// Only reads are explained: the write signal's PRAGMAs and the listener's `SELECT 1` are not the request's.
const isRead = (sql: string) => /^\s*(select|with)\b/i.test(sql) && /\bfrom\b/i.test(sql)

type LibsqlStatement = string | { sql: string; args?: unknown[] | Record<string, unknown> }
interface LibsqlClient {
  execute(statement: LibsqlStatement, ...rest: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }>
}

/** db-sqlite: drizzle's libsql session calls `client.execute({ sql, args })` on the adapter's client. */
function sqliteRecorder(client: LibsqlClient): Recorder {
  const seen: Statement[] = []
  const original = client.execute
  client.execute = function (this: LibsqlClient, statement: LibsqlStatement, ...rest: unknown[]) {
    const sql = typeof statement === 'string' ? statement : statement.sql
    const args = typeof statement === 'string' ? (rest[0] ?? []) : (statement.args ?? [])
    if (!isRead(sql)) return original.call(this, statement, ...rest)
    const recorded: Statement = { sql, params: Array.isArray(args) ? args : Object.values(args as object) }
    seen.push(recorded)
    return timed(recorded, () => original.call(this, statement, ...rest))
  }
  return {
    stop: () => void (client.execute = original),
    take: () => seen.splice(0),
    async explain({ sql, params }) {
      const { rows } = await original.call(client, { sql: `EXPLAIN QUERY PLAN ${sql}`, args: params })
      // Rows are (id, parent, notused, detail); a row's depth is its parent chain's length.
      const depth = new Map<number, number>([[0, -1]])
      return rows.map((row) => {
        const level = (depth.get(Number(row.parent)) ?? -1) + 1
        depth.set(Number(row.id), level)
        return `${'  '.repeat(level)}${String(row.detail)}`
      })
    },
  }
}

type PgQuery = string | { text: string; values?: unknown[] }
interface PgPool {
  query(query: PgQuery, values?: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }>
}

/** db-postgres: drizzle's node-postgres session calls `pool.query(config, params)` on the adapter's pool. */
function postgresRecorder(pool: PgPool): Recorder {
  const seen: Statement[] = []
  const original = pool.query
  pool.query = function (this: PgPool, query: PgQuery, values?: unknown[]) {
    const sql = typeof query === 'string' ? query : query.text
    if (!isRead(sql)) return original.call(this, query, values)
    const recorded: Statement = { sql, params: values ?? (typeof query === 'string' ? [] : query.values ?? []) }
    seen.push(recorded)
    return timed(recorded, () => original.call(this, query, values))
  } as PgPool['query']
  return {
    stop: () => void (pool.query = original),
    take: () => seen.splice(0),
    async explain({ sql, params }) {
      const { rows } = await original.call(pool, `EXPLAIN ${sql}`, params)
      return rows.map((row) => String(row['QUERY PLAN']))
    },
  }
}

/**
 * SQLite's read connection (lib/sql/sqliteReadConnection.ts): the public's reads by ID and the archive's
 * page run there, outside the client; recorded alongside it, explained by the client.
 */
function withReadConnection(recorder: Recorder, connection: SqliteReadConnection | null): Recorder {
  if (!connection) return recorder
  const seen: Statement[] = []
  const original = connection.all
  connection.all = function (this: SqliteReadConnection, sql, params) {
    const recorded: Statement = { sql, params: [...params] }
    seen.push(recorded)
    const started = performance.now()
    try {
      return original.call(this, sql, params)
    } finally {
      recorded.ms = Math.round((performance.now() - started) * 10) / 10
    }
  }
  return {
    stop: () => {
      connection.all = original
      recorder.stop()
    },
    take: () => [...recorder.take(), ...seen.splice(0)],
    explain: (statement) => recorder.explain(statement),
  }
}

function recorderFor(payload: Payload): Recorder {
  const db = payload.db as unknown as { client?: LibsqlClient; pool?: PgPool }
  const sqlite = sqliteAdapterOf(payload.db)
  if (sqlite && db.client && typeof db.client.execute === 'function') return withReadConnection(sqliteRecorder(db.client), sqliteReadConnectionOf(sqlite))
  if (db.pool && typeof db.pool.query === 'function') return postgresRecorder(db.pool)
  throw new Error(`query plans need the SQLite or PostgreSQL adapter, not ${payload.db.name}`)
}

/** JSON-safe parameters (libsql may hand back bigints). */
const plain = (params: unknown[]) => params.map((p) => (typeof p === 'bigint' ? p.toString() : p))

/** One anonymous request per route on an in-process app; the plan of every read each one ran. */
export async function captureQueryPlans(payload: Payload, routes: Route[], options: { warmUp?: boolean } = {}, namespaceRoot = '/wp-json/calendar/events/v1'): Promise<RoutePlans[]> {
  const logger = payload.logger as unknown as { level: string }
  const level = logger.level
  // This process's request log lines would land among the benchmark's output.
  logger.level = 'warn'
  const server = createApp(payload).listen(0, '127.0.0.1')
  await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject))
  const { port } = server.address() as AddressInfo
  const recorder = recorderFor(payload)
  const result: RoutePlans[] = []
  try {
    for (const [label, path] of routes) {
      // warmUp: once unrecorded, so the recorded request finds what a running server has (compiled code,
      // kept documents); only with the response cache off, or the recorded one would be a replay.
      if (options.warmUp) await (await fetch(`http://127.0.0.1:${port}${namespaceRoot}${path}`)).arrayBuffer()
      recorder.take()
      const started = performance.now()
      const res = await fetch(`http://127.0.0.1:${port}${namespaceRoot}${path}`)
      await res.arrayBuffer()
      const ms = Math.round(performance.now() - started)
      const statements = recorder.take()
      const explained: StatementPlan[] = []
      for (const statement of statements) explained.push({ sql: statement.sql, params: plain(statement.params), plan: await recorder.explain(statement), ms: statement.ms })
      result.push({ route: label, path, status: res.status, ms, statements: explained })
    }
  } finally {
    recorder.stop()
    await new Promise((resolve) => server.close(resolve))
    logger.level = level
  }
  return result
}

/** The plans as console lines: each route, then each statement (shortened) and its plan. */
export function showQueryPlans(plans: RoutePlans[], log: (line: string) => void): void {
  for (const route of plans) {
    const sum = route.statements.reduce((total, s) => total + (s.ms ?? 0), 0)
    log(`  ${route.route}  (${route.status}, ${route.statements.length} statements${route.ms === undefined ? '' : `, ${route.ms} ms, of which statements ${Math.round(sum)} ms`})`)
    route.statements.forEach((statement, i) => {
      const sql = statement.sql.replace(/\s+/g, ' ')
      log(`    [${i + 1}]${statement.ms === undefined ? '' : ` (${statement.ms} ms)`} ${sql.length > 240 ? `${sql.slice(0, 240)}…` : sql}`)
      log(`        params ${JSON.stringify(statement.params).slice(0, 160)}`)
      for (const line of statement.plan) log(`        ${line}`)
    })
  }
}
