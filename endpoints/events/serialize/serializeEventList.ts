import { canChangePost } from '../../permissions/index.js'
import { type KeptSerializations, keepSerialization, keptSerialization } from '../../cache/keptSerializations.js'
import { loadRelated } from '../../data/index.js'
import type { Event } from '../../data/documents.js'
import { serializeEvent } from './serializeEvent.js'
import type { RequestContext } from '../../types.js'
import { readUnlocked, unlockedIds } from '../query/unlockEvents.js'

/**
 * Events of a list as the caller may see them: password-protected ones blanked unless `?password=`
 * matches or their editor asks with context=edit (reference 10); linked documents read once for the
 * whole list. With `kept` (the public's), events serialized since the last write are reused and only
 * the others are serialized.
 */
export async function serializeEventList(ctx: RequestContext, found: Event[], raw: Record<string, unknown>, kept?: KeptSerializations) {
  const reused = kept ? found.map((d) => keptSerialization(kept, d.id)) : []
  const missing = kept ? found.filter((_, i) => reused[i] === undefined) : found
  if (!missing.length) return reused
  const editing = raw.context === 'edit'
  const protectedIds = missing.filter((d) => d.hasPassword && !(editing && canChangePost(ctx.user, d))).map((d) => d.id)
  const unlocked = await unlockedIds(ctx, protectedIds, raw.password)
  const full = unlocked.length ? await readUnlocked(ctx, unlocked) : new Map<number, Event>()
  const docs = missing.map((d) => full.get(d.id) ?? d)
  const locked = new Set(protectedIds.filter((id) => !unlocked.includes(id)))
  const related = await loadRelated(ctx, docs)
  const serialized = new Map(docs.map((doc) => {
    const object = serializeEvent(doc, related, ctx, { locked: locked.has(doc.id) })
    return [doc.id, kept ? keepSerialization(kept, doc.id, object) : object]
  }))
  return found.map((d, i) => reused[i] ?? serialized.get(d.id)!)
}
