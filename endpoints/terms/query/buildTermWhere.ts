import type { Where } from 'payload'
import { toSlug } from '../../../collections/hooks/toSlug.js'
import type { TermArchiveValues } from '../params/termArchiveParams.js'

/**
 * The `where` of a term list from its parsed filters (reference 9.1, WordPress's get_terms): every
 * filter narrows the list. `eventTermIds` are the terms of the `event`/`post` event when one was
 * asked for. Null means nothing can match, so no query is needed.
 */
export function buildTermWhere(params: TermArchiveValues, eventTermIds?: number[]): Where | null {
  const and: Where[] = []
  // hide_empty (default true): only terms with published, untrashed events (the stored count).
  if (params.hide_empty !== false) and.push({ count: { greater_than: 0 } })
  if (typeof params.search === 'string') {
    const search = params.search.trim()
    and.push({ or: [{ name: { contains: search } }, { slug: { contains: search } }] })
  }
  if (Array.isArray(params.include)) and.push({ id: { in: params.include } })
  if (Array.isArray(params.exclude)) and.push({ id: { not_in: params.exclude } })
  if (typeof params.parent === 'number') and.push({ parent: { equals: params.parent } })
  if (typeof params.slug === 'string') {
    // get_terms reads the slug through sanitize_title; one that sanitizes to nothing matches nothing.
    const slug = toSlug(params.slug)
    if (!slug) return null
    and.push({ slug: { equals: slug } })
  }
  if (eventTermIds) {
    if (!eventTermIds.length) return null
    and.push({ id: { in: eventTermIds } })
  }
  return and.length ? { and } : {}
}
