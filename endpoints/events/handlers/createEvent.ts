import type { EndpointInput, RequestContext, RestResponse } from '../../types.js'
import type { EventWriteValues } from '../params/eventWriteArgs.js'
import { eventAnswer } from './eventAnswer.js'
import { saveEvent } from '../write/saveEvent.js'
import { sentArgs } from '../params/sentArgs.js'

/** POST /events: 201 with the new event (reference 6.3; no Location header). */
export async function createEvent(ctx: RequestContext, params: EventWriteValues, input: EndpointInput): Promise<RestResponse> {
  const doc = await saveEvent(ctx, params, sentArgs(params, input))
  return { status: 201, body: await eventAnswer(ctx, doc) }
}
