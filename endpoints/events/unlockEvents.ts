import { LRUCache } from 'lru-cache'
import { UNLOCKED_POSTS } from '../../collections/access/protectedFieldRead.js'
import { verifySecret } from '../../collections/secrets.js'
import { EVENTS } from '../../collections/slugs.js'
import type { EventDoc } from '../serializers/docs.js'
import type { RequestContext } from '../types.js'

// scrypt is slow on purpose; a page of protected events checked against the same password would
// pay it per event on every request. Remember recent verdicts (keyed by hash and password).
const verdicts = new LRUCache<string, boolean>({ max: 5000 })

function matches(password: string, hash: string | null | undefined): boolean {
  if (!hash) return false
  const key = `${hash}\u0000${password}`
  let verdict = verdicts.get(key)
  if (verdict === undefined) {
    verdict = verifySecret(password, hash)
    verdicts.set(key, verdict)
  }
  return verdict
}

/**
 * The IDs among `ids` whose event password equals `password` (reference 10: `?password=` unlocks every
 * event having that password). One query for the hashes, which never leave the server.
 */
export async function unlockedIds(ctx: RequestContext, ids: number[], password: unknown): Promise<number[]> {
  if (typeof password !== 'string' || !password || !ids.length) return []
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
  return (found.docs as unknown as Array<{ id: number; passwordHash?: string | null }>)
    .filter((doc) => matches(password, doc.passwordHash))
    .map((doc) => doc.id)
}

/**
 * Events read again with their protected fields, for those the caller unlocked: field access hides
 * them until the namespace has checked the password (collections/access/protectedFieldRead.ts).
 */
export async function readUnlocked(ctx: RequestContext, ids: number[]): Promise<Map<number, EventDoc>> {
  if (!ids.length) return new Map()
  const found = await ctx.payload.find({
    collection: EVENTS,
    where: { id: { in: ids } },
    pagination: false,
    depth: 0,
    trash: true,
    overrideAccess: false,
    user: ctx.user,
    context: { [UNLOCKED_POSTS]: ids },
  })
  return new Map((found.docs as unknown as EventDoc[]).map((doc) => [doc.id, doc]))
}
