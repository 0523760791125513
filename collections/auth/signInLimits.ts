import { FailureLimiter } from './FailureLimiter.js'

// Failed application-password attempts, counted in memory per process (see README, Authentication).
// Per client address: many accounts tried from one place. Per account: one account tried from many.
const byAddress = new FailureLimiter({ maxFailures: 20, windowSeconds: 600, lockSeconds: 600, maxKeys: 20_000 })
const byAccount = new FailureLimiter({ maxFailures: 10, windowSeconds: 600, lockSeconds: 600, maxKeys: 20_000 })

const accountKey = (login: string) => login.trim().toLowerCase()

/**
 * The sign-in failure policy shared by the application-password strategy (every entry point) and the
 * calendar namespace (which answers 429 while a client or an account is locked).
 */
export const signInLimits = {
  byAddress,
  byAccount,

  /** Seconds until `login` (from `address`, when known) may try again; 0 when neither is locked. */
  retryAfter(login: string, address?: string): number {
    return Math.max(byAccount.retryAfter(accountKey(login)), address ? byAddress.retryAfter(address) : 0)
  },

  recordFailure(login: string, address?: string): void {
    byAccount.fail(accountKey(login))
    if (address) byAddress.fail(address)
  },

  /** A success forgets the account's failures; the address keeps its count. */
  recordSuccess(login: string): void {
    byAccount.succeed(accountKey(login))
  },

  clear(): void {
    byAddress.clear()
    byAccount.clear()
  },
}
