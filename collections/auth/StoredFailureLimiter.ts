import { createHash } from 'node:crypto'
import type { Payload, PayloadRequest, Where } from 'payload'
import { SIGN_IN_FAILURES } from '../SignInFailures.js'
import type { SignInFailure } from '../../src/payload-types.js'

export interface FailureLimits {
  /** Failures within `windowSeconds` that lock the key. */
  maxFailures: number
  windowSeconds: number
  /** How long a locked key stays locked. */
  lockSeconds: number
}

export type FailureScope = 'pair' | 'address' | 'event-password'

/** What a counter is about: an (account, address) pair, an address alone, or an address guessing event passwords. */
export interface FailureSubject {
  scope: FailureScope
  /** Normalised login (pairs only). */
  login?: string
  address: string
}

/** How often one process sweeps expired rows, at most. */
const SWEEP_INTERVAL_MS = 60_000

/** Longest login stored (for the CLI): no account has a longer username or e-mail; the key digests it whole. */
const MAX_LOGIN = 320

const keyOf = (s: FailureSubject) => createHash('sha256').update(`${s.scope}\n${s.address}\n${s.login ?? ''}`).digest('hex')

/**
 * Runs `work` in a transaction of its own: never the caller's (an event write's), and on SQLite queued
 * behind the transaction open in this process instead of failing on its write lock. Adapters without
 * transactions (MongoDB standalone) run it as it is.
 */
async function ownTransaction<T>(payload: Payload, work: (req: Partial<PayloadRequest>) => Promise<T>): Promise<T> {
  const id = await payload.db.beginTransaction()
  if (id === null || id === undefined) return work({})
  try {
    const result = await work({ transactionID: id })
    await payload.db.commitTransaction(id)
    return result
  } catch (error) {
    await payload.db.rollbackTransaction(id).catch(() => {})
    throw error
  }
}

/**
 * Counts failed attempts per key in the database, so every process on it shares one count and a
 * restart forgets nothing. A fixed window of `windowSeconds` from the first failure; reaching
 * `maxFailures` locks the key for `lockSeconds`, and a new window starts when the lock ends. Each
 * change is one conditional UPDATE (an increment only within a live window, a reset only of a stale
 * one), so concurrent processes never lose a failure; a missing row is created, and a unique-key
 * conflict (another process created it first) retries the update.
 */
export class StoredFailureLimiter {
  private lastSweep = 0

