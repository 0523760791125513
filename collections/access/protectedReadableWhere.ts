import type { Where } from 'payload'
import { editablePostsWhere } from './postAccess.js'

/**
 * The events whose password-protected fields `user` may read (the rule of protectedFieldRead, as a
 * query): those without a password and those the user may edit. null when that is every event. A
 * filter or a sort on a protected field only reaches these, or it would reveal what the password hides
 * (guardProtectedQueries on /api and GraphQL, the events and venue/organizer filters of the namespace).
 */
export function protectedReadableWhere(user: { id?: unknown; role?: unknown } | null | undefined): Where | null {
  const editable = editablePostsWhere(user)
  if (editable === true) return null
  const readable: Where[] = [{ hasPassword: { equals: false } }, { hasPassword: { exists: false } }]
  if (editable) readable.push(editable)
  return { or: readable }
}
