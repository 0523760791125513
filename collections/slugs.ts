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
export const OCCURRENCES = 'occurrences'
export const KEPT_OCCURRENCE_IDS = 'kept-occurrence-ids'
export const CHANGES = 'changes'

/**
 * Sequences that hand out IDs: posts (events, venues, organizers) and terms (categories, tags), as in
 * WordPress, and the occurrences of recurring events (Events Calendar Pro's occurrence IDs).
 */
export type IdSequence = 'post' | 'term' | 'occurrence'
export const ID_SEQUENCES: IdSequence[] = ['post', 'term', 'occurrence']

// Webhooks: the endpoints administrators register, their queued deliveries, and how far the delivery
// worker has read the change feed.
export const WEBHOOKS = 'webhooks'
export const WEBHOOK_DELIVERIES = 'webhook-deliveries'
export const WEBHOOK_CURSORS = 'webhook-cursors'
