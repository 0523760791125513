import { wallClock, ZERO_DATE } from '../../lib/dates/wallClock.js'

interface Dated {
  status?: string | null
  publishedAt?: string | null
  dateGiven?: boolean | null
  createdAt: string
  updatedAt: string
}

/**
 * `date`, `date_utc`, `modified`, `modified_utc` of a post: publication and last change, in the site
 * time zone and in UTC. The publication date is `publishedAt` (recordPublication sets it when a post
 * is first published). Drafts and pending posts have floating dates in WordPress (wp_insert_post):
 * their GMT date is the zero date unless one was given (`dateGiven`, also kept once published), and
 * without a date the local one is the time of the last save. Posts saved before publication dates
 * were recorded read their creation time.
 */
export function postDates(post: Dated, siteTimezone: string) {
  const floating = (post.status === 'draft' || post.status === 'pending') && !(post.dateGiven && post.publishedAt)
  const published = post.publishedAt ?? (floating ? post.updatedAt : post.createdAt)
  return {
    date: wallClock(published, siteTimezone),
    date_utc: floating ? ZERO_DATE : wallClock(published, 'UTC'),
    modified: wallClock(post.updatedAt, siteTimezone),
    modified_utc: wallClock(post.updatedAt, 'UTC'),
  }
}

/** The wire status: trashed posts (Payload's deletedAt) read "trash". */
export function wireStatus(post: { status?: string | null; deletedAt?: string | null }): string {
  return post.deletedAt ? 'trash' : (post.status ?? 'publish')
}
