import { hasCapability } from '../../collections/access/capabilities.js'
import { canCreatePosts, canEditOthersPosts } from '../../collections/access/postAccess.js'
import type { RequestContext } from '../types.js'

/** A write's parameters as the permissions read them: `author`, the one they look at by name. */
type WriteParams = Readonly<Record<string, unknown>> & { author?: unknown }

// The namespace's capability checks (reference section 2): the caller's capabilities as the
// collections' access functions, hooks and field access read them, asked about the request's user.

/** edit_posts: may write posts at all, and so see the statuses of unpublished ones. */
export const mayEditPosts = (ctx: Pick<RequestContext, 'user'>): boolean => canCreatePosts(ctx.user)

/** edit_others_posts / read_private_posts: every status and every post. */
export const mayEditOthersPosts = (ctx: RequestContext): boolean => canEditOthersPosts(ctx.user)

/** Term writes (reference 9.3: edit_posts on events and manage_terms, which only editors and administrators hold). */
export const mayWriteTerms = (ctx: Pick<RequestContext, 'user'>): boolean => hasCapability(ctx.user, 'manage_terms')

/**
 * Only editors may hand a post to another author (edit_others_posts), as WordPress's posts
 * controller decides: anyone else naming someone else is refused (403).
 */
export function mayNameAuthor(ctx: RequestContext, params: WriteParams): boolean {
  return params.author === undefined || params.author === ctx.user?.id || canEditOthersPosts(ctx.user)
}

/** POST to an archive route (events, venues, organizers): edit_posts, and edit_others_posts to name another author. */
export function mayCreatePost(ctx: RequestContext, params: WriteParams): boolean {
  return mayEditPosts(ctx) && mayNameAuthor(ctx, params)
}
