import type { PayloadRequest, RequiredDataFromCollectionSlug } from 'payload'
import { EVENTS, type CATEGORIES, type ORGANIZERS, type TAGS, type VENUES } from '../../collections/slugs.js'
import type { EventData } from '../events/write/eventData.js'
import type { LinkedData } from '../linked/LinkedKind.js'
import type { TermData } from '../terms/write/termData.js'
import type { RequestContext } from '../types.js'

// The namespace's writes of posts and terms, as the caller (access, hooks and validation apply), with
// the data typed by Payload's generated types.

/** Creates an event in the write's transaction `req`. */
export function createEvent(ctx: RequestContext, req: PayloadRequest, data: RequiredDataFromCollectionSlug<typeof EVENTS>) {
  return ctx.payload.create({ collection: EVENTS, data, depth: 0, overrideAccess: false, user: ctx.user, req })
}

/** Updates an event in the write's transaction `req`, a trashed one too (reference 6.4). */
export function updateEvent(ctx: RequestContext, req: PayloadRequest, id: number, data: EventData) {
  return ctx.payload.update({ collection: EVENTS, data, id, trash: true, depth: 0, overrideAccess: false, user: ctx.user, req })
}

/** Creates a venue (organizer), in the event write's transaction when one is open. */
export function createLinked(ctx: RequestContext, collection: typeof VENUES | typeof ORGANIZERS, data: LinkedData & { title: string }) {
  return ctx.payload.create({ collection, data, depth: 0, overrideAccess: false, user: ctx.user, req: ctx.req })
}

/** Updates a venue (organizer), a trashed one too. */
export function updateLinked(ctx: RequestContext, collection: typeof VENUES | typeof ORGANIZERS, id: number, data: LinkedData) {
  return ctx.payload.update({ collection, id, data, trash: true, depth: 0, overrideAccess: false, user: ctx.user })
}

/** Creates a category (tag). */
export function createTerm(ctx: RequestContext, collection: typeof CATEGORIES | typeof TAGS, data: TermData & { name: string }) {
  return ctx.payload.create({ collection, data, depth: 0, overrideAccess: false, user: ctx.user })
}

/** Updates a category (tag). */
export function updateTerm(ctx: RequestContext, collection: typeof CATEGORIES | typeof TAGS, id: number, data: TermData) {
  return ctx.payload.update({ collection, id, data, depth: 0, overrideAccess: false, user: ctx.user })
}
