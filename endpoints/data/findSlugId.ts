import type { CollectionSlug, Where } from 'payload'
import { canCreatePosts } from '../../collections/access/postCapabilities.js'
import type { RequestContext } from '../types.js'

/**
 * The ID of the post with a slug, for the by-slug routes, read past access control as the reference
 * validates existence (findPostId). Drafts and pending posts have no post name in WordPress (trashed
 * ones read their `…__trashed` slug, see wireSlug), so for anonymous callers and subscribers their slug
 * names nothing (400 rest_invalid_param, not the ID route's 403); those who write posts still reach
 * theirs by the slug they will be published under.
 */
export async function findSlugId(ctx: RequestContext, collection: CollectionSlug, slug: string): Promise<number | undefined> {
  const where: Where = canCreatePosts(ctx.user)
    ? { slug: { equals: slug } }
    : { and: [{ slug: { equals: slug } }, { or: [{ status: { not_in: ['draft', 'pending'] } }, { deletedAt: { exists: true } }] }] }
  const found = await ctx.payload.find({ collection, where, limit: 1, pagination: false, depth: 0, trash: true, overrideAccess: true, select: {} })
  return found.docs[0]?.id as number | undefined
}
