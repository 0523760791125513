import type { CollectionSlug } from 'payload'
import { canCreatePosts, UNPUBLISHED_STATUSES } from '../../collections/access/postAccess.js'
import type { RequestContext } from '../types.js'
import { locatePost } from './locatePost.js'

/**
 * The ID of the post with a slug, for the by-slug routes, read past access control as the reference
 * validates existence (locatePost; slugs are unique). Drafts and pending posts have no post name in
 * WordPress (trashed ones read their `…__trashed` slug, see wireSlug), so for anonymous callers and
 * subscribers their slug names nothing (400 rest_invalid_param, not the ID route's 403); those who
 * write posts still reach theirs by the slug they will be published under.
 */
export async function findSlugId(ctx: RequestContext, collection: CollectionSlug, slug: string): Promise<number | undefined> {
  const post = await locatePost(ctx, collection, { slug })
  if (!post) return undefined
  const unnamed = !post.deletedAt && (UNPUBLISHED_STATUSES as readonly unknown[]).includes(post.status)
  return unnamed && !canCreatePosts(ctx.user) ? undefined : post.id
}
