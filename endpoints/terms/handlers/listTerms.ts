import { archiveHeaders } from '../../serialize/archiveLinks.js'
import type { RequestContext, RestResponse } from '../../types.js'
import { buildTermWhere } from '../query/buildTermWhere.js'
import { eventTermIds } from '../query/eventTermIds.js'
import { findTermPage } from '../../data/index.js'
import { termAnswers } from './termAnswers.js'
import type { TaxonomyDef } from '../taxonomies.js'
import { termArchiveLinks } from '../serialize/termArchiveLinks.js'
import type { TermArchiveValues } from '../params/termArchiveParams.js'
import { termOrder } from '../query/termOrder.js'

/**
 * GET /categories, GET /tags (reference 9.1): public; keys rest_url, total, total_pages, the list,
 * then next_rest_url and previous_rest_url; a page past the end is 200 with an empty list.
 */
export async function listTerms(ctx: RequestContext, tax: TaxonomyDef, params: TermArchiveValues): Promise<RestResponse> {
  const { page, per_page: perPage } = params
  // `event` is an alias of `post` and wins when both are sent (reference 9.1).
  const eventId = params.event ?? params.post
  const where = buildTermWhere(params, eventId === undefined ? undefined : await eventTermIds(ctx, tax, eventId))
  const { docs, total } = await findTermPage(ctx, tax, where, termOrder(params, tax), page, perPage)
  const totalPages = Math.ceil(total / perPage)
  const url = `${ctx.base}/${tax.route}/`
  return {
    body: {
      rest_url: url,
      total,
      total_pages: totalPages,
      [tax.route]: await termAnswers(ctx, tax, docs),
      ...termArchiveLinks(url, page, totalPages),
    },
    headers: archiveHeaders(total, totalPages),
  }
}
