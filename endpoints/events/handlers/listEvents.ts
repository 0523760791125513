import { RestError } from '../../errors/RestError.js'
import { archiveHeaders } from '../../serialize/archiveLinks.js'
import { findListedEvents, keepEventObjects, keptEventObjects, loadEventList } from '../../data/index.js'
import type { EventArchiveValues } from '../params/eventArchiveParams.js'
import type { EndpointInput, RequestContext, RestResponse } from '../../types.js'
import { archiveQuery } from '../query/archiveQuery.js'
import { eventArchiveLinks } from '../serialize/eventArchiveLinks.js'
import { serializeEventList } from '../serialize/serializeEventList.js'

/**
 * GET /events (reference 5): parameters → query → one page of events plus a fixed number of queries
 * for what they link to (load) → event objects without json_ld (serialize); password-protected events
 * stripped unless `?password=` matches or the caller edits them with `context=edit` (reference 10).
 */
export async function listEvents(ctx: RequestContext, params: EventArchiveValues, input: EndpointInput): Promise<RestResponse> {
  const kept = keptEventObjects(ctx, params, 'event-list')
  const { query, none } = await archiveQuery(ctx, params, input)
  const result = none ? { docs: [], occurrences: [], totalDocs: 0 } : await findListedEvents(ctx, query)
  if (!result.docs.length && query.page > 1) throw new RestError('event-archive-page-not-found', 404)
  const load = await loadEventList(ctx, result.docs, params, kept, result.occurrences)

  const total = result.totalDocs
  const totalPages = total ? Math.ceil(total / query.limit) : 0
  return {
    headers: archiveHeaders(total, totalPages),
    body: {
      events: keepEventObjects(kept, load, serializeEventList(load, ctx)),
      ...eventArchiveLinks(ctx.base, params, input.given, query, totalPages),
      total,
      total_pages: totalPages,
    },
  }
}
