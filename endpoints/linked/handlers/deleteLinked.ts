import { RestError } from '../../errors/RestError.js'
import { locatePost, trashPost } from '../../data/index.js'
import type { RequestContext, RestResponse } from '../../types.js'
import type { LinkedDoc, LinkedKind } from '../LinkedKind.js'
import { linkedAnswer } from './linkedAnswer.js'

/**
 * DELETE one venue (organizer), 200 (reference 7.4): validation (an unknown ID is 400, even for
 * anonymous callers) → delete_post → 410 <kind>-is-in-trash → moved to the trash, answered as it
 * reads afterwards (status "trash", slug …__trashed). Its events drop it (collection hook).
 */
export async function deleteLinked(ctx: RequestContext, kind: LinkedKind, id: number): Promise<RestResponse> {
  const post = await locatePost(ctx, kind.collection, { id })
  if (post?.deletedAt) throw new RestError(`${kind.name}-is-in-trash` as const, 410)
  let trashed: LinkedDoc
  try {
    trashed = await trashPost(ctx, kind.collection, id)
  } catch (error) {
    if ((error as { name?: string })?.name === 'Forbidden') throw error
    ctx.payload.logger.error({ err: error, collection: kind.collection, id }, 'trashing failed')
    throw new RestError(`could-not-delete-${kind.name}` as const, 500)
  }
  return { body: await linkedAnswer(ctx, kind, trashed) }
}
