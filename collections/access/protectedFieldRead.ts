import type { FieldAccess } from 'payload'
import { canChangePost } from './postAccess.js'

/** req.context key: IDs of password-protected posts whose password the caller gave (set by the namespace). */
export const UNLOCKED_POSTS = 'calendarUnlockedPosts'

/**
 * read access of the fields a post password hides (reference section 10): open when the post has no
 * password, when the caller may edit it, or when the namespace verified the caller's ?password=.
 * Guards /api and GraphQL; the namespace's serializers apply the reference's replacement values.
 */
export const protectedFieldRead: FieldAccess = ({ req, doc }) => {
  if (!doc?.hasPassword) return true
  if (canChangePost(req.user, doc)) return true
  const unlocked = req.context?.[UNLOCKED_POSTS]
  return Array.isArray(unlocked) && unlocked.includes(doc.id)
}
