import type { Payload } from 'payload'
import { COUNTERS, type IdSequence } from '../slugs.js'

/**
 * Moves a sequence's counter up to `upTo` (never down), so IDs an import keeps are never handed out
 * afterwards. Done before the import writes them: a create between the two cannot take them either.
 */
export async function reserveIds(payload: Payload, sequence: IdSequence, upTo: number): Promise<void> {
  const found = await payload.find({ collection: COUNTERS, where: { sequence: { equals: sequence } }, limit: 1, depth: 0, overrideAccess: true })
  const counter = found.docs[0] as { id: number | string; value?: number } | undefined
  if (!counter) throw new Error(`ID sequence "${sequence}" is missing`)
  if (Number(counter.value) >= upTo) return
  await payload.db.updateOne({
    collection: COUNTERS,
    where: { and: [{ sequence: { equals: sequence } }, { value: { less_than: upTo } }] },
    data: { value: upTo },
  })
}
