import { canChangePost } from '../../permissions/index.js'
import { loadRelated } from '../../data/index.js'
import type { Event } from '../../data/documents.js'
import { serializeEvent } from './serializeEvent.js'
import type { RequestContext } from '../../types.js'
import { readUnlocked, unlockedIds } from '../query/unlockEvents.js'

/**
 * Events of a list as the caller may see them: password-protected ones blanked unless `?password=`
 * matches or their editor asks with context=edit (reference 10); linked documents read once for the
 * whole list.
 */
export async function serializeEventList(ctx: RequestContext, found: Event[], raw: Record<string, unknown>) {
  const editing = raw.context === 'edit'
  const protectedIds = found.filter((d) => d.hasPassword && !(editing && canChangePost(ctx.user, d))).map((d) => d.id)
  const unlocked = await unlockedIds(ctx, protectedIds, raw.password)
  const full = unlocked.length ? await readUnlocked(ctx, unlocked) : new Map<number, Event>()
  const docs = found.map((d) => full.get(d.id) ?? d)
  const locked = new Set(protectedIds.filter((id) => !unlocked.includes(id)))
  const related = await loadRelated(ctx, docs)
  return docs.map((doc) => serializeEvent(doc, related, ctx, { locked: locked.has(doc.id) }))
}
