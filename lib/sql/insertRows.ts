import type { CollectionSlug, PayloadRequest } from 'payload'
import { sessionOf, sqlAdapterOf } from './sqlAdapter.js'

/**
 * Inserts rows of a collection without relationships-tables fields (scalars and single relationships
 * only) in one INSERT, in the request's transaction: the occurrences of a series are hundreds of rows,
 * and Payload's `db.create` is a statement and a read-back each. Keys are the fields' names, as
 * drizzle's table declares them. Answers false on MongoDB, where the caller creates through Payload.
 */
export async function insertRows(req: PayloadRequest, collection: CollectionSlug, rows: Array<Record<string, unknown>>): Promise<boolean> {
  const transaction = req.transactionID ? await req.transactionID : undefined
  return insertRowsIn(req.payload.db, transaction, collection, rows)
}

/** insertRows in the transaction `transaction` (Payload's transaction ID; undefined: none) of the database `db`. */
export async function insertRowsIn(db: { name: string }, transaction: string | number | undefined, collection: CollectionSlug, rows: Array<Record<string, unknown>>): Promise<boolean> {
  const adapter = sqlAdapterOf(db)
  if (!adapter) return false
  if (!rows.length) return true
  const table = adapter.tables[adapter.tableNameMap.get(collection.replace(/-/g, '_')) ?? collection]
  if (!table) throw new Error(`no table for ${collection}`)
  const now = new Date().toISOString()
  // Columns the table lacks (a collection without timestamps) are left out by drizzle.
  const values = rows.map((row) => ({ createdAt: now, updatedAt: now, ...row }))
  // SQLite binds at most 32,766 variables per statement (PostgreSQL 65,535): chunks stay below 30,000.
  const size = Math.max(1, Math.floor(30_000 / (Object.keys(values[0]!).length + 2)))
  for (let i = 0; i < values.length; i += size) {
    const chunk = values.slice(i, i + size)
    if (adapter.name === 'sqlite') await sessionOf(adapter, transaction).insert(table).values(chunk)
    else await sessionOf(adapter, transaction).insert(table).values(chunk)
  }
  return true
}
