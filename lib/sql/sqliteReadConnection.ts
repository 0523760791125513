import Database from 'libsql'
import type { SqliteAdapter } from './sqlAdapter.js'

/** Statements kept on the connection, by SQL text: a handful of shapes are read this way. */
const KEPT = 64

/** Reads on a SQLite database's file: rows as arrays of the statement's columns, in their order. */
export interface SqliteReadConnection {
  all(sql: string, params: readonly unknown[]): unknown[][]
}

const connections = new WeakMap<SqliteAdapter, SqliteReadConnection | null>()

/** The local file a libsql URL names (`file:` URLs only; not in memory, not remote, not encrypted), else undefined. */
function localFile(config: { url?: string; encryptionKey?: string; syncUrl?: string } | undefined): string | undefined {
  const url = config?.url
  if (!url || config.encryptionKey || config.syncUrl || !url.startsWith('file:')) return undefined
  const path = url.replace(/^file:(\/\/)?/, '').replace(/\?.*$/, '')
  return path && path !== ':memory:' ? decodeURIComponent(path) : undefined
}

/**
 * A connection of its own on the SQLite file of `adapter`, for reads outside any transaction, whose
 * statements are prepared once and kept. The adapter's client (libsql's) prepares every statement
 * afresh, describes its columns twice and builds each row as an object property by property: for a
 * single event that was a third of the request's CPU time. Every statement here runs to its end
 * (`all`), so none holds a snapshot open, and each read sees every write committed before it, as the
 * client's reads do (test/int/readBelowLocalApi.spec.ts writes between reads). Closed with the adapter's
 * client. null where the database is not a local file: callers read through the adapter then.
 */
export function sqliteReadConnectionOf(adapter: SqliteAdapter): SqliteReadConnection | null {
  const known = connections.get(adapter)
  if (known !== undefined) return known
  const client = (adapter as unknown as { client?: { close: () => void; closed?: boolean } }).client
  const path = localFile((adapter as unknown as { clientConfig?: { url?: string } }).clientConfig)
  if (!client || client.closed || !path) {
    connections.set(adapter, null)
    return null
  }
  const db = new Database(path)
  db.exec(`PRAGMA query_only = true; PRAGMA busy_timeout = ${Number((adapter as unknown as { busyTimeout?: number }).busyTimeout) || 0}`)
  const statements = new Map<string, Database.Statement>()
  const connection: SqliteReadConnection = {
    all(sql, params) {
      let statement = statements.get(sql)
      if (!statement) {
        statement = db.prepare(sql).raw(true)
        statements.set(sql, statement)
        if (statements.size > KEPT) statements.delete(statements.keys().next().value!)
      }
      return statement.all([...params]) as unknown[][]
    },
  }
  const close = client.close.bind(client)
  client.close = () => {
    statements.clear()
    if (db.open) db.close()
    connections.set(adapter, null)
    close()
  }
  connections.set(adapter, connection)
  return connection
}

/** A drizzle select as it runs: its SQL and parameters. */
type Select = { toSQL(): { sql: string; params: unknown[] } }
type Decoder = { mapFromDriverValue(value: unknown): unknown }

/** How drizzle decodes a selected field's values: a column by its type, an SQL expression by its `mapWith`. */
function decoderOf(field: unknown): Decoder {
  const f = field as { mapFromDriverValue?: unknown; decoder?: Decoder; sql?: { decoder?: Decoder } }
  if (typeof f.mapFromDriverValue === 'function') return f as Decoder
  return f.decoder ?? f.sql?.decoder ?? { mapFromDriverValue: (value) => value }
}

/**
 * A function running the drizzle select `query` (whose selected `fields` are key → column or SQL) on
 * `connection`, its parameters given by `bind` (a placeholder's value), rows decoded as drizzle decodes
 * them. The SQL is built once, here.
 */
export function prepareRows(connection: SqliteReadConnection, query: Select, fields: Record<string, unknown>, bind: (param: unknown) => unknown = (p) => p): () => Array<Record<string, unknown>> {
  const { sql, params } = query.toSQL()
  const columns = Object.entries(fields).map(([key, field]) => [key, decoderOf(field)] as const)
  return () =>
    connection.all(sql, params.map(bind)).map((values) => {
      const row: Record<string, unknown> = {}
      columns.forEach(([key, decoder], i) => (row[key] = values[i] === null ? null : decoder.mapFromDriverValue(values[i])))
      return row
    })
}
