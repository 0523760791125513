import { env } from '../../src/env.js'

// Front-end addresses of posts and terms, built from SITE_URL (decisions section 5).

export type PostType = 'tribe_events' | 'tribe_venue' | 'tribe_organizer'

const PERMALINK_BASE: Record<PostType, string> = { tribe_events: 'event', tribe_venue: 'venue', tribe_organizer: 'organizer' }

/** The permalink; unpublished and trashed posts get WordPress's ?post_type=…&p=ID form (reference 6.2). */
export function permalink(type: PostType, post: { id: number; slug?: string | null; status?: string | null; deletedAt?: string | null }): string {
  if (post.status !== 'publish' || post.deletedAt || !post.slug) return `${env.SITE_URL}/?post_type=${type}&p=${post.id}`
  return `${env.SITE_URL}/${PERMALINK_BASE[type]}/${post.slug}/`
}

/** `<host><home path>?id=<id>`, no scheme and no port (reference 6.2). */
export function globalId(id: number): string {
  const url = new URL(env.SITE_URL)
  return `${url.hostname}${url.pathname.replace(/\/$/, '')}?id=${id}`
}
