import type { Sort, Where } from 'payload'
import { EVENTS } from '../../collections/slugs.js'
import type { RequestContext } from '../types.js'
import type { Event } from './documents.js'

/**
 * The first `limit` events of an archive query as the caller may read them, whole (a feed writes
 * their descriptions): one Local API read with the archive's `where`, no total.
 */
export async function findFeedEvents(ctx: RequestContext, query: { where: Where; sort: Sort; trash: boolean }, limit: number): Promise<Event[]> {
  const result = await ctx.payload.find({
    collection: EVENTS,
    where: query.where,
    sort: query.sort,
    limit,
    depth: 0,
    trash: query.trash,
    overrideAccess: false,
    user: ctx.user,
  })
  return result.docs
}
