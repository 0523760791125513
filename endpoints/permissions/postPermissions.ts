import type { CollectionSlug } from 'payload'
import { canChangePost, canCreatePosts } from '../../collections/access/postCapabilities.js'
import type { RequestContext } from '../types.js'

/** POST to an archive route: edit_posts (reference section 2). */
export function canCreate(ctx: RequestContext): boolean {
  return canCreatePosts(ctx.user)
}

/**
 * The author and status of a post, read past access control: deciding whether the caller may change
 * a post they cannot see needs its owner (reference 2: edit_post / delete_post on the ID). Nothing
 * read here is returned.
 */
export async function ownershipOf(ctx: RequestContext, collection: CollectionSlug, id: unknown) {
  if (typeof id !== 'number' || !Number.isSafeInteger(id)) return null
  const found = await ctx.payload.find({
    collection,
    where: { id: { equals: id } },
    limit: 1,
    depth: 0,
    pagination: false,
    trash: true,
    overrideAccess: true,
    select: { author: true, status: true, deletedAt: true },
  })
  return (found.docs[0] as { author?: unknown; status?: unknown; deletedAt?: unknown } | undefined) ?? null
}

/**
 * Permission of the write routes of one post: edit_post / delete_post when the post exists,
 * edit_posts / delete_posts when it does not (the handler then answers 404). `idParam` names the
 * parsed parameter holding the ID.
 */
export function canChangeById(collection: CollectionSlug, idParam = 'id') {
  return async (ctx: RequestContext, params: Readonly<Record<string, unknown>>): Promise<boolean> => {
    if (!ctx.user) return false
    const post = await ownershipOf(ctx, collection, params[idParam])
    return post ? canChangePost(ctx.user, post) : canCreatePosts(ctx.user)
  }
}
