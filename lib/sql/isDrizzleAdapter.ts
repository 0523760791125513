import type { DrizzleAdapter } from '@payloadcms/drizzle'

/**
 * The SQL adapters (SQLite, PostgreSQL): drizzle, its tables and Payload's query builder behind them.
 * `T`: the view of the adapter the caller works with (by default Payload's own type).
 */
export function isDrizzleAdapter<T extends object = DrizzleAdapter>(db: object & { name: string }): db is T & { name: 'sqlite' | 'postgres' } {
  return (db.name === 'sqlite' || db.name === 'postgres') && 'drizzle' in db && 'tables' in db
}
