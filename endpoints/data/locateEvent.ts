import { EVENTS, ORGANIZERS, VENUES } from '../../collections/slugs.js'
import type { RequestContext } from '../types.js'

export interface EventMeta {
  id: number
  author?: unknown
  status?: string | null
  deletedAt?: string | null
  hasPassword?: boolean | null
}

export type LocatedEvent = { found: 'none' } | { found: 'other-post' } | { found: 'event'; meta: EventMeta }

/**
 * What an ID names, read past access control (reference 6.1 and 6.4 decide their answers on it:
 * 404 rest-event-not-found when no post has it, 400 rest-invalid-event-id when it is a venue or an
 * organizer, then trash, visibility and password checks on the event's status and owner). Only the
 * fields those checks need are read, and none of them is returned to the caller.
 */
export async function locateEvent(ctx: RequestContext, id: number): Promise<LocatedEvent> {
  if (!Number.isSafeInteger(id) || id < 1) return { found: 'none' }
  const read = (collection: typeof EVENTS | typeof VENUES | typeof ORGANIZERS, select: Record<string, true>) =>
    ctx.payload.find({ collection, where: { id: { equals: id } }, limit: 1, pagination: false, depth: 0, trash: true, overrideAccess: true, select })
  const events = await read(EVENTS, { author: true, status: true, deletedAt: true, hasPassword: true })
  const event = events.docs[0] as EventMeta | undefined
  if (event) return { found: 'event', meta: event }
  // Posts share one ID sequence: the ID may belong to a venue or an organizer.
  const [venues, organizers] = await Promise.all([read(VENUES, {}), read(ORGANIZERS, {})])
  return venues.docs.length || organizers.docs.length ? { found: 'other-post' } : { found: 'none' }
}
