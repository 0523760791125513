import type { Payload, PayloadRequest } from 'payload'
import { WEBHOOK_CURSORS } from '../../collections/slugs.js'
import { sessionOf, sqlAdapterOf } from '../../lib/sql/sqlAdapter.js'
import { sqlOperators } from '../../lib/sql/sqlOperators.js'

const NAME = 'changes'

/** The ID of the last change the worker has queued deliveries for (0 before the first). */
export async function readCursor(payload: Payload): Promise<number> {
  const found = await payload.find({ collection: WEBHOOK_CURSORS, where: { name: { equals: NAME } }, limit: 1, depth: 0, pagination: false, overrideAccess: true })
  if (found.docs[0]) return found.docs[0].value
  try {
    await payload.create({ collection: WEBHOOK_CURSORS, data: { name: NAME, value: 0 }, overrideAccess: true })
  } catch {
    // Another process created it first (the name is unique).
  }
  return 0
}

/**
 * In the request's transaction: moves the cursor from `from` to `to`, only if it is still at `from`.
 * Answers false when another process moved it first; the caller then rolls back its deliveries, which
 * that process queued. On PostgreSQL the UPDATE holds the row until commit, so a second process waits,
 * then finds the value changed. MongoDB (no SQL) compares and sets through the Local API.
 */
export async function moveCursor(req: PayloadRequest, from: number, to: number): Promise<boolean> {
  const adapter = sqlAdapterOf(req.payload.db)
  if (!adapter) {
    const found = await req.payload.find({ collection: WEBHOOK_CURSORS, where: { name: { equals: NAME } }, limit: 1, depth: 0, pagination: false, overrideAccess: true, req })
    if (found.docs[0]?.value !== from) return false
    await req.payload.update({ collection: WEBHOOK_CURSORS, id: found.docs[0].id, data: { value: to }, overrideAccess: true, req })
    return true
  }
  const { and, eq } = await sqlOperators(adapter.name)
  const transaction = req.transactionID ? await req.transactionID : undefined
  const table = adapter.tables[adapter.tableNameMap.get(WEBHOOK_CURSORS.replace(/-/g, '_')) ?? 'webhook_cursors']!
  const where = and(eq(table.name!, NAME), eq(table.value!, from))
  // The same statement on both dialects; drizzle types each dialect's builder apart.
  const rows =
    adapter.name === 'sqlite'
      ? await sessionOf(adapter, transaction).update(table).set({ value: to }).where(where).returning({ id: table.id! })
      : await sessionOf(adapter, transaction).update(table).set({ value: to }).where(where).returning({ id: table.id! })
  return rows.length === 1
}
