import type { SerializeContext } from '../../serialize/SerializeContext.js'
import type { Term } from '../../data/documents.js'
import { relationId } from '../../../collections/relationIds.js'

export type Taxonomy = 'tribe_events_cat' | 'post_tag'

/** The namespace path of a taxonomy's routes. */
export const TAXONOMY_ROUTE: Record<Taxonomy, 'categories' | 'tags'> = { tribe_events_cat: 'categories', post_tag: 'tags' }

/** `urls`: self, collection and, for a child term, up (reference 9.4). */
export function termUrls(term: Term, taxonomy: Taxonomy, ctx: SerializeContext) {
  const collection = `${ctx.base}/${TAXONOMY_ROUTE[taxonomy]}`
  const parent = relationId(term.parent)
  return {
    self: `${collection}/${term.id}`,
    collection,
    ...(parent ? { up: `${collection}/${parent}` } : {}),
  }
}

/** A term as embedded in an event (reference 9.4), keys in its order. */
export function serializeEventTerm(term: Term, taxonomy: Taxonomy, ctx: SerializeContext) {
  return {
    name: term.name,
    slug: term.slug,
    term_group: 0,
    term_taxonomy_id: term.id,
    taxonomy,
    description: term.description ?? '',
    parent: relationId(term.parent) ?? 0,
    count: term.count ?? 0,
    filter: 'raw',
    id: term.id,
    urls: termUrls(term, taxonomy, ctx),
  }
}

/**
 * The front-end link of a term: /events/category/<ancestors…>/<slug>/ for categories (ancestors
 * from `ancestors`, nearest last), /tag/<slug>/ for tags, on the site's URL.
 */
export function termLink(term: Term, taxonomy: Taxonomy, siteUrl: string, ancestors: ReadonlyArray<string | null | undefined> = []): string {
  if (taxonomy === 'post_tag') return `${siteUrl}/tag/${term.slug}/`
  return `${siteUrl}/events/category/${[...ancestors, term.slug].join('/')}/`
}

/** A term as the /categories and /tags routes list it (reference 9.1), keys in its order. */
export function serializeTerm(term: Term, taxonomy: Taxonomy, ctx: SerializeContext, ancestors: ReadonlyArray<string | null | undefined> = []) {
  return {
    id: term.id,
    count: term.count ?? 0,
    description: term.description ?? '',
    name: term.name,
    slug: term.slug,
    taxonomy,
    ...(taxonomy === 'tribe_events_cat' ? { parent: relationId(term.parent) ?? 0 } : {}),
    meta: [],
    url: termLink(term, taxonomy, ctx.options.siteUrl, ancestors),
    urls: termUrls(term, taxonomy, ctx),
  }
}
