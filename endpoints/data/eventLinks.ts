import { EVENTS } from '../../collections/slugs.js'
import type { RequestContext } from '../types.js'
import type { Event } from './documents.js'
import { pastAccess } from './privileged.js'

/** What the `event` filter of /venues and /organizers reads of the event: its links and what decides whether the caller sees them. */
export type EventLinks = Pick<Event, 'id' | 'venues' | 'organizers' | 'hasPassword' | 'author' | 'status'>

/** An event's venues (or organizers), password flag, owner and status, read past access control (one query). */
export async function eventLinks(ctx: RequestContext, id: number, field: 'venues' | 'organizers'): Promise<EventLinks | undefined> {
  const found = await ctx.payload.find({
    collection: EVENTS,
    where: { id: { equals: id } },
    limit: 1,
    pagination: false,
    depth: 0,
    trash: true,
    ...pastAccess('eventLinks'),
    select: { [field]: true, hasPassword: true, author: true, status: true },
  })
  return found.docs[0]
}
