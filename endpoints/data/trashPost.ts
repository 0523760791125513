import type { DataFromCollectionSlug } from 'payload'
import type { EVENTS, ORGANIZERS, VENUES } from '../../collections/slugs.js'
import type { RequestContext } from '../types.js'

type PostSlug = typeof EVENTS | typeof VENUES | typeof ORGANIZERS

/**
 * Moves a post to the trash as the caller (Payload's trash: deletedAt is set; the slug gets
 * `__trashed`; venues and organizers are unlinked from their events by their hooks) and returns it.
 */
export async function trashPost<S extends PostSlug>(ctx: RequestContext, collection: S, id: number): Promise<DataFromCollectionSlug<S>>
export async function trashPost(ctx: RequestContext, collection: PostSlug, id: number) {
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
