import { LRUCache } from 'lru-cache'

export interface FailureLimits {
  /** Failures within `windowSeconds` that lock the key. */
  maxFailures: number
  windowSeconds: number
  /** How long a locked key stays locked. */
  lockSeconds: number
  /** Keys remembered at most (least recently used are forgotten first): bounds memory. */
  maxKeys: number
}

interface Entry {
  failures: number
  windowStart: number
  lockedUntil: number
}

/**
 * Counts failed sign-in attempts per key (a client address, an account) in this process and locks a
 * key for a while once it fails too often. Memory is bounded by `maxKeys`; entries expire on their own.
 */
export class FailureLimiter {
  private readonly entries: LRUCache<string, Entry>

  constructor(
    readonly limits: FailureLimits,
    private readonly now: () => number = Date.now,
  ) {
    this.entries = new LRUCache<string, Entry>({
      max: limits.maxKeys,
      ttl: Math.max(limits.windowSeconds, limits.lockSeconds) * 1000,
      ttlAutopurge: false,
      perf: { now },
    })
  }

  /** Whole seconds until the key may try again; 0 when it is not locked. */
  retryAfter(key: string): number {
    const entry = this.entries.get(key, { updateAgeOnGet: false })
    if (!entry) return 0
    const left = entry.lockedUntil - this.now()
    return left > 0 ? Math.ceil(left / 1000) : 0
  }

  /** Records a failure; returns the lock's length in seconds when this failure locked the key, else 0. */
  fail(key: string): number {
    const now = this.now()
    const { maxFailures, windowSeconds, lockSeconds } = this.limits
    let entry = this.entries.get(key)
    if (!entry || now - entry.windowStart > windowSeconds * 1000) entry = { failures: 0, windowStart: now, lockedUntil: 0 }
    entry.failures += 1
    if (entry.failures >= maxFailures) {
      entry.lockedUntil = now + lockSeconds * 1000
      // A new window starts with the lock, so the next failures after it count afresh.
      entry.failures = 0
      entry.windowStart = entry.lockedUntil
    }
    this.entries.set(key, entry)
    return entry.lockedUntil > now ? lockSeconds : 0
  }

  /** Forgets a key's failures (after a successful sign-in). */
  succeed(key: string): void {
    this.entries.delete(key)
  }

  clear(): void {
    this.entries.clear()
  }

  get size(): number {
    return this.entries.size
  }
}
