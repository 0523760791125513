export type QueryPairs = Array<[string, string | number]>

function encoded(pairs: QueryPairs): string {
  return new URLSearchParams(pairs.map(([k, v]) => [k, String(v)])).toString()
}

function raw(pairs: QueryPairs): string {
  return pairs.map(([k, v]) => `${k}=${v}`).join('&')
}

/**
 * `rest_url`, `next_rest_url` and `previous_rest_url` of an archive page (reference 5.3): rest_url
 * starts with `page`; next and previous carry the same filters with `page` last, previous without
 * it when it is page 1. next/previous appear only when that page has results. rest_url keeps raw
 * spaces when `rawRestUrl` (the reference does so while no list filters are present).
 */
export function archiveLinks(url: string, filters: QueryPairs, page: number, totalPages: number, options: { rawRestUrl?: boolean } = {}) {
  const first: QueryPairs = [['page', page], ...filters]
  const links: { rest_url: string; next_rest_url?: string; previous_rest_url?: string } = {
    rest_url: `${url}?${options.rawRestUrl ? raw(first) : encoded(first)}`,
  }
  if (page < totalPages) links.next_rest_url = `${url}?${encoded([...filters, ['page', page + 1]])}`
  if (page > 1 && page - 1 <= totalPages) {
    const previous: QueryPairs = page - 1 > 1 ? [...filters, ['page', page - 1]] : filters
    links.previous_rest_url = previous.length ? `${url}?${encoded(previous)}` : url
  }
  return links
}

/** The X-TEC-Total / X-TEC-TotalPages headers every archive sends (reference 1.4). */
export function archiveHeaders(total: number, totalPages: number): Record<string, string> {
  return { 'X-TEC-Total': String(total), 'X-TEC-TotalPages': String(totalPages) }
}
