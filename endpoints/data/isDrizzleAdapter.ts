import type { DrizzleAdapter } from '@payloadcms/drizzle'

/** The SQL adapters (SQLite, PostgreSQL): drizzle, its tables and Payload's query builder behind them. */
export function isDrizzleAdapter(db: object & { name: string }): db is DrizzleAdapter & { name: 'sqlite' | 'postgres' } {
  return (db.name === 'sqlite' || db.name === 'postgres') && 'drizzle' in db && 'tables' in db
}
