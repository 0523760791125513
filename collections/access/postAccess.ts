import type { Access, Where } from 'payload'
import { roleOf, type Role } from '../roles.js'

// WordPress's post capabilities for events, venues and organizers (reference section 2), as Payload
// access rules. The calendar namespace asks the same questions through postCapabilities.ts, so the
// admin, /api, GraphQL and the namespace all answer alike.

/** Roles that may create posts at all (edit_posts). */
export const WRITER_ROLES: readonly Role[] = ['administrator', 'editor', 'author', 'contributor']
/** Roles that may edit, publish and read everybody's posts (edit_others_posts, read_private_posts). */
export const EDITOR_ROLES: readonly Role[] = ['administrator', 'editor']
/** Statuses a contributor may leave their own posts in. */
export const UNPUBLISHED_STATUSES = ['draft', 'pending'] as const

const published: Where = { and: [{ status: { equals: 'publish' } }, { deletedAt: { exists: false } }] }

/**
 * read: editors see everything (trash included); authors and contributors see published posts and
 * their own; subscribers and anonymous callers see published posts only, never trashed ones.
 */
export const readPosts: Access = ({ req }) => {
  const role = roleOf(req.user)
  if (role && EDITOR_ROLES.includes(role)) return true
  if (role === 'author' || role === 'contributor') return { or: [published, { author: { equals: req.user!.id } }] }
  return published
}

/** create: contributors and up (the status they may use is scaled back by scaleBackStatus). */
export const createPosts: Access = ({ req }) => {
  const role = roleOf(req.user)
  return role !== undefined && WRITER_ROLES.includes(role)
}

/** The posts `user` may change: true for all, a Where, or false for none (see changePosts). */
export function editablePostsWhere(user: { id?: unknown; role?: unknown } | null | undefined): boolean | Where {
  const role = roleOf(user)
  if (role && EDITOR_ROLES.includes(role)) return true
  const own: Where = { author: { equals: user?.id } }
  if (role === 'author') return own
  if (role === 'contributor') return { and: [own, { status: { in: [...UNPUBLISHED_STATUSES] } }] }
  return false
}

/** update and delete: editors any post; authors their own; contributors their own unpublished ones. */
export const changePosts: Access = ({ req }) => editablePostsWhere(req.user)
