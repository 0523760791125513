import { mayEditPosts } from '../../permissions/index.js'
import { archiveLinks, type QueryPairs } from '../../serialize/archiveLinks.js'
import type { SerializeContext } from '../../serialize/SerializeContext.js'
import type { EndpointInput } from '../../types.js'
import type { LinkedKind } from '../LinkedKind.js'
import type { LinkedArchiveValues } from '../params/linkedArchiveParams.js'

const URL_SAFE = /^[\w.,~-]*$/

/**
 * rest_url, next_rest_url and previous_rest_url of a venues (organizers) page: they carry page,
 * per_page, event, has_events (as sent) and status, never search (reference 7.1); rest_url keeps the
 * values raw while they need no encoding.
 */
export function linkedArchiveLinks(
  ctx: SerializeContext,
  kind: Pick<LinkedKind, 'plural'>,
  params: LinkedArchiveValues,
  input: EndpointInput,
  statuses: readonly string[],
  totalPages: number,
) {
  const pairs: QueryPairs = [['per_page', params.per_page]]
  if (input.given.has('event') && params.event !== undefined) pairs.push(['event', params.event])
  if (typeof params.has_events === 'boolean') pairs.push(['has_events', String(input.raw.has_events)])
  const defaultStatus = mayEditPosts(ctx) ? 'any' : 'publish'
  pairs.push(['status', input.given.has('status') ? statuses.join(',') : defaultStatus])
  if (params.modified_after !== undefined) pairs.push(['modified_after', String(params.modified_after)])
  const rawRestUrl = pairs.every(([, value]) => URL_SAFE.test(String(value)))
  return archiveLinks(`${ctx.base}/${kind.plural}/`, pairs, params.page, totalPages, { rawRestUrl })
}
