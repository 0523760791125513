import { canChangePost, canReadPost } from '../../../collections/access/postCapabilities.js'
import { EVENTS } from '../../../collections/slugs.js'
import { RestError } from '../../errors/RestError.js'
import { loadRelated } from '../../data/loadRelated.js'
import type { Event } from '../../data/documents.js'
import { serializeEvent } from '../serialize/serializeEvent.js'
import type { RequestContext, RestResponse } from '../../types.js'
import { locateEvent } from '../../data/locateEvent.js'
import { readUnlocked, unlockedIds } from '../query/unlockEvents.js'

/**
 * GET /events/<id> (and by slug) with the reference's order of checks (6.1): 404 no such post,
 * 400 not an event, 403 trashed, 403 not readable, 403 password-protected unless `?password=`
 * matches or the caller edits it with `context=edit`; then the event with json_ld.
 */
export async function readEvent(ctx: RequestContext, id: number, raw: Record<string, unknown>): Promise<RestResponse> {
  const located = await locateEvent(ctx, id)
  if (located.found === 'none') throw new RestError('rest-event-not-found', 404, [id])
  if (located.found === 'other-post') throw new RestError('rest-invalid-event-id', 400)
  const { meta } = located
  if (meta.deletedAt) throw new RestError('event-no-longer-available', 403)
  if (!canReadPost(ctx.user, meta)) throw new RestError('event-not-accessible', 403)

  let doc: Event | undefined
  if (meta.hasPassword && !(raw.context === 'edit' && canChangePost(ctx.user, meta))) {
    const unlocked = await unlockedIds(ctx, [id], raw.password)
    if (!unlocked.length) throw new RestError('event-password-protected', 403)
    doc = (await readUnlocked(ctx, unlocked)).get(id)
  } else {
    const found = await ctx.payload.find({
      collection: EVENTS,
      where: { id: { equals: id } },
      limit: 1,
      pagination: false,
      depth: 0,
      overrideAccess: false,
      user: ctx.user,
    })
    doc = found.docs[0]
  }
  // Access control has the last word: what it hides is not accessible.
  if (!doc) throw new RestError('event-not-accessible', 403)
  const related = await loadRelated(ctx, [doc])
  return { body: serializeEvent(doc, related, ctx, { jsonLd: true }) }
}
