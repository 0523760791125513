// Collection slugs, used everywhere a collection is named.
export const EVENTS = 'events'
export const VENUES = 'venues'
export const ORGANIZERS = 'organizers'
export const CATEGORIES = 'event-categories'
export const TAGS = 'event-tags'
export const USERS = 'users'
export const MEDIA = 'media'
export const COUNTERS = 'id-counters'
export const APP_PASSWORDS = 'app-passwords'

/** Sequences that hand out IDs: posts (events, venues, organizers) and terms (categories, tags), as in WordPress. */
export type IdSequence = 'post' | 'term'
export const ID_SEQUENCES: IdSequence[] = ['post', 'term']
