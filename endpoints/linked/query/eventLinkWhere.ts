import type { Where } from 'payload'
import { canChangePost } from '../../permissions/index.js'
import { protectedReadableWhere } from '../../../collections/access/protectedReadableWhere.js'
import { relationIds } from '../../../collections/relationIds.js'
import { statusesFor } from '../../params/statusArg.js'
import type { RequestContext } from '../../types.js'
import type { LinkedKind } from '../LinkedKind.js'
import { eventLinks, linkedIdsOfEvents } from '../../data/index.js'

export interface EventLinkFilters {
  /** An event ID the caller can see: its venues (organizers). */
  event?: number
  /** true: linked to an event that is not a draft or pending; false: linked to none. */
  hasEvents?: boolean
  /** Linked to an event the caller can see that starts now or later. */
  onlyWithUpcoming?: boolean
}

/**
 * The archive's event-linked filters (reference 7.1) as `where` clauses on venue (organizer) IDs, or
 * null when they leave nothing to list. Each filter costs one query on events, never one per item.
 */
export async function eventLinkWhere(ctx: RequestContext, kind: LinkedKind, filters: EventLinkFilters): Promise<Where[] | null> {
  const clauses: Where[] = []
  // Events whose venues (organizers) the caller may know: a password hides them (reference section 10).
  const readable = protectedReadableWhere(ctx.user)
  const withReadable = (where: Where): Where => (readable ? { and: [where, readable] } : where)
  if (filters.event !== undefined) {
    // The event's visibility was checked when the parameter was validated; its links are listed
    // below with the caller's access to venues (organizers).
    const event = await eventLinks(ctx, filters.event, kind.eventField)
    // A protected event reads as one without venues (organizers) to whoever may not edit it.
    const hidden = event?.hasPassword === true && !canChangePost(ctx.user, event)
    const ids = hidden ? [] : relationIds(event?.[kind.eventField])
    if (!ids.length) return null
    clauses.push({ id: { in: ids } })
  }
  if (filters.hasEvents !== undefined) {
    // Any event but drafts and pending ones counts, whoever asks (the reference's has_events), except
    // through links a password hides from the caller.
    const ids = await linkedIdsOfEvents(ctx, kind, withReadable({ status: { not_in: ['draft', 'pending'] } }), false)
    if (filters.hasEvents) {
      if (!ids.length) return null
      clauses.push({ id: { in: ids } })
    } else if (ids.length) clauses.push({ id: { not_in: ids } })
  }
  if (filters.onlyWithUpcoming) {
    // Upcoming events the caller can see, in the statuses they list by default (an editor's private ones too).
    const where: Where = { and: [{ startDate: { greater_than_equal: new Date().toISOString() } }, { status: { in: statusesFor(ctx) } }] }
    const ids = await linkedIdsOfEvents(ctx, kind, withReadable(where), true)
    if (!ids.length) return null
    clauses.push({ id: { in: ids } })
  }
  return clauses
}
