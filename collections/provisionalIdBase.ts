import type { Payload, PayloadRequest } from 'payload'
import { pluginOptionsOf } from '../lib/options.js'
import { raisedBase } from '../lib/recurrence/raisedBase.js'
import { COUNTERS } from './slugs.js'

/**
 * The base of provisional IDs now: the configured base raised past the post sequence (raisedBase), so
 * a provisional ID never names a real post. Read with the database adapter, past access control (the
 * highest post ID, whoever may read that post; nothing of it is answered), in `req`'s transaction when
 * given. The one reader for the namespace, the change feed's records and the admin's calendar.
 */
export async function provisionalIdBase(payload: Payload, req?: PayloadRequest): Promise<number> {
  const counter = await payload.db.findOne<{ id: number; value?: number | null }>({ collection: COUNTERS, where: { sequence: { equals: 'post' } }, ...(req ? { req } : {}) })
  return raisedBase(pluginOptionsOf(payload.config).provisionalIdBase, Number(counter?.value ?? 0))
}
