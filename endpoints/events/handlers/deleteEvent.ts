import { EVENTS } from '../../../collections/slugs.js'
import { RestError } from '../../errors/RestError.js'
import type { RequestContext, RestResponse } from '../../types.js'
import { cancelOccurrence, loadEvent, locateEvent, occurrenceView, trashPost } from '../../data/index.js'
import { eventAnswer } from './eventAnswer.js'

/**
 * DELETE /events/<id> after validation and permission (reference 6.7): 404 no such post, 400 not an
 * event, 410 already trashed; otherwise the event moves to the trash (never deleted for good) and the
 * answer is the trashed event.
 */
export async function deleteEvent(ctx: RequestContext, id: number): Promise<RestResponse> {
  const located = await locateEvent(ctx, id)
  if (located.found === 'none') throw new RestError('rest-event-not-found', 404, [id])
  if (located.found === 'other-post') throw new RestError('rest-invalid-event-id', 400)
  if (located.meta.deletedAt) throw new RestError('event-is-in-trash', 410)
  // A provisional ID: that occurrence is cancelled (it leaves lists and feeds; the series stays), and
  // the answer is the occurrence as it was, marked trashed.
  const { occurrence } = located.meta
  if (occurrence) {
    const load = await loadEvent(ctx, located.meta, { context: 'edit' })
    if (load.found !== 'event') throw new RestError('event-not-accessible', 403)
    const view = await occurrenceView(ctx, load.doc, occurrence)
    if (occurrence.state === 'changed') await trashPost(ctx, EVENTS, located.meta.id)
    await cancelOccurrence(ctx, occurrence.id)
    return { body: { ...(await eventAnswer(ctx, load.doc, view)), status: 'trash' } }
  }
  let doc
  try {
    doc = await trashPost(ctx, EVENTS, id)
  } catch (err) {
    ctx.payload.logger.error({ err, id }, 'could not trash an event')
    throw new RestError('could-not-delete-event', 500)
  }
  return { body: await eventAnswer(ctx, doc) }
}
