import { FailureLimiter } from './FailureLimiter.js'

// Failed sign-ins (application passwords and Payload's password login), counted in memory per process
// (see README, Authentication). Per (account, address): one place guessing one account. Per address:
// one place guessing many accounts. Deliberately no account-wide lock: anyone could trip it and keep
// the owner out; guessing from many addresses is bounded per address instead.
const byPair = new FailureLimiter({ maxFailures: 10, windowSeconds: 600, lockSeconds: 600, maxKeys: 50_000 })
const byAddress = new FailureLimiter({ maxFailures: 30, windowSeconds: 600, lockSeconds: 600, maxKeys: 20_000 })

const pairKey = (login: string, address?: string) => `${login.trim().toLowerCase()}\u0000${address ?? 'unknown'}`

/**
 * The sign-in failure policy shared by the application-password strategy and the password login
 * (every entry point) and the calendar namespace (which answers 429 while a pair or address is locked).
 * `address` is the client's, when the entry point knows it; without one, every such caller shares
 * the key "unknown" (only code calling the Local API has none).
 */
export const signInLimits = {
  byPair,
  byAddress,

  /** Seconds until `login` from `address` may try again; 0 when neither the pair nor the address is locked. */
  retryAfter(login: string, address?: string): number {
    return Math.max(byPair.retryAfter(pairKey(login, address)), address ? byAddress.retryAfter(address) : 0)
  },

  recordFailure(login: string, address?: string): void {
    byPair.fail(pairKey(login, address))
    if (address) byAddress.fail(address)
  },

  /** A success forgets the pair's failures; the address keeps its count (it may be guessing others). */
  recordSuccess(login: string, address?: string): void {
    byPair.succeed(pairKey(login, address))
  },

  clear(): void {
    byPair.clear()
    byAddress.clear()
  },
}
