import { relationId } from '../relationIds.js'
import { roleOf } from '../roles.js'
import { EDITOR_ROLES, UNPUBLISHED_STATUSES, WRITER_ROLES } from './postAccess.js'

// The same rules as postAccess.ts, asked about one user and (optionally) one post, for the namespace's
// 401/403 answers and for field access. Keep the two files in step.

interface PostLike {
  author?: unknown
  status?: unknown
  deletedAt?: unknown
}

type UserLike = { id?: unknown; role?: unknown } | null | undefined

function owns(user: UserLike, post: PostLike): boolean {
  const author = relationId(post.author)
  return user?.id !== undefined && author !== undefined && String(author) === String(user.id)
}

/** edit_posts: may create posts. */
export function canCreatePosts(user: UserLike): boolean {
  const role = roleOf(user)
  return role !== undefined && WRITER_ROLES.includes(role)
}

/** publish_posts: may publish (or schedule) posts. */
export function canPublishPosts(user: UserLike): boolean {
  const role = roleOf(user)
  return role === 'administrator' || role === 'editor' || role === 'author'
}

/** edit_others_posts / read_private_posts: may see and use every status. */
export function canEditOthersPosts(user: UserLike): boolean {
  const role = roleOf(user)
  return role !== undefined && EDITOR_ROLES.includes(role)
}

/** edit_post / delete_post on one post. */
export function canChangePost(user: UserLike, post: PostLike): boolean {
  const role = roleOf(user)
  if (role && EDITOR_ROLES.includes(role)) return true
  if (role === 'author') return owns(user, post)
  if (role === 'contributor') return owns(user, post) && (UNPUBLISHED_STATUSES as readonly unknown[]).includes(post.status)
  return false
}

/** read_post on one post: published and not trashed, or editable by the caller, or their own. */
export function canReadPost(user: UserLike, post: PostLike): boolean {
  if (post.status === 'publish' && !post.deletedAt) return true
  if (canEditOthersPosts(user)) return true
  const role = roleOf(user)
  return (role === 'author' || role === 'contributor') && owns(user, post)
}

/**
 * unfiltered_html: may store markup as written. On a single WordPress site only administrators and
 * editors have it; everyone else's titles lose their tags and descriptions pass through kses. Local
 * API calls without a user (CLI, seeding) are the operator's.
 */
export function canUseUnfilteredHtml(user: UserLike): boolean {
  return user === null || user === undefined || canEditOthersPosts(user)
}
