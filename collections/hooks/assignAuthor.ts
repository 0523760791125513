import type { CollectionBeforeChangeHook } from 'payload'
import { canEditOthersPosts } from '../access/postAccess.js'

/**
 * beforeChange: a new post belongs to its creator unless an editor names another author; authors and
 * contributors can neither give their posts away nor take over someone else's.
 */
export const assignAuthor: CollectionBeforeChangeHook = ({ data, originalDoc, operation, req }) => {
  if (!req.user) return data
  if (canEditOthersPosts(req.user)) {
    if (operation === 'create' && (data.author === undefined || data.author === null)) data.author = req.user.id
    return data
  }
  data.author = operation === 'create' ? req.user.id : (originalDoc?.author ?? req.user.id)
  return data
}
