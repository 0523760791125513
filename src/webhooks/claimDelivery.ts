import type { Payload } from 'payload'
import { WEBHOOK_DELIVERIES } from '../../collections/slugs.js'
import { sqlAdapterOf } from '../../lib/sql/sqlAdapter.js'
import { sqlOperators } from '../../lib/sql/sqlOperators.js'

/**
 * Claims a pending delivery for this process until `until`, with one conditional UPDATE that only one
 * process can win (the row must still be pending and unclaimed, or its claim expired: the process that
 * held it died mid-delivery, and the delivery is sent again, with the same webhook-id). Answers whether
 * this process won. MongoDB (no SQL) reads and sets through the Local API: one process at a time.
 */
export async function claimDelivery(payload: Payload, id: number, now: Date, until: Date): Promise<boolean> {
  const adapter = sqlAdapterOf(payload.db)
  if (!adapter) {
    const found = await payload.find({ collection: WEBHOOK_DELIVERIES, where: { id: { equals: id } }, limit: 1, depth: 0, pagination: false, overrideAccess: true })
    const row = found.docs[0]
    if (!row || row.status !== 'pending' || (row.claimedUntil && Date.parse(row.claimedUntil) > now.getTime())) return false
    await payload.update({ collection: WEBHOOK_DELIVERIES, id, data: { claimedUntil: until.toISOString() }, overrideAccess: true, depth: 0 })
    return true
  }
  const { and, eq, isNull, lt, or } = await sqlOperators(adapter.name)
  const table = adapter.tables[adapter.tableNameMap.get(WEBHOOK_DELIVERIES.replace(/-/g, '_')) ?? 'webhook_deliveries']!
  const where = and(eq(table.id!, id), eq(table.status!, 'pending'), or(isNull(table.claimedUntil!), lt(table.claimedUntil!, now.toISOString())))
  // The same statement on both dialects; drizzle types each dialect's builder apart.
  const rows =
    adapter.name === 'sqlite'
      ? await adapter.drizzle.update(table).set({ claimedUntil: until.toISOString() }).where(where).returning({ id: table.id! })
      : await adapter.drizzle.update(table).set({ claimedUntil: until.toISOString() }).where(where).returning({ id: table.id! })
  return rows.length === 1
}
