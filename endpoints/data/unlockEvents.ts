import { UNLOCKED_POSTS } from '../../collections/access/protectedFieldRead.js'
import { eventPasswordLimits } from '../../collections/auth/eventPasswordLimits.js'
import { HashQueue, HashQueueFull, rememberingVerifier } from '../../collections/secrets.js'
import { EVENTS } from '../../collections/slugs.js'
import { RestError } from '../errors/RestError.js'
import type { Event } from './documents.js'
import { WITHOUT_RICH_TEXT } from './servedFields.js'
import type { RequestContext } from '../types.js'

// scrypt is slow on purpose; a page of protected events checked against the same password would pay it
// per event on every request. Verdicts are remembered (keyed by a digest, never the password itself).
const matches = rememberingVerifier({ max: 5_000, ttlMs: 10 * 60_000 })

// Checks take one of libuv's four threads at a time, so compression, fs and DNS keep the other three
// whatever guesses arrive; about ten seconds of checks may wait, then callers are told to come back.
const checks = new HashQueue(1, 64)
const BUSY_RETRY_SECONDS = 5

/** scrypt runs of event-password checks in this process (read by tests). */
export const eventPasswordHashes = { count: 0 }

/**
 * One password against one stored hash on the check queue. Waiting there, the verdict may have become
 * known, or the address locked (then no hash: false). A wrong verdict that cost a hash is counted
 * before the queue moves on, so one address never gets more hashes than its failure limit allows.
 */
function check(ctx: RequestContext, address: string, password: string, stored: string): Promise<boolean> {
  return checks.run(async () => {
    const known = matches.remembered(password, stored)
    if (known !== undefined) return known
    if (eventPasswordLimits.isLockedHere(address)) return false
    eventPasswordHashes.count++
    const verdict = await matches(password, stored)
    if (!verdict) await eventPasswordLimits.recordFailure(ctx.payload, address)
    return verdict
  })
}

/**
 * The IDs among `ids` whose event password equals `password` (reference 10: `?password=` unlocks every
 * event having that password). One query for the hashes, which never leave the server. Remembered
 * verdicts are free; at most `eventPasswordMaxHashes` events per request are checked by hash, the rest
 * stay locked in this answer. Each wrong verdict that cost a hash counts against the client address,
 * which gets 429 for a while once it has too many.
 */
export async function unlockedIds(ctx: RequestContext, ids: number[], password: unknown): Promise<number[]> {
  if (typeof password !== 'string' || !password || !ids.length) return []
  const address = ctx.clientAddress ?? 'unknown'
  // Counted in the database (collections/auth/eventPasswordLimits.ts): every server process shares one count.
  const wait = await eventPasswordLimits.retryAfter(ctx.payload, address)
  if (wait > 0) throw tooMany('too_many_event_passwords', wait)
  const found = await ctx.payload.find({
    collection: EVENTS,
    where: { id: { in: ids } },
    pagination: false,
    depth: 0,
    trash: true,
    showHiddenFields: true,
    select: { passwordHash: true },
    overrideAccess: false,
    user: ctx.user,
  })
  const docs = found.docs
  let budget = ctx.options.eventPasswordMaxHashes
  const verdicts = await Promise.allSettled(
    docs.map((doc) => {
      const known = matches.remembered(password, doc.passwordHash)
      if (known !== undefined || !doc.passwordHash) return known ?? false
      if (budget <= 0) return false
      budget--
      return check(ctx, address, password, doc.passwordHash)
    }),
  )
  const failed = verdicts.find((v) => v.status === 'rejected')
  if (failed) throw failed.reason instanceof HashQueueFull ? tooMany('event_passwords_busy', BUSY_RETRY_SECONDS) : failed.reason
  return docs.filter((_, i) => (verdicts[i] as PromiseFulfilledResult<boolean>).value).map((doc) => doc.id)
}

function tooMany(code: 'too_many_event_passwords' | 'event_passwords_busy', wait: number): RestError {
  const error = new RestError(code, 429, [wait])
  error.headers['Retry-After'] = String(wait)
  return error
}

/**
 * Events read again with their protected fields, for those the caller unlocked: field access hides
 * them until the namespace has checked the password (collections/access/protectedFieldRead.ts).
 */
export async function readUnlocked(ctx: RequestContext, ids: number[]): Promise<Map<number, Event>> {
  if (!ids.length) return new Map()
  const found = await ctx.payload.find({
    collection: EVENTS,
    where: { id: { in: ids } },
    pagination: false,
    depth: 0,
    select: WITHOUT_RICH_TEXT,
    trash: true,
    overrideAccess: false,
    user: ctx.user,
    context: { [UNLOCKED_POSTS]: ids },
  })
  return new Map(found.docs.map((doc) => [doc.id, doc]))
}
