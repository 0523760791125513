import type { PayloadRequest } from 'payload'
import { COUNTERS, type IdSequence } from '../slugs.js'

/**
 * Next integer from a shared sequence, bumped atomically by the database ($inc) inside the caller's
 * create transaction: the row lock orders parallel creates, and the transaction holds the only
 * connection it needs (a second one per create can exhaust a PostgreSQL pool under load).
 * A failed create rolls its bump back.
 */
export async function nextId(req: PayloadRequest, sequence: IdSequence): Promise<number> {
  const doc = (await req.payload.db.updateOne({
    collection: COUNTERS,
    where: { sequence: { equals: sequence } },
    data: { value: { $inc: 1 } },
    returning: true,
    req,
  })) as { value?: number } | null
  const value = Number(doc?.value)
  if (!Number.isInteger(value) || value < 1) throw new Error(`ID sequence "${sequence}" is missing or broken`)
  return value
}
