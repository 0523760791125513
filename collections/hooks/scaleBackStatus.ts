import type { CollectionBeforeChangeHook } from 'payload'
import { canPublishPosts } from '../access/postCapabilities.js'

/**
 * beforeChange: a caller who cannot publish asking for `publish` or `future` gets `pending`
 * (reference 6.5). Local API calls without a user (CLI, seeding) are the operator and keep theirs.
 */
export const scaleBackStatus: CollectionBeforeChangeHook = ({ data, originalDoc, operation, req }) => {
  // Only a status the caller sets counts: updates that leave it alone (unlinking a trashed venue) keep it.
  const setsStatus = operation === 'create' || data.status !== originalDoc?.status
  if (setsStatus && req.user && !canPublishPosts(req.user) && (data.status === 'publish' || data.status === 'future')) {
    data.status = 'pending'
  }
  return data
}
