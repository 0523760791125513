import type { EndpointInput, RequestContext, RestResponse } from '../../types.js'
import type { LinkedKind, LinkedWriteValues } from '../LinkedKind.js'
import { findOrCreateLinked } from '../write/findOrCreateLinked.js'
import { linkedAnswer } from './linkedAnswer.js'

/**
 * POST /venues (/organizers), 201 (reference 7.4): validation → edit_posts (edit_others_posts too to
 * name another author) → duplicate avoidance (the existing post, 201, nothing created) → the image
 * (downloaded only now) → create as the caller, the status scaled back by the collection's hook.
 */
export async function createLinked(ctx: RequestContext, kind: LinkedKind, params: LinkedWriteValues, input: EndpointInput): Promise<RestResponse> {
  return { status: 201, body: await linkedAnswer(ctx, kind, await findOrCreateLinked(ctx, kind, params, input.given)) }
}
