import { env } from '../../src/env.js'
import { wallClock, ZERO_DATE } from '../dates/wallClock.js'

interface Dated {
  status?: string | null
  publishedAt?: string | null
  createdAt: string
  updatedAt: string
}

/**
 * `date`, `date_utc`, `modified`, `modified_utc` of a post: publication and last change, in the site
 * time zone and in UTC. An unpublished post without a publication date has WordPress's zero GMT date.
 */
export function postDates(post: Dated, siteTimezone: string = env.SITE_TIMEZONE) {
  const published = post.publishedAt ?? post.createdAt
  const unscheduled = !post.publishedAt && (post.status === 'draft' || post.status === 'pending')
  return {
    date: wallClock(published, siteTimezone),
    date_utc: unscheduled ? ZERO_DATE : wallClock(published, 'UTC'),
    modified: wallClock(post.updatedAt, siteTimezone),
    modified_utc: wallClock(post.updatedAt, 'UTC'),
  }
}

/** The wire status: trashed posts (Payload's deletedAt) read "trash". */
export function wireStatus(post: { status?: string | null; deletedAt?: string | null }): string {
  return post.deletedAt ? 'trash' : (post.status ?? 'publish')
}
