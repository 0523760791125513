import type { CollectionSlug, PayloadRequest } from 'payload'
import { sessionOf, sqlAdapterOf } from './sqlAdapter.js'
import { sqlOperators } from './sqlOperators.js'

/**
 * Adds `delta` to a numeric column of the rows whose `key` is one of `values`, in the request's
 * transaction, with one UPDATE … RETURNING. Payload's own `updateOne` with `$inc` reads the row's ID,
 * updates it and reads it back, a row at a time; on the write path of every event that was most of
 * its statements. Answers the rows' new values by key; null on MongoDB, where the caller uses
 * Payload's `updateOne` instead. Derived data only (counters, counts): no hooks, no version, no
 * `updatedAt`.
 */
export async function incrementColumn(
  req: PayloadRequest,
  collection: CollectionSlug,
  column: string,
  delta: number,
  key: string,
  values: Array<string | number>,
): Promise<Map<string | number, number> | null> {
  const adapter = sqlAdapterOf(req.payload.db)
  if (!adapter) return null
  const { inArray, sql } = await sqlOperators(adapter.name)
  const tableName = adapter.tableNameMap.get(collection.replace(/-/g, '_')) ?? collection
  const transaction = req.transactionID ? await req.transactionID : undefined
  const missing = () => new Error(`no column ${column} or ${key} in the table of ${collection}`)
  let rows: Array<{ key: string | number; value: number | string }>
  // The same statement on both dialects; drizzle types each dialect's builder apart.
  if (adapter.name === 'sqlite') {
    const table = adapter.tables[tableName]
    if (!table?.[column] || !table[key]) throw missing()
    rows = await sessionOf(adapter, transaction)
      .update(table)
      .set({ [column]: sql`${table[column]} + ${delta}` })
      .where(inArray(table[key], values))
      .returning({ key: table[key], value: table[column] })
  } else {
    const table = adapter.tables[tableName]
    if (!table?.[column] || !table[key]) throw missing()
    rows = await sessionOf(adapter, transaction)
      .update(table)
      .set({ [column]: sql`${table[column]} + ${delta}` })
      .where(inArray(table[key], values))
      .returning({ key: table[key], value: table[column] })
  }
  return new Map(rows.map((row) => [row.key, Number(row.value)]))
}
