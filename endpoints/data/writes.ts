import type { PayloadRequest, RequiredDataFromCollectionSlug } from 'payload'
import { CHANGED_OCCURRENCE } from '../../collections/hooks/duplicateAsDraft.js'
import { EVENTS, OCCURRENCES, type CATEGORIES, type ORGANIZERS, type TAGS, type VENUES } from '../../collections/slugs.js'
import type { EventData } from '../events/write/eventData.js'
import type { LinkedData } from '../linked/LinkedKind.js'
import type { TermData } from '../terms/write/termData.js'
import type { RequestContext } from '../types.js'
import type { Occurrence } from './occurrences.js'
import { pastAccess } from './privileged.js'

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

/**
 * A changed occurrence, made in the write's transaction: a copy of the series' event (its content,
 * status, owner and password; Payload's duplicate) at the occurrence's dates, marked with the series and
 * the occurrence's original start, so the collection moves the occurrence into it (linkChangedOccurrence).
 */
export function copySeriesAsOccurrence(ctx: RequestContext, req: PayloadRequest, seriesId: number, occurrence: Pick<Occurrence, 'originalStart' | 'startDate' | 'endDate'>) {
  return ctx.payload.duplicate({
    collection: EVENTS,
    id: seriesId,
    data: { series: seriesId, originalStart: occurrence.originalStart, startDate: occurrence.startDate, endDate: occurrence.endDate, recurrence: null },
    depth: 0,
    overrideAccess: false,
    user: ctx.user,
    req,
    context: { [CHANGED_OCCURRENCE]: true },
  })
}

/**
 * The new series "this and following" makes: a copy of the series' event starting at the occurrence,
 * with the lines from it on (splitSeries).
 */
export function copySeriesFrom(ctx: RequestContext, req: PayloadRequest, seriesId: number, from: Pick<Occurrence, 'startDate' | 'endDate'>, lines: string[]) {
  return ctx.payload.duplicate({
    collection: EVENTS,
    id: seriesId,
    data: { startDate: from.startDate, endDate: from.endDate, recurrence: lines },
    depth: 0,
    overrideAccess: false,
    user: ctx.user,
    req,
    context: { [CHANGED_OCCURRENCE]: true },
  })
}

/**
 * Cancels an occurrence (DELETE of its provisional ID): it leaves lists and feeds, the series stays. The
 * caller was checked against the series (mayChangePost on the occurrence's event).
 */
export function cancelOccurrence(ctx: RequestContext, id: number) {
  return ctx.payload.update({ collection: OCCURRENCES, id, data: { state: 'cancelled', changedTo: null }, depth: 0, ...pastAccess('occurrenceWrites') })
}
