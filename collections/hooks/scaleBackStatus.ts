import type { CollectionBeforeChangeHook } from 'payload'
import { canPublishPosts } from '../access/postAccess.js'

/** What publish_posts is needed for: a public, scheduled or private post (WordPress's REST handle_status_param). */
const PUBLISHING_STATUSES: readonly unknown[] = ['publish', 'future', 'private']

/**
 * beforeChange: a caller who cannot publish asking for `publish`, `future` or `private` gets `pending`
 * (reference 6.5). Local API calls without a user (CLI, seeding) are the operator and keep theirs.
 */
export const scaleBackStatus: CollectionBeforeChangeHook = ({ data, originalDoc, operation, req }) => {
  // Only a status the caller sets counts: updates that leave it alone (unlinking a trashed venue) keep it.
  const setsStatus = operation === 'create' || data.status !== originalDoc?.status
  if (setsStatus && req.user && !canPublishPosts(req.user) && PUBLISHING_STATUSES.includes(data.status)) {
    data.status = 'pending'
  }
  return data
}
