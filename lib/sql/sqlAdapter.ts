import type { PostgresAdapter } from '@payloadcms/db-postgres'
import type { NodePgQueryResultHKT } from '@payloadcms/db-postgres/drizzle/node-postgres'
import type { PgDatabase } from '@payloadcms/db-postgres/drizzle/pg-core'
import type { SQLiteAdapter } from '@payloadcms/db-sqlite'
import type { BaseSQLiteDatabase } from '@payloadcms/db-sqlite/drizzle/sqlite-core'
import type { DrizzleAdapter } from '@payloadcms/drizzle'

// The one view of Payload's SQL adapters that the statements written below Payload use (the ID and
// term-count counters, the event ID page, the creation locks, the write signals): the adapters as their
// packages type them, and where a statement goes, inside a transaction or not.

/** db-sqlite: drizzle on a libsql client. */
export type SqliteAdapter = SQLiteAdapter & { name: 'sqlite' }
/** db-postgres: drizzle on a pg pool. */
export type PostgresSqlAdapter = PostgresAdapter & { name: 'postgres' }
export type SqlAdapter = SqliteAdapter | PostgresSqlAdapter

/** Where SQLite statements run: the adapter's drizzle, or an open transaction's. */
export type SqliteHandle = BaseSQLiteDatabase<'async', unknown, Record<string, unknown>>
/** Where PostgreSQL statements run: the adapter's drizzle, or an open transaction's. */
export type PostgresHandle = PgDatabase<NodePgQueryResultHKT, Record<string, unknown>>

/** Drizzle's select builder, loosely typed: the same calls build a query on both SQL dialects. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type QueryBuilder = { select: (fields: Record<string, unknown>) => any }

/** The SQL adapter behind a Payload database; null on MongoDB, whose callers keep to the Local API. */
export function sqlAdapterOf(db: { name: string }): SqlAdapter | null {
  return (db.name === 'sqlite' || db.name === 'postgres') && 'drizzle' in db && 'tables' in db ? (db as unknown as SqlAdapter) : null
}

/** The SQLite adapter behind a Payload database, else null. */
export function sqliteAdapterOf(db: { name: string }): SqliteAdapter | null {
  const adapter = sqlAdapterOf(db)
  return adapter?.name === 'sqlite' ? adapter : null
}

/** The PostgreSQL adapter behind a Payload database, else null. */
export function postgresAdapterOf(db: { name: string }): PostgresSqlAdapter | null {
  const adapter = sqlAdapterOf(db)
  return adapter?.name === 'postgres' ? adapter : null
}

/** The same adapter as @payloadcms/drizzle's own helpers (buildQuery) take it: their common base type. */
export function drizzleAdapterOf(adapter: SqlAdapter): DrizzleAdapter {
  return adapter as unknown as DrizzleAdapter
}

/** Where a statement of the transaction `transaction` (Payload's transaction ID) runs; outside one, the adapter's drizzle. */
export function sessionOf(adapter: SqliteAdapter, transaction: string | number | undefined): SqliteHandle
export function sessionOf(adapter: PostgresSqlAdapter, transaction: string | number | undefined): PostgresHandle
export function sessionOf(adapter: SqlAdapter, transaction: string | number | undefined): SqliteHandle | PostgresHandle
export function sessionOf(adapter: SqlAdapter, transaction: string | number | undefined): SqliteHandle | PostgresHandle {
  const session = transaction !== undefined ? adapter.sessions[transaction]?.db : undefined
  return (session ?? adapter.drizzle) as SqliteHandle | PostgresHandle
}
