import { canReadPost } from '../../permissions/index.js'
import { RestError } from '../../errors/RestError.js'
import { keepEventObject, keptEventObjects, loadEvent, locateEvent, occurrenceView, type Unlock } from '../../data/index.js'
import { serializeEvent } from '../serialize/serializeEvent.js'
import type { RequestContext, RestResponse } from '../../types.js'

/**
 * GET /events/<id> (and by slug) with the reference's order of checks (6.1): 404 no such post,
 * 400 not an event, 403 trashed, 403 not readable, 403 password-protected unless `?password=`
 * matches or the caller edits it with `context=edit`; then the event with json_ld.
 */
export async function readEvent(ctx: RequestContext, id: number, unlock: Unlock): Promise<RestResponse> {
  const kept = keptEventObjects(ctx, unlock, 'event-single')
  const located = await locateEvent(ctx, id)
  if (located.found === 'none') throw new RestError('rest-event-not-found', 404, [id])
  if (located.found === 'other-post') throw new RestError('rest-invalid-event-id', 400)
  const { meta } = located
  if (meta.deletedAt) throw new RestError('event-no-longer-available', 403)
  if (!canReadPost(ctx.user, meta)) throw new RestError('event-not-accessible', 403)

  // An occurrence (a provisional ID) is its event at its own dates: not kept, as its event's ID is shared.
  const { occurrence } = meta
  const load = await loadEvent(ctx, meta, unlock, occurrence ? undefined : kept)
  if (load.found === 'kept') return { body: load.object }
  if (load.found === 'locked') throw new RestError('event-password-protected', 403)
  // Access control has the last word: what it hides is not accessible.
  if (load.found === 'hidden') throw new RestError('event-not-accessible', 403)
  if (occurrence) {
    const view = await occurrenceView(ctx, load.doc, occurrence)
    const doc = { ...load.doc, startDate: view.startDate, endDate: view.endDate }
    return { body: serializeEvent(doc, load.related, ctx, { jsonLd: true, occurrence: view }) }
  }
  return { body: keepEventObject(kept, load, serializeEvent(load.doc, load.related, ctx, { jsonLd: true })) }
}
