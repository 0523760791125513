import { EVENTS } from '../../collections/slugs.js'
import type { RequestContext } from '../types.js'
import type { Event } from './documents.js'

/** One event the caller may read, by ID, straight from the database (not the document cache). */
export async function findEventById(ctx: RequestContext, id: number): Promise<Event | undefined> {
  const found = await ctx.payload.find({ collection: EVENTS, where: { id: { equals: id } }, limit: 1, pagination: false, depth: 0, overrideAccess: false, user: ctx.user })
  return found.docs[0]
}
