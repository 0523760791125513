import { EVENTS, ORGANIZERS, VENUES } from '../../collections/slugs.js'
import type { RequestContext } from '../types.js'
import { locatePost, type LocatedEventPost } from './locatePost.js'

export type LocatedEvent = { found: 'none' } | { found: 'other-post' } | { found: 'event'; meta: LocatedEventPost }

/**
 * What an ID names (reference 6.1 and 6.4 decide their answers on it: 404 rest-event-not-found when
 * no post has it, 400 rest-invalid-event-id when it is a venue or an organizer, then trash,
 * visibility and password checks on the event's status and owner), read past access control.
 */
export async function locateEvent(ctx: RequestContext, id: number): Promise<LocatedEvent> {
  const event = await locatePost(ctx, EVENTS, { id })
  if (event) return { found: 'event', meta: event }
  // Posts share one ID sequence: the ID may belong to a venue or an organizer.
  const [venue, organizer] = await Promise.all([locatePost(ctx, VENUES, { id }), locatePost(ctx, ORGANIZERS, { id })])
  return venue || organizer ? { found: 'other-post' } : { found: 'none' }
}
