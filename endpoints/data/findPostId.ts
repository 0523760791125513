import type { CollectionSlug, Where } from 'payload'
import type { RequestContext } from '../types.js'

/**
 * The ID of the post of `collection` with an ID or slug, trashed ones included, read past access
 * control: the reference validates existence only (is_event_id, is_venue_slug…) and decides
 * visibility later, with its own 403s. Nothing but the ID is read.
 */
export async function findPostId(ctx: RequestContext, collection: CollectionSlug, by: { id: number } | { slug: string }): Promise<number | undefined> {
  const where: Where = 'id' in by ? { id: { equals: by.id } } : { slug: { equals: by.slug } }
  const found = await ctx.payload.find({ collection, where, limit: 1, pagination: false, depth: 0, trash: true, overrideAccess: true, select: {} })
  return found.docs[0]?.id as number | undefined
}
