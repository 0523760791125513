import type { ResolvedCalendarOptions } from '../../lib/options.js'

// Front-end addresses of posts (the front end's URL patterns, by default SITE_URL/event/<slug>/ as in
// decisions section 5) and this server's own identifiers (the plugin's siteUrl).

export type PostType = 'tribe_events' | 'tribe_venue' | 'tribe_organizer'

type UrlPatterns = Pick<ResolvedCalendarOptions, 'siteUrl' | 'eventUrlPattern' | 'venueUrlPattern' | 'organizerUrlPattern'>

const PATTERN: Record<PostType, Exclude<keyof UrlPatterns, 'siteUrl'>> = {
  tribe_events: 'eventUrlPattern',
  tribe_venue: 'venueUrlPattern',
  tribe_organizer: 'organizerUrlPattern',
}

/**
 * The permalink: the front end's page of a published post, its pattern's `{slug}` and `{id}` filled in;
 * unpublished and trashed posts get WordPress's ?post_type=…&p=ID form on siteUrl (reference 6.2).
 */
export function permalink(
  type: PostType,
  post: { id: number; slug?: string | null; status?: string | null; deletedAt?: string | null },
  patterns: UrlPatterns,
): string {
  if (post.status !== 'publish' || post.deletedAt || !post.slug) return `${patterns.siteUrl}/?post_type=${type}&p=${post.id}`
  const slug = encodeURIComponent(post.slug)
  return patterns[PATTERN[type]].replaceAll('{slug}', slug).replaceAll('{id}', String(post.id))
}

/** `<host><home path>?id=<id>`, no scheme and no port (reference 6.2). */
export function globalId(id: number, siteUrl: string): string {
  const url = new URL(siteUrl)
  return `${url.hostname}${url.pathname.replace(/\/$/, '')}?id=${id}`
}

/**
 * An address on this server, on siteUrl. Payload has no serverURL (the admin must work from every
 * address), so it gives media URLs as paths; the wire format has absolute ones.
 */
export function ownUrl(url: string, siteUrl: string): string {
  return url.startsWith('/') && !url.startsWith('//') ? `${siteUrl}${url}` : url
}
