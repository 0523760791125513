import type { CollectionSlug } from 'payload'
import { canChangePost, canCreatePosts } from '../../collections/access/postAccess.js'
import { locatePost } from '../data/index.js'
import type { RequestContext } from '../types.js'
import { mayNameAuthor } from './capabilities.js'

/**
 * Permission of the writes to one post (reference section 2): edit_post / delete_post when it
 * exists, edit_posts when it does not (the handler then answers 404), and edit_others_posts to name
 * another author. `param` holds the post's ID once parsed; the Allow header is decided on the raw
 * path values, where a by-slug route still carries the slug, and a by-slug update keeps it, so a
 * slug is located too. The lookup is the request's one (locatePost).
 */
export function mayChangePost(collection: CollectionSlug, param = 'id') {
  // Read by name (`param`, `author`): the route's path values when the Allow header is decided, else its parsed ones.
  return async (ctx: RequestContext, params: Readonly<Record<string, unknown>>): Promise<boolean> => {
    if (!ctx.user) return false
    const value = params[param]
    const by = typeof value === 'string' ? { slug: value } : typeof value === 'number' ? { id: value } : undefined
    const post = by && (await locatePost(ctx, collection, by))
    return (post ? canChangePost(ctx.user, post) : canCreatePosts(ctx.user)) && mayNameAuthor(ctx, params)
  }
}
