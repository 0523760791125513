import { pbkdf2, randomBytes, timingSafeEqual } from 'node:crypto'
import { promisify } from 'node:util'

const pbkdf2Async = promisify(pbkdf2)

// Payload's stored password format (payload/dist/auth/strategies/local/generatePasswordSaltHash.js,
// not exported): "pbkdf2-sha256-v1:<hex>" with 600,000 iterations and 32 bytes; older hashes are bare
// hex with 25,000 iterations and 512 bytes. Both PBKDF2-SHA256 over the hex salt string.
const CURRENT_PREFIX = 'pbkdf2-sha256-v1:'
const CURRENT = { iterations: 600_000, keyLength: 32 }
const LEGACY = { iterations: 25_000, keyLength: 512 }

// Checked when no account matches, so an unknown login costs what a wrong password does.
const DUMMY = { salt: randomBytes(32).toString('hex'), hash: `${CURRENT_PREFIX}${randomBytes(CURRENT.keyLength).toString('hex')}` }

/**
 * Whether `password` matches a user's Payload password (`hash` and `salt` as the adapter returns them),
 * computed as Payload's local strategy does, on the thread pool. Without a user (or a password set),
 * a dummy hash of the current kind is checked instead and the answer is false, in the same time.
 */
export async function verifyLoginPassword(user: { hash?: unknown; salt?: unknown } | null | undefined, password: string): Promise<boolean> {
  const real = typeof user?.hash === 'string' && typeof user?.salt === 'string'
  const { hash, salt } = real ? (user as { hash: string; salt: string }) : DUMMY
  const current = hash.startsWith(CURRENT_PREFIX)
  const { iterations, keyLength } = current ? CURRENT : LEGACY
  const expected = Buffer.from(current ? hash.slice(CURRENT_PREFIX.length) : hash, 'hex')
  const actual = await pbkdf2Async(password, salt, iterations, keyLength, 'sha256')
  return real && actual.length === expected.length && timingSafeEqual(actual, expected)
}
