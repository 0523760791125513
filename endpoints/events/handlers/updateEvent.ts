import { RestError } from '../../errors/RestError.js'
import type { RequestContext, RestResponse } from '../../types.js'
import type { EventWriteValues } from '../params/eventWriteArgs.js'
import type { Sent } from '../params/sentArgs.js'
import { locateEvent } from '../../data/index.js'
import { eventAnswer } from './eventAnswer.js'
import { saveEvent } from '../write/saveEvent.js'
import type { Scope } from '../params/scopeArg.js'
import { updateOccurrence } from './updateOccurrence.js'

/**
 * POST/PUT/PATCH /events/<id> after validation and permission (reference 6.4): 404 when no post has
 * the ID, 400 when it is a venue or an organizer, then a partial update (docs/api.md, deliberate difference 1),
 * trashed events included. 200 with the event.
 */
export async function updateEvent(ctx: RequestContext, id: number, params: EventWriteValues, sent: Sent<EventWriteValues>, scope: Scope = 'this'): Promise<RestResponse> {
  const located = await locateEvent(ctx, id)
  if (located.found === 'none') throw new RestError('rest-event-not-found', 404, [id])
  if (located.found === 'other-post') throw new RestError('rest-invalid-event-id', 400)
  // A provisional ID: one occurrence of a recurring event, or its series from there or whole.
  if (located.meta.occurrence) return updateOccurrence(ctx, located.meta, located.meta.occurrence, scope, params, sent)
  // The stored schedule the update keeps comes with the lookup (the caller may change the event, so may read it).
  const doc = await saveEvent(ctx, params, sent, located.meta)
  return { body: await eventAnswer(ctx, doc) }
}