  constructor(
    readonly scope: FailureScope,
    readonly limits: FailureLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whole seconds until any of the subjects may try again; 0 when none is locked. */
  static async retryAfter(payload: Payload, subjects: FailureSubject[], now = Date.now()): Promise<number> {
    if (!subjects.length) return 0
    const found = await payload.db.find<SignInFailure>({
      collection: SIGN_IN_FAILURES,
      where: { and: [{ key: { in: subjects.map(keyOf) } }, { lockedUntil: { greater_than: now } }] },
      limit: subjects.length,
      pagination: false,
    })
    const until = Math.max(0, ...found.docs.map((row) => Number(row.lockedUntil) || 0))
    return until > now ? Math.ceil((until - now) / 1000) : 0
  }

  /** Records a failure; returns the lock's length in seconds when this failure locked the key, else 0. */
  async fail(payload: Payload, subject: FailureSubject): Promise<number> {
    const { maxFailures, windowSeconds, lockSeconds } = this.limits
    const key = keyOf(subject)
    // One transaction per attempt: a unique-key conflict (another process created the row first)
    // aborts a PostgreSQL transaction, so the retry starts a new one and counts on that row.
    const attempt = async (req: Partial<PayloadRequest>): Promise<boolean> => {
      const now = this.now()
      const windowFrom = now - windowSeconds * 1000
      // The adapter's updateOne is declared to answer a DOM `Document`; it answers the collection's row.
      const update = (where: Where, data: Record<string, unknown>) =>
        payload.db.updateOne({ collection: SIGN_IN_FAILURES, where: { and: [{ key: { equals: key } }, where] }, data, req, returning: true }) as unknown as Promise<SignInFailure | null>
      // Within a live window: one more.
      let row = await update({ windowStart: { greater_than: windowFrom } }, { failures: { $inc: 1 } })
      // A stale window: start a new one with this failure (only one process wins the reset).
      row ??= await update({ windowStart: { less_than_equal: windowFrom } }, { failures: 1, windowStart: now, lockedUntil: 0, expiresAt: now + windowSeconds * 1000 })
      row ??= (await payload.db.create({
        collection: SIGN_IN_FAILURES,
        data: { key, ...subject, login: (subject.login ?? '').slice(0, MAX_LOGIN), address: subject.address.slice(0, MAX_LOGIN), failures: 1, windowStart: now, lockedUntil: 0, expiresAt: now + windowSeconds * 1000 },
        req,
      })) as SignInFailure
      if (Number(row.failures) < maxFailures) return false
      // The lock starts a new window, so the failures after it count afresh.
      const until = now + lockSeconds * 1000
      await update({ failures: { greater_than_equal: maxFailures } }, { failures: 0, windowStart: until, lockedUntil: until, expiresAt: until + windowSeconds * 1000 })
      return true
    }
    let locked: boolean
    for (let tries = 1; ; tries++) {
      try {
        locked = await ownTransaction(payload, attempt)
        break
      } catch (error) {
        if (tries >= 5) throw error
      }
    }
    await this.sweep(payload)
    return locked ? lockSeconds : 0
  }

  /** Forgets a key's failures (after a successful sign-in); reads first, so a clean key costs no write. */
  async succeed(payload: Payload, subject: FailureSubject): Promise<void> {
    const key = keyOf(subject)
    const found = await payload.db.find({ collection: SIGN_IN_FAILURES, where: { key: { equals: key } }, limit: 1, pagination: false })
    if (!found.docs.length) return
    await ownTransaction(payload, (req) => payload.db.deleteMany({ collection: SIGN_IN_FAILURES, where: { key: { equals: key } }, req }))
  }

  /** Removes expired rows, at most once a minute per process. */
  private async sweep(payload: Payload): Promise<void> {
    const now = this.now()
    if (now - this.lastSweep < SWEEP_INTERVAL_MS) return
    this.lastSweep = now
    await ownTransaction(payload, (req) => payload.db.deleteMany({ collection: SIGN_IN_FAILURES, where: { expiresAt: { less_than: now } }, req })).catch((err: unknown) => {
      payload.logger.warn({ err }, 'could not remove expired sign-in failure counters')
    })
  }
}

/** Active locks (of pairs with one of `logins`, or of `address`) as rows; for the operator CLI. */
export async function activeLocks(payload: Payload, where: Where, now = Date.now()): Promise<Array<{ login: string; address: string; lockedUntil: number }>> {
  const found = await payload.db.find<SignInFailure>({ collection: SIGN_IN_FAILURES, where: { and: [where, { lockedUntil: { greater_than: now } }] }, limit: 0, pagination: false })
  return found.docs.map((row) => ({
    login: row.login ?? '',
    address: row.address ?? '',
    lockedUntil: Number(row.lockedUntil) || 0,
  }))
}

/** Deletes the counters `where` selects (locks and counts alike), in a transaction of its own; returns how many. */
export async function removeCounters(payload: Payload, where: Where): Promise<number> {
  const found = await payload.db.find<SignInFailure>({ collection: SIGN_IN_FAILURES, where, limit: 0, pagination: false })
  if (!found.docs.length) return 0
  const ids = found.docs.map((row) => row.id)
  await ownTransaction(payload, (req) => payload.db.deleteMany({ collection: SIGN_IN_FAILURES, where: { id: { in: ids } }, req }))
  return ids.length
}
