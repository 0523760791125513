import { RestError } from '../../errors/RestError.js'
import type { MessageCode } from '../../errors/messages.js'
import type { RequestContext, RestResponse } from '../../types.js'
import type { LinkedKind } from '../LinkedKind.js'
import { loadLinkedPost } from '../../data/index.js'
import { serializeLinkedList } from '../serialize/serializeLinkedList.js'

/**
 * GET /venues/<id> and /venues/by-slug/<slug> (organizers alike, reference 7.3 and 8). Validation has
 * established that the post exists; a caller whose read access does not reach it (a draft, a private
 * or trashed post of someone else) gets 403 <kind>-not-accessible and nothing of it.
 */
export async function readLinked(ctx: RequestContext, kind: LinkedKind, id: number): Promise<RestResponse> {
  const load = await loadLinkedPost(ctx, kind.collection, id)
  if (!load) throw new RestError(`${kind.name}-not-accessible` as MessageCode, 403)
  const [body] = serializeLinkedList(kind, load, ctx, { jsonLd: true })
  return { body }
}
