// Hashing for event passwords and application passwords: scrypt with a random salt,
// compared in constant time. Stored as "scrypt$<salt hex>$<hash hex>".
import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto'
import { promisify } from 'node:util'
import { LRUCache } from 'lru-cache'

const PREFIX = 'scrypt$'
const KEY_LENGTH = 32
const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>

export function isHashedSecret(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith(PREFIX) && value.split('$').length === 3
}

/**
 * The stored form of a secret. scrypt runs on libuv's thread pool: hashing (tens of milliseconds by
 * design) never stalls the requests of others, and many hashed at once (an import) use every core.
 */
export async function hashSecret(plain: string): Promise<string> {
  const salt = randomBytes(16)
  const hash = await scryptAsync(plain, salt, KEY_LENGTH)
  return `${PREFIX}${salt.toString('hex')}$${hash.toString('hex')}`
}

/**
 * Whether `plain` matches a stored hash. scrypt runs on libuv's thread pool, so a verification (tens of
 * milliseconds by design) never blocks the requests of others.
 */
export async function verifySecret(plain: string, stored: string | null | undefined): Promise<boolean> {
  if (!stored || !isHashedSecret(stored)) return false
  const [, saltHex, hashHex] = stored.split('$') as [string, string, string]
  const expected = Buffer.from(hashHex, 'hex')
  // A truncated or empty stored hash would make any password "match" (an empty key equals an empty key).
  if (expected.length !== KEY_LENGTH) return false
  const actual = await scryptAsync(plain, Buffer.from(saltHex, 'hex'), expected.length)
  return timingSafeEqual(actual, expected)
}

/** A remembering verifier: a verdict from memory when there is one, else verifySecret's (then remembered). */
export interface RememberingVerifier {
  (plain: string, stored: string | null | undefined): Promise<boolean>
  /** The remembered verdict, or undefined when checking would cost a hash. */
  remembered(plain: string, stored: string | null | undefined): boolean | undefined
}

/**
 * verifySecret with a memory of recent verdicts, for secrets checked on every request (application
 * passwords, ?password= on a page of events). Keyed by a digest of (stored hash, password), so the
 * plain password is never kept, and a changed or deleted hash is never matched from memory.
 */
export function rememberingVerifier(options: { max: number; ttlMs: number }): RememberingVerifier {
  const verdicts = new LRUCache<string, boolean>({ max: options.max, ttl: options.ttlMs })
  const keyOf = (plain: string, stored: string) => createHash('sha256').update(`${stored}\u0000${plain}`).digest('base64')
  const verify = async (plain: string, stored: string | null | undefined): Promise<boolean> => {
    if (!stored) return false
    const key = keyOf(plain, stored)
    const known = verdicts.get(key)
    if (known !== undefined) return known
    const verdict = await verifySecret(plain, stored)
    verdicts.set(key, verdict)
    return verdict
  }
  return Object.assign(verify, {
    remembered: (plain: string, stored: string | null | undefined) => (stored ? verdicts.get(keyOf(plain, stored)) : false),
  })
}

/** Thrown by a HashQueue that already holds as many waiting tasks as it may. */
export class HashQueueFull extends Error {
  constructor() {
    super('too many secrets are waiting to be checked')
  }
}

/**
 * A small queue of hash computations: at most `concurrency` at once on libuv's pool (which zlib,
 * fs and DNS share: four threads by default), at most `maxWaiting` waiting behind them (past that
 * `run` rejects with HashQueueFull at once), in order of arrival.
 */
export class HashQueue {
  private running = 0
  private readonly waiting: Array<() => void> = []

  constructor(readonly concurrency: number, readonly maxWaiting: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.concurrency) this.running++
    else if (this.waiting.length >= this.maxWaiting) throw new HashQueueFull()
    // A finishing task hands its slot straight to the next one (running stays counted).
    else await new Promise<void>((resolve) => this.waiting.push(resolve))
    try {
      return await task()
    } finally {
      const next = this.waiting.shift()
      if (next) next()
      else this.running--
    }
  }
}
