import { env } from '../../../src/env.js'
import type { RequestContext } from '../../types.js'
import type { Term } from '../../data/documents.js'
import { idOf } from '../../data/documents.js'

export type Taxonomy = 'tribe_events_cat' | 'post_tag'

/** The namespace path of a taxonomy's routes. */
export const TAXONOMY_ROUTE: Record<Taxonomy, 'categories' | 'tags'> = { tribe_events_cat: 'categories', post_tag: 'tags' }

/** `urls`: self, collection and, for a child term, up (reference 9.4). */
export function termUrls(term: Term, taxonomy: Taxonomy, ctx: RequestContext) {
  const collection = `${ctx.base}/${TAXONOMY_ROUTE[taxonomy]}`
  const parent = idOf(term.parent)
  return {
    self: `${collection}/${term.id}`,
    collection,
    ...(parent ? { up: `${collection}/${parent}` } : {}),
  }
}

/** A term as embedded in an event (reference 9.4), keys in its order. */
export function serializeEventTerm(term: Term, taxonomy: Taxonomy, ctx: RequestContext) {
  return {
    name: term.name,
    slug: term.slug,
    term_group: 0,
    term_taxonomy_id: term.id,
    taxonomy,
    description: term.description ?? '',
    parent: idOf(term.parent) ?? 0,
    count: term.count ?? 0,
    filter: 'raw',
    id: term.id,
    urls: termUrls(term, taxonomy, ctx),
  }
}

/**
 * The front-end link of a term: /events/category/<ancestors…>/<slug>/ for categories (ancestors
 * from `ancestors`, nearest last), /tag/<slug>/ for tags.
 */
export function termLink(term: Term, taxonomy: Taxonomy, ancestors: ReadonlyArray<string | null | undefined> = []): string {
  if (taxonomy === 'post_tag') return `${env.SITE_URL}/tag/${term.slug}/`
  return `${env.SITE_URL}/events/category/${[...ancestors, term.slug].join('/')}/`
}

/** A term as the /categories and /tags routes list it (reference 9.1), keys in its order. */
export function serializeTerm(term: Term, taxonomy: Taxonomy, ctx: RequestContext, ancestors: ReadonlyArray<string | null | undefined> = []) {
  return {
    id: term.id,
    count: term.count ?? 0,
    description: term.description ?? '',
    name: term.name,
    slug: term.slug,
    taxonomy,
    ...(taxonomy === 'tribe_events_cat' ? { parent: idOf(term.parent) ?? 0 } : {}),
    meta: [],
    url: termLink(term, taxonomy, ancestors),
    urls: termUrls(term, taxonomy, ctx),
  }
}
