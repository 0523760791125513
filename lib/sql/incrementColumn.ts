import type { CollectionSlug, PayloadRequest } from 'payload'
import { isDrizzleAdapter } from './isDrizzleAdapter.js'
import { sqlOperators } from './sqlOperators.js'
import { transactionOf } from './transactionOf.js'

// Drizzle's update builder, loosely typed: the same calls build the statement on both SQL dialects.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Drizzle = { update: (table: unknown) => any }

/** The SQL adapter as this uses it: drizzle inside and outside transactions, and the tables. */
interface SqlAdapter {
  drizzle: Drizzle
  sessions?: Record<string | number, { db: Drizzle } | undefined>
  tableNameMap: Map<string, string>
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  tables: Record<string, any>
}

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
  const adapter = req.payload.db
  if (!isDrizzleAdapter<SqlAdapter>(adapter)) return null
  const { inArray, sql } = await sqlOperators(adapter.name)
  const table = adapter.tables[adapter.tableNameMap.get(collection.replace(/-/g, '_')) ?? collection]
  if (!table?.[column] || !table[key]) throw new Error(`no column ${column} or ${key} in the table of ${collection}`)
  const transaction = req.transactionID ? await req.transactionID : undefined
  const target = transactionOf(transaction, adapter)
  const rows = (await target
    .update(table)
    .set({ [column]: sql`${table[column]} + ${delta}` })
    .where(inArray(table[key], values))
    .returning({ key: table[key], value: table[column] })) as Array<{ key: string | number; value: number | string }>
  return new Map(rows.map((row) => [row.key, Number(row.value)]))
}
