import type { CollectionSlug } from 'payload'
import { canCreatePosts } from '../../collections/access/postAccess.js'
import { hasPostName } from '../serialize/wireSlug.js'
import type { RequestContext } from '../types.js'
import { locatePost } from './locatePost.js'

/**
 * The ID of the post with a slug, for the by-slug routes, read past access control as the reference
 * validates existence (locatePost; slugs are unique). Drafts and pending posts have no post name in
 * WordPress unless one was given (see wireSlug), so for anonymous callers and subscribers the slug of
 * one without names nothing (400 rest_invalid_param, not the ID route's 403); those who write posts
 * still reach theirs by the slug they will be published under.
 */
export async function findSlugId(ctx: RequestContext, collection: CollectionSlug, slug: string): Promise<number | undefined> {
  const post = await locatePost(ctx, collection, { slug })
  if (!post) return undefined
  return !hasPostName(post) && !canCreatePosts(ctx.user) ? undefined : post.id
}
