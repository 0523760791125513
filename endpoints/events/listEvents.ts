import { canChangePost, canEditOthersPosts } from '../../collections/access/postCapabilities.js'
import { EVENTS } from '../../collections/slugs.js'
import { RestError } from '../errors/RestError.js'
import { loadRelated } from '../loaders/loadRelated.js'
import { archiveHeaders, archiveLinks } from '../serializers/archiveLinks.js'
import type { EventDoc } from '../serializers/docs.js'
import { serializeEvent } from '../serializers/event.js'
import type { EndpointInput, Params, RequestContext, RestResponse } from '../types.js'
import { withDescendants } from '../terms/withDescendants.js'
import { buildEventsQuery } from './buildEventsQuery.js'
import { nearbyVenueIds } from './nearbyVenueIds.js'
import { readUnlocked, unlockedIds } from './unlockEvents.js'

/**
 * GET /events (reference 5): parameters → query → one page of events plus a fixed number of queries
 * for what they link to → event objects without json_ld; password-protected events stripped unless
 * `?password=` matches or the caller edits them with `context=edit` (reference 10).
 */
export async function listEvents(ctx: RequestContext, params: Params, input: EndpointInput): Promise<RestResponse> {
  const venueIdsNearby = await nearbyVenueIds(ctx, params)
  const categories = params.categories as { ids: number[] } | undefined
  const categoryIds = categories ? await withDescendants(ctx, categories.ids) : undefined
  const query = buildEventsQuery(params, input, ctx, { venueIdsNearby, canSearchProtected: canEditOthersPosts(ctx.user), categoryIds })
  const result =
    venueIdsNearby && !venueIdsNearby.length
      ? { docs: [], totalDocs: 0 }
      : await ctx.payload.find({
          collection: EVENTS,
          where: query.where,
          sort: query.sort,
          page: query.page,
          limit: query.limit,
          depth: 0,
          trash: query.trash,
          overrideAccess: false,
          user: ctx.user,
        })
  if (!result.docs.length && query.page > 1) throw new RestError('event-archive-page-not-found', 404)

  let docs = result.docs as unknown as EventDoc[]
  const editing = input.raw.context === 'edit'
  const protectedIds = docs.filter((d) => d.hasPassword && !(editing && canChangePost(ctx.user, d))).map((d) => d.id)
  const unlocked = await unlockedIds(ctx, protectedIds, input.raw.password)
  if (unlocked.length) {
    const full = await readUnlocked(ctx, unlocked)
    docs = docs.map((d) => full.get(d.id) ?? d)
  }
  const locked = new Set(protectedIds.filter((id) => !unlocked.includes(id)))

  const related = await loadRelated(ctx, docs)
  const total = result.totalDocs
  const totalPages = total ? Math.ceil(total / query.limit) : 0
  return {
    headers: archiveHeaders(total, totalPages),
    body: {
      events: docs.map((doc) => serializeEvent(doc, related, ctx, { locked: locked.has(doc.id) })),
      ...archiveLinks(`${ctx.base}/events/`, query.filters, query.page, totalPages, { rawRestUrl: query.rawRestUrl }),
      total,
      total_pages: totalPages,
    },
  }
}
