import { WP_DATE_FORMAT } from '../../../lib/dates/wallClock.js'
import { archiveLinks, type QueryPairs } from '../../serialize/archiveLinks.js'
import type { EventArchiveValues } from '../params/eventArchiveParams.js'
import type { EventsQuery } from '../query/buildEventsQuery.js'

const RELATIVE = ['starts_before', 'starts_after', 'ends_before', 'ends_after'] as const

/**
 * The archive's effective filters in the order rest_url lists them (reference 5.3), and whether
 * rest_url keeps raw spaces (no list filter present): dates as the query applied them, in the site
 * zone; list filters (venue, organizer, featured, categories, tags) last.
 */
export function eventArchivePairs(params: EventArchiveValues, given: ReadonlySet<string>, query: Pick<EventsQuery, 'dates' | 'statuses' | 'geoloc'>): { pairs: QueryPairs; raw: boolean } {
  const { dates, statuses } = query
  const date = (name: keyof EventsQuery['dates']): QueryPairs => {
    const at = dates[name]
    return at ? [[name, at.toFormat(WP_DATE_FORMAT)]] : []
  }
  const pairs: QueryPairs = [['per_page', params.per_page], ...date('start_date'), ...date('end_date')]
  if (params.search !== undefined) pairs.push(['search', params.search])
  if (query.geoloc) pairs.push(['geoloc', 1], ['geoloc_lat', params.geoloc_lat ?? ''], ['geoloc_lng', params.geoloc_lng ?? ''])
  pairs.push(['status', params.status ? statuses.join(',') : statuses.length > 1 ? 'any' : statuses[0]!])
  if (params.post_parent !== undefined) pairs.push(['post_parent', params.post_parent])
  if (params.include) pairs.push(['include', params.include.join(',')])
  for (const name of RELATIVE) if (given.has(name)) pairs.push(...date(name))
  if (params.ticketed !== undefined) pairs.push(['ticketed', params.ticketed ? 1 : 0])
  // Extension (docs/api.md): kept as sent, so every page applies the same instant.
  if (params.modified_after !== undefined) pairs.push(['modified_after', String(params.modified_after)])

  const lists: QueryPairs = []
  if (params.venue) lists.push(['venue', params.venue.join(',')])
  if (params.organizer) lists.push(['organizer', params.organizer.join(',')])
  if (params.featured !== undefined) lists.push(['featured', params.featured ? 1 : 0])
  // Kept in the paging links, unlike the reference (docs/api.md, deliberate difference 3).
  for (const field of ['categories', 'tags'] as const) {
    const terms = params[field]
    if (terms) lists.push([field, terms.given.join(',')])
  }
  return { pairs: [...pairs, ...lists], raw: lists.length === 0 }
}

/** rest_url, next_rest_url and previous_rest_url of an events page (reference 5.3). */
export function eventArchiveLinks(base: string, params: EventArchiveValues, given: ReadonlySet<string>, query: Pick<EventsQuery, 'page' | 'dates' | 'statuses' | 'geoloc'>, totalPages: number) {
  const { pairs, raw } = eventArchivePairs(params, given, query)
  return archiveLinks(`${base}/events/`, pairs, query.page, totalPages, { rawRestUrl: raw })
}
