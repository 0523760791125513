import { canEditOthersPosts } from '../../collections/access/postCapabilities.js'
import { EVENTS } from '../../collections/slugs.js'
import { canChangeById, canCreate } from './postPermissions.js'
import type { RequestContext } from '../types.js'

/** The one parameter the write permissions read: the author a write names, if any. */
type NamedAuthor = Readonly<Record<string, unknown>> & { author?: unknown }

const canChangeEvent = canChangeById(EVENTS)

/** Only editors may hand an event to another author (edit_others_posts), as WordPress's posts controller. */
function mayNameAuthor(ctx: RequestContext, params: NamedAuthor): boolean {
  return params.author === undefined || params.author === ctx.user?.id || canEditOthersPosts(ctx.user)
}

/** POST /events: edit_posts (reference section 2). */
export function mayCreateEvent(ctx: RequestContext, params: NamedAuthor): boolean {
  return canCreate(ctx) && mayNameAuthor(ctx, params)
}

/** Writes to one event: edit_post / delete_post on it, or edit_posts when it does not exist (reference 2). */
export async function mayChangeEvent(ctx: RequestContext, params: NamedAuthor, id: unknown): Promise<boolean> {
  return (await canChangeEvent(ctx, { id })) && mayNameAuthor(ctx, params)
}
