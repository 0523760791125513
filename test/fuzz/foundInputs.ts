import type { NamespaceCase } from './namespaceRequests.js'

const root = '/wp-json/calendar/events/v1'
const none = { kind: 'none' } as const

/**
 * Requests the fuzz once answered with a 500, replayed first on every run (fast-check `examples`),
 * so each fix stays tested whatever the seed. Most failed on PostgreSQL only.
 */
export const FOUND_INPUTS: NamespaceCase[] = [
  // An author ID beyond PostgreSQL's integer: "value out of range for type integer" in existingUserArg.
  { mount: root, pattern: '/events/by-slug/(?P<slug>[^/]+)', method: 'PUT', actor: 'editor', segments: { slug: { ref: 'events', pick: 1, as: 'slug' } }, query: {}, body: { kind: 'json', value: { author: '2147483648' } } },
  // A zone name the zone library reads but Intl refuses: RangeError in timezoneArg.
  {
    mount: root, pattern: '/events', method: 'POST', actor: 'editor', segments: {}, query: {},
    body: { kind: 'json', value: { title: 'Local zone', start_date: '2027-03-01 20:00', end_date: '2027-03-01 22:00', timezone: 'Local' } },
  },
  // NUL in a by-slug path and in a body slug: PostgreSQL refuses the query ("invalid byte sequence").
  { mount: root, pattern: '/organizers/by-slug/(?P<slug>[^/]+)', method: 'GET', actor: 'anonymous', segments: { slug: { literal: 'a%00b' } }, query: {}, body: none },
  { mount: '/wp-json/tribe/events/v1', pattern: '/venues/by-slug/(?P<slug>[^/]+)', method: 'GET', actor: 'anonymous', segments: { slug: { literal: '1%00' } }, query: {}, body: none },
  { mount: root, pattern: '/organizers/by-slug/(?P<slug>[^/]+)', method: 'PUT', actor: 'editor', segments: { slug: { ref: 'organizers', pick: 1, as: 'slug' } }, query: {}, body: { kind: 'form', value: { slug: '\u0000', author: '1' } } },
]
