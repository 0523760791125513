import type { Payload } from 'payload'
import { COUNTERS, ID_SEQUENCES } from '../slugs.js'

/** onInit: make sure every ID sequence has its counter row. Safe when two processes start at once. */
export async function ensureCounters(payload: Payload): Promise<void> {
  for (const sequence of ID_SEQUENCES) {
    const found = await payload.find({ collection: COUNTERS, where: { sequence: { equals: sequence } }, limit: 1, depth: 0 })
    if (found.docs.length) continue
    try {
      await payload.create({ collection: COUNTERS, data: { sequence, value: 0 } })
    } catch (error) {
      const again = await payload.find({ collection: COUNTERS, where: { sequence: { equals: sequence } }, limit: 1 })
      if (!again.docs.length) throw error
    }
  }
}
