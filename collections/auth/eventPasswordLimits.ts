import { LRUCache } from 'lru-cache'
import type { Payload } from 'payload'
import { type FailureSubject, StoredFailureLimiter, removeCounters } from './StoredFailureLimiter.js'

// Guessing event passwords costs the server an scrypt run per protected event: every wrong verdict
// that took a hash counts as one failure of the client address (not one per request), in the same
// database counters as failed sign-ins, so every server process (workers, instances) counts them
// together (see docs/security.md, Failed sign-in limits).
const limiter = new StoredFailureLimiter('event-password', { maxFailures: 30, windowSeconds: 600, lockSeconds: 600 })

const subject = (address: string): FailureSubject => ({ scope: 'event-password', address })

// Locks this process set, with when: checks already queued for a locked address are skipped without a
// query. A request starting afresh reads the database, where the CLI may have lifted the lock.
const lockedHere = new LRUCache<string, number>({ max: 10_000, ttl: limiter.limits.lockSeconds * 1000 })

export const eventPasswordLimits = {
  limiter,

  /** Seconds until `address` may try an event password again; 0 when it is not locked. */
  async retryAfter(payload: Payload, address: string): Promise<number> {
    const askedAt = Date.now()
    const wait = await StoredFailureLimiter.retryAfter(payload, [subject(address)])
    // Unlocked in the database (expired, or lifted by users:unlock): forget a lock set before we asked.
    if (wait === 0 && (lockedHere.get(address) ?? Infinity) < askedAt) lockedHere.delete(address)
    return wait
  },

  /** Whether this process locked `address` (no query: for checks waiting in the hash queue). */
  isLockedHere(address: string): boolean {
    return lockedHere.has(address)
  },

  /** Counts one wrong verdict that cost a hash. */
  async recordFailure(payload: Payload, address: string): Promise<void> {
    if (await limiter.fail(payload, subject(address))) lockedHere.set(address, Date.now())
  },

  /** Forgets every event-password counter and lock (tests). */
  async clear(payload: Payload): Promise<void> {
    lockedHere.clear()
    await removeCounters(payload, { scope: { equals: 'event-password' } })
  },
}
