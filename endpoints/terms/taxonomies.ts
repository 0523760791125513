import { CATEGORIES, TAGS } from '../../collections/slugs.js'
import type { Taxonomy } from './serialize/serializeTerm.js'

/**
 * What differs between the categories and the tags routes (reference section 9): the collection,
 * the wire taxonomy, whether terms have parents, and the English descriptions of the parameters
 * that name the taxonomy. Everything else is written once for both.
 */
export interface TaxonomyDef {
  taxonomy: Taxonomy
  collection: typeof CATEGORIES | typeof TAGS
  /** The route segment and the list key of the archive: categories or tags. */
  route: 'categories' | 'tags'
  /** The field of an event that links its terms. */
  eventField: 'categories' | 'tags'
  /** Categories have parents (tribe_events_cat is hierarchical); tags do not (post_tag). */
  hierarchical: boolean
  /** The message code of a duplicate name (the wire code is term_exists for both). */
  termExists: 'term_exists' | 'term_exists_tag'
  texts: {
    perPage: string
    id: string
    name: string
    description: string
    slug: string
    parent?: string
  }
}

export const CATEGORY_TAXONOMY: TaxonomyDef = {
  taxonomy: 'tribe_events_cat',
  collection: CATEGORIES,
  route: 'categories',
  eventField: 'categories',
  hierarchical: true,
  termExists: 'term_exists',
  texts: {
    perPage: 'The number of event categories to return on each page',
    id: 'The event category term ID',
    name: 'The event category name',
    description: 'The event category description',
    slug: 'The event category slug',
    parent: 'The parent event category term ID',
  },
}

export const TAG_TAXONOMY: TaxonomyDef = {
  taxonomy: 'post_tag',
  collection: TAGS,
  route: 'tags',
  eventField: 'tags',
  hierarchical: false,
  termExists: 'term_exists_tag',
  texts: {
    perPage: 'The number of event tags to return on each page',
    id: 'The event tag term ID',
    name: 'The event tag name',
    description: 'The event tag description',
    slug: 'The event tag slug',
  },
}
