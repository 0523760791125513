import type { Payload, PayloadRequest } from 'payload'
import { COUNTERS, type IdSequence } from '../slugs.js'

/**
 * The highest ID an import may keep: half of the largest ID (2^31 − 1, PostgreSQL's `serial` columns),
 * so that a kept ID still leaves the sequence a billion IDs before the columns end.
 */
export const KEPT_ID_CEILING = 2 ** 30 - 1

/**
 * Moves a sequence's counter up to `upTo` (never down, never past KEPT_ID_CEILING), so IDs an import
 * keeps are never handed out afterwards. Done before the import writes them: a create between the two
 * cannot take them either. With `req`, inside that request's transaction (a hook reserving what it writes).
 */
export async function reserveIds(payload: Payload, sequence: IdSequence, upTo: number, req?: PayloadRequest): Promise<void> {
  if (!Number.isSafeInteger(upTo) || upTo > KEPT_ID_CEILING) throw new Error(`ID ${upTo} cannot be reserved: kept IDs end at ${KEPT_ID_CEILING}`)
  const found = await payload.find({ collection: COUNTERS, where: { sequence: { equals: sequence } }, limit: 1, depth: 0, overrideAccess: true, req })
  const counter = found.docs[0] as { id: number | string; value?: number } | undefined
  if (!counter) throw new Error(`ID sequence "${sequence}" is missing`)
  if (Number(counter.value) >= upTo) return
  await payload.db.updateOne({
    collection: COUNTERS,
    where: { and: [{ sequence: { equals: sequence } }, { value: { less_than: upTo } }] },
    data: { value: upTo },
    req,
  })
}
