import type { Where } from 'payload'
import { RestError } from '../../errors/RestError.js'
import type { MessageCode } from '../../errors/messages.js'
import { statusesFor } from '../../params/statusArg.js'
import { modifiedAfterWhere } from '../../query/modifiedAfterWhere.js'
import { statusWhere } from '../../query/statusWhere.js'
import { archiveHeaders } from '../../serialize/archiveLinks.js'
import type { EndpointInput, RequestContext, RestResponse } from '../../types.js'
import { eventLinkWhere } from '../query/eventLinkWhere.js'
import type { LinkedKind } from '../LinkedKind.js'
import type { LinkedArchiveValues } from '../params/linkedArchiveParams.js'
import { loadLinkedPage, pageByPostDate } from '../../data/index.js'
import { linkedArchiveLinks } from '../serialize/linkedArchiveLinks.js'
import { serializeLinkedList } from '../serialize/serializeLinkedList.js'
import { searchWhere } from '../query/searchWords.js'

/**
 * GET /venues and GET /organizers (reference 7.1 and 8): filters → the page's IDs in post-date order
 * and the total (pageByPostDate, at most four queries) → the page's venues and their images, one
 * query each (loadLinkedPage) → the wire objects and the paging links (serialize). Event-linked
 * filters add one query each; nothing depends on per_page.
 */
export async function listLinked(ctx: RequestContext, kind: LinkedKind, params: LinkedArchiveValues, input: EndpointInput): Promise<RestResponse> {
  const { page, per_page: perPage } = params
  const statuses = params.status ?? statusesFor(ctx)
  const byStatus = statusWhere(statuses)
  const linked = await eventLinkWhere(ctx, kind, {
    event: params.event,
    hasEvents: typeof params.has_events === 'boolean' ? params.has_events : undefined,
    onlyWithUpcoming: params.only_with_upcoming === true,
  })
  const clauses: Where[] = [byStatus.where, ...(linked ?? [])]
  const modified = modifiedAfterWhere(ctx, params.modified_after)
  if (modified) clauses.push(modified)
  if (typeof params.search === 'string') {
    // Every word somewhere in the fields, as WordPress searches (not the phrase as one substring).
    clauses.push(searchWhere(params.search, kind.searchFields))
  }
  // A search that matches nothing counts 0 (docs/api.md, deliberate difference 5: the reference counts every venue).
  const { ids: pageIds, total } = linked
    ? await pageByPostDate(ctx, kind, { and: clauses }, { trash: byStatus.trash, page, perPage })
    : { ids: [], total: 0 }
  const totalPages = Math.ceil(total / perPage)
  if (page > 1 && page > totalPages) throw new RestError(`${kind.name}-archive-page-not-found` as MessageCode, 404)

  const load = await loadLinkedPage(ctx, kind.collection, pageIds, { trash: byStatus.trash })

  return {
    headers: archiveHeaders(total, totalPages),
    body: {
      [kind.plural]: serializeLinkedList(kind, load, ctx),
      ...linkedArchiveLinks(ctx, kind, params, input, statuses, totalPages),
      total,
      total_pages: totalPages,
    },
  }
}
