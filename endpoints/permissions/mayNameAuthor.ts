import { canEditOthersPosts } from '../../collections/access/postCapabilities.js'
import type { RequestContext } from '../types.js'

/**
 * Only editors may hand a venue or organizer to another author (edit_others_posts), as the events
 * routes and WordPress's posts controller decide: anyone else naming someone else is refused (403).
 */
export function mayNameAuthor(ctx: RequestContext, params: Readonly<Record<string, unknown>> & { author?: unknown }): boolean {
  return params.author === undefined || params.author === ctx.user?.id || canEditOthersPosts(ctx.user)
}
