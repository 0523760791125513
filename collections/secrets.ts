// Hashing for event passwords and application passwords: scrypt with a random salt,
// compared in constant time. Stored as "scrypt$<salt hex>$<hash hex>".
import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto'

const PREFIX = 'scrypt$'
const KEY_LENGTH = 32

export function isHashedSecret(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith(PREFIX) && value.split('$').length === 3
}

export function hashSecret(plain: string): string {
  const salt = randomBytes(16)
  const hash = scryptSync(plain, salt, KEY_LENGTH)
  return `${PREFIX}${salt.toString('hex')}$${hash.toString('hex')}`
}

export function verifySecret(plain: string, stored: string | null | undefined): boolean {
  if (!stored || !isHashedSecret(stored)) return false
  const [, saltHex, hashHex] = stored.split('$') as [string, string, string]
  const expected = Buffer.from(hashHex, 'hex')
  // A truncated or empty stored hash would make any password "match" (an empty key equals an empty key).
  if (expected.length !== KEY_LENGTH) return false
  const actual = scryptSync(plain, Buffer.from(saltHex, 'hex'), expected.length)
  return timingSafeEqual(actual, expected)
}
