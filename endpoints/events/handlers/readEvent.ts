import { canChangePost, canReadPost } from '../../permissions/index.js'
import { EVENTS } from '../../../collections/slugs.js'
import { keepSerialization, keptSerialization, keptSerializations } from '../../cache/keptSerializations.js'
import { RestError } from '../../errors/RestError.js'
import { loadRelated, locateEvent, readOneVisible } from '../../data/index.js'
import { WITHOUT_RICH_TEXT } from '../../data/servedFields.js'
import type { Event } from '../../data/documents.js'
import { serializeEvent } from '../serialize/serializeEvent.js'
import type { RequestContext, RestResponse } from '../../types.js'
import { readUnlocked, unlockedIds } from '../query/unlockEvents.js'

/**
 * GET /events/<id> (and by slug) with the reference's order of checks (6.1): 404 no such post,
 * 400 not an event, 403 trashed, 403 not readable, 403 password-protected unless `?password=`
 * matches or the caller edits it with `context=edit`; then the event with json_ld.
 */
export async function readEvent(ctx: RequestContext, id: number, raw: Record<string, unknown>): Promise<RestResponse> {
  const kept = keptSerializations(ctx, raw, 'event-single')
  const located = await locateEvent(ctx, id)
  if (located.found === 'none') throw new RestError('rest-event-not-found', 404, [id])
  if (located.found === 'other-post') throw new RestError('rest-invalid-event-id', 400)
  const { meta } = located
  if (meta.deletedAt) throw new RestError('event-no-longer-available', 403)
  if (!canReadPost(ctx.user, meta)) throw new RestError('event-not-accessible', 403)

  const reused = kept && !meta.hasPassword ? keptSerialization(kept, id) : undefined
  if (reused) return { body: reused }
  let doc: Event | undefined
  if (meta.hasPassword && !(raw.context === 'edit' && canChangePost(ctx.user, meta))) {
    const unlocked = await unlockedIds(ctx, [id], raw.password)
    if (!unlocked.length) throw new RestError('event-password-protected', 403)
    doc = (await readUnlocked(ctx, unlocked)).get(id)
  } else {
    doc = await readOneVisible(ctx, EVENTS, id, { select: WITHOUT_RICH_TEXT })
  }
  // Access control has the last word: what it hides is not accessible.
  if (!doc) throw new RestError('event-not-accessible', 403)
  const related = await loadRelated(ctx, [doc])
  const body = serializeEvent(doc, related, ctx, { jsonLd: true })
  // Unlocked by a password, it is not the public's answer.
  return { body: kept && !meta.hasPassword ? keepSerialization(kept, id, body) : body }
}
