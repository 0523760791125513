import { ValidationError } from 'payload'
import { RestError } from '../../errors/RestError.js'
import type { MessageCode } from '../../errors/messages.js'
import type { EndpointInput, RequestContext, RestResponse } from '../../types.js'
import { updateLinked as updateLinkedPost } from '../../data/index.js'
import { storeImage } from '../../write/storeImage.js'
import type { LinkedKind, LinkedWriteValues } from '../LinkedKind.js'
import { toWriteData } from '../write/toWriteData.js'
import { linkedAnswer } from './linkedAnswer.js'

/** Payload's own refusals of the data (a required field, a bad relation) are the reference's 400s. */
async function saving<T>(code: MessageCode, save: () => Promise<T>): Promise<T> {
  try {
    return await save()
  } catch (error) {
    if (error instanceof ValidationError) throw new RestError(code, 400)
    throw error
  }
}

/**
 * POST/PUT/PATCH on one venue (organizer), 200 (reference 7.4): validation (an unknown ID is 400) →
 * edit_post (edit_others_posts too to name another author) → a partial update as the caller
 * (docs/api.md, deliberate difference 1; show_map flags are not reset).
 */
export async function updateLinked(ctx: RequestContext, kind: LinkedKind, id: number, params: LinkedWriteValues, input: EndpointInput): Promise<RestResponse> {
  const data = await toWriteData(ctx, kind, params, input.given)
  if (input.given.has('image') && params.image !== undefined) data.image = await storeImage(ctx, params.image)
  const updated = await saving(`could-not-update-${kind.name}` as const, () =>
    updateLinkedPost(ctx, kind.collection, id, data),
  )
  return { body: await linkedAnswer(ctx, kind, updated) }
}
