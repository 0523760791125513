import type { Payload } from 'payload'
import { COUNTERS, type IdSequence } from '../slugs.js'

/**
 * Next integer from a shared sequence, bumped atomically by the database ($inc), outside the
 * caller's transaction so parallel creates never wait on each other. A failed create leaves a gap,
 * as WordPress's auto-increment does.
 */
export async function nextId(payload: Payload, sequence: IdSequence): Promise<number> {
  const doc = (await payload.db.updateOne({
    collection: COUNTERS,
    where: { sequence: { equals: sequence } },
    data: { value: { $inc: 1 } },
    returning: true,
  })) as { value?: number } | null
  const value = Number(doc?.value)
  if (!Number.isInteger(value) || value < 1) throw new Error(`ID sequence "${sequence}" is missing or broken`)
  return value
}
