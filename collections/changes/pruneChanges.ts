import type { Payload } from 'payload'
import { CHANGES } from '../slugs.js'

const DAY_MS = 24 * 3600 * 1000
/**
 * Kept a day past the retention: a change is dated when its write ran, and committed a little later,
 * so a cursor still inside the retention never finds the changes after it pruned.
 */
const GRACE_MS = DAY_MS

/** Removes the changes older than the retention (and its grace); answers how many went. */
export async function pruneChanges(payload: Payload, retentionDays: number, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS - GRACE_MS).toISOString()
  const where = { changedAt: { less_than: cutoff } }
  const { totalDocs } = await payload.db.count({ collection: CHANGES, where })
  if (totalDocs) await payload.db.deleteMany({ collection: CHANGES, where })
  return totalDocs
}
