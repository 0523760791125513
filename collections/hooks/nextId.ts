import type { PayloadRequest } from 'payload'
import { incrementColumn } from '../../lib/sql/incrementColumn.js'
import { COUNTERS, type IdSequence } from '../slugs.js'

/**
 * Next integer from a shared sequence, bumped atomically by the database ($inc) inside the caller's
 * create transaction: the row lock orders parallel creates, and the transaction holds the only
 * connection it needs (a second one per create can exhaust a PostgreSQL pool under load).
 * A failed create rolls its bump back. One UPDATE … RETURNING on the SQL databases.
 */
export async function nextId(req: PayloadRequest, sequence: IdSequence): Promise<number> {
  return nextIds(req, sequence, 1)
}

/** The first of `count` consecutive integers taken from a shared sequence at once (see nextId). */
export async function nextIds(req: PayloadRequest, sequence: IdSequence, count: number): Promise<number> {
  const bumped = await incrementColumn(req, COUNTERS, 'value', count, 'sequence', [sequence])
  if (bumped) return checked(sequence, bumped.get(sequence)) - count + 1
  const doc = (await req.payload.db.updateOne({
    collection: COUNTERS,
    where: { sequence: { equals: sequence } },
    data: { value: { $inc: count } },
    returning: true,
    req,
  })) as { value?: number } | null
  return checked(sequence, doc?.value) - count + 1
}

function checked(sequence: IdSequence, stored: unknown): number {
  const value = Number(stored)
  if (!Number.isInteger(value) || value < 1) throw new Error(`ID sequence "${sequence}" is missing or broken`)
  return value
}
