import type { CollectionSlug } from 'payload'
import type { RequestContext } from '../types.js'

/**
 * Moves a post to the trash as the caller (Payload's trash: deletedAt is set; the slug gets
 * `__trashed`; venues and organizers are unlinked from their events by their hooks) and returns it.
 */
export async function trashPost(ctx: RequestContext, collection: CollectionSlug, id: number) {
  return ctx.payload.update({
    collection,
    id,
    data: { deletedAt: new Date().toISOString() },
    trash: true,
    depth: 0,
    overrideAccess: false,
    user: ctx.user,
  })
}
