import type { Payload } from 'payload'
import { type FailureSubject, StoredFailureLimiter, removeCounters } from './StoredFailureLimiter.js'

// Guessing event passwords costs the server an scrypt run per protected event: wrong guesses from one
// client address are limited like failed sign-ins, in the same database counters, so every server
// process (workers, instances) counts them together (see README, Authentication).
const limiter = new StoredFailureLimiter('event-password', { maxFailures: 30, windowSeconds: 600, lockSeconds: 600 })

const subject = (address: string): FailureSubject => ({ scope: 'event-password', address })

export const eventPasswordLimits = {
  limiter,

  /** Seconds until `address` may try an event password again; 0 when it is not locked. */
  retryAfter(payload: Payload, address: string): Promise<number> {
    return StoredFailureLimiter.retryAfter(payload, [subject(address)])
  },

  async recordFailure(payload: Payload, address: string): Promise<void> {
    await limiter.fail(payload, subject(address))
  },

  /** Forgets every event-password counter and lock (tests). */
  async clear(payload: Payload): Promise<void> {
    await removeCounters(payload, { scope: { equals: 'event-password' } })
  },
}
