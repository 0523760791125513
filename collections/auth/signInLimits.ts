import type { Payload } from 'payload'
import { type FailureSubject, StoredFailureLimiter, removeCounters } from './StoredFailureLimiter.js'

// Failed sign-ins (application passwords and Payload's password login), counted in the database so
// every server process shares them and a restart keeps them (see docs/security.md, Failed sign-in limits). Per
// (account, address): one place guessing one account. Per address: one place guessing many accounts.
// Deliberately no account-wide lock: anyone could trip it and keep the owner out; guessing from many
// addresses is bounded per address instead.
const byPair = new StoredFailureLimiter('pair', { maxFailures: 10, windowSeconds: 600, lockSeconds: 600 })
const byAddress = new StoredFailureLimiter('address', { maxFailures: 30, windowSeconds: 600, lockSeconds: 600 })

/** Without a known address every such caller shares this one (only code calling the Local API has none). */
const UNKNOWN_ADDRESS = 'unknown'

/** How a login is keyed: trimmed, lower case (as Payload stores e-mails), no NUL (PostgreSQL text refuses it). */
export function normaliseLogin(login: string): string {
  return login.trim().toLowerCase().replaceAll('\u0000', '\uFFFD')
}

const pair = (login: string, address?: string): FailureSubject => ({ scope: 'pair', login: normaliseLogin(login), address: address || UNKNOWN_ADDRESS })
const anAddress = (address: string): FailureSubject => ({ scope: 'address', address })

// Payload instances that counted here, so clear() without an argument (tests) reaches them all.
const seen = new Set<Payload>()

/**
 * The sign-in failure policy shared by the application-password strategy and the password login
 * (every entry point) and the calendar namespace (which answers 429 while a pair or address is locked).
 * `address` is the client's, when the entry point knows it. Counters are written outside any
 * transaction the caller has open (see StoredFailureLimiter).
 */
export const signInLimits = {
  byPair,
  byAddress,

  /** Seconds until `login` from `address` may try again; 0 when neither the pair nor the address is locked. */
  retryAfter(payload: Payload, login: string, address?: string): Promise<number> {
    seen.add(payload)
    return StoredFailureLimiter.retryAfter(payload, address ? [pair(login, address), anAddress(address)] : [pair(login)])
  },

  async recordFailure(payload: Payload, login: string, address?: string): Promise<void> {
    seen.add(payload)
    await byPair.fail(payload, pair(login, address))
    if (address) await byAddress.fail(payload, anAddress(address))
  },

  /** A success forgets the pair's failures; the address keeps its count (it may be guessing others). */
  async recordSuccess(payload: Payload, login: string, address?: string): Promise<void> {
    await byPair.succeed(payload, pair(login, address))
  },

  /** Forgets every counter and lock (tests): of `payload`'s database, or of every instance that counted. */
  async clear(payload?: Payload): Promise<void> {
    for (const target of payload ? [payload] : [...seen]) {
      try {
        await removeCounters(target, {})
      } catch {
        // A destroyed instance (an earlier suite's app): nothing left to clear.
        seen.delete(target)
      }
    }
  },
}
