import type { Media, Organizer, Term, Venue } from '../data/documents.js'

/**
 * The documents an event list links to, fetched once per page (loadRelated) and looked up by ID by
 * the serializers, which never query. A missing entry is a link the caller may not see (a draft
 * venue) or that no longer exists.
 */
export interface Related {
  venues: Map<number, Venue>
  organizers: Map<number, Organizer>
  categories: Map<number, Term>
  tags: Map<number, Term>
  media: Map<number, Media>
}

export const NO_RELATED: Related = {
  venues: new Map(),
  organizers: new Map(),
  categories: new Map(),
  tags: new Map(),
  media: new Map(),
}
