import { UNLOCKED_POSTS } from '../../../collections/access/protectedFieldRead.js'
import { eventPasswordLimits } from '../../../collections/auth/eventPasswordLimits.js'
import { rememberingVerifier } from '../../../collections/secrets.js'
import { EVENTS } from '../../../collections/slugs.js'
import { RestError } from '../../errors/RestError.js'
import type { Event } from '../../data/documents.js'
import { WITHOUT_RICH_TEXT } from '../../data/servedFields.js'
import type { RequestContext } from '../../types.js'

// scrypt is slow on purpose; a page of protected events checked against the same password would pay it
// per event on every request. Verdicts are remembered (keyed by a digest, never the password itself).
const matches = rememberingVerifier({ max: 5_000, ttlMs: 10 * 60_000 })

/**
 * The IDs among `ids` whose event password equals `password` (reference 10: `?password=` unlocks every
 * event having that password). One query for the hashes, which never leave the server. A client that
 * keeps guessing wrong gets 429 for a while.
 */
export async function unlockedIds(ctx: RequestContext, ids: number[], password: unknown): Promise<number[]> {
  if (typeof password !== 'string' || !password || !ids.length) return []
  const address = ctx.clientAddress ?? 'unknown'
  // Counted in the database (collections/auth/eventPasswordLimits.ts): every server process shares one count.
  const wait = await eventPasswordLimits.retryAfter(ctx.payload, address)
  if (wait > 0) {
    const error = new RestError('too_many_event_passwords', 429, [wait])
    error.headers['Retry-After'] = String(wait)
    throw error
  }
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
  const verdicts = await Promise.all(docs.map((doc) => matches(password, doc.passwordHash)))
  const unlocked = docs.filter((_, i) => verdicts[i]).map((doc) => doc.id)
  if (!unlocked.length) await eventPasswordLimits.recordFailure(ctx.payload, address)
  return unlocked
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
