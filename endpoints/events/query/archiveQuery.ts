import { mayEditOthersPosts } from '../../permissions/index.js'
import type { EventArchiveValues } from '../params/eventArchiveParams.js'
import type { EndpointInput, RequestContext } from '../../types.js'
import { buildEventsQuery, type EventsQuery } from './buildEventsQuery.js'
import { nearbyVenueIds, withDescendants } from '../../data/index.js'

/**
 * The archive's parameters as one Payload query, with what it must look up first: the venues near a
 * geolocation point and the categories' descendants (WordPress's include_children). `none` when the
 * geolocation filter matches no venue, so nothing needs reading. Every reader of the archive's
 * filters (GET /events, the iCal feed) goes through here.
 */
export async function archiveQuery(ctx: RequestContext, params: EventArchiveValues, input: EndpointInput): Promise<{ query: EventsQuery; none: boolean }> {
  const venueIdsNearby = await nearbyVenueIds(ctx, params)
  const categoryIds = params.categories ? await withDescendants(ctx, params.categories.ids) : undefined
  const query = buildEventsQuery(params, input, ctx, { venueIdsNearby, canSearchProtected: mayEditOthersPosts(ctx), categoryIds })
  return { query, none: Boolean(venueIdsNearby && !venueIdsNearby.length) }
}
