import type { Access, Where } from 'payload'
import { hasCapability } from './capabilities.js'
import { matchesWhere } from './matchesWhere.js'

// WordPress's post capabilities for events, venues and organizers (reference section 2). The rules
// are written once, as the Where Payload applies; the questions about one post (the namespace's
// 401/403, field access, hooks) evaluate that same Where on the post, so every entry point answers alike.

type UserLike = { id?: unknown; role?: unknown } | null | undefined
/** The fields of a post the rules read. */
export interface PostLike {
  author?: unknown
  status?: unknown
  deletedAt?: unknown
}

/** Statuses a contributor may leave their own posts in. */
export const UNPUBLISHED_STATUSES = ['draft', 'pending'] as const

const published: Where = { and: [{ status: { equals: 'publish' } }, { deletedAt: { exists: false } }] }

/**
 * The posts `user` may read: editors everything (trash included); authors and contributors published
 * posts and their own; subscribers and anonymous callers published posts only, never trashed ones.
 */
export function readablePostsWhere(user: UserLike): true | Where {
  if (hasCapability(user, 'read_private_posts')) return true
  if (hasCapability(user, 'edit_posts')) return { or: [published, { author: { equals: user!.id } }] }
  return published
}

/** The posts `user` may change: editors any post; authors their own; contributors their own unpublished ones. */
export function editablePostsWhere(user: UserLike): boolean | Where {
  if (!hasCapability(user, 'edit_posts')) return false
  if (hasCapability(user, 'edit_others_posts')) return true
  const own: Where = { author: { equals: user!.id } }
  return hasCapability(user, 'edit_published_posts') ? own : { and: [own, { status: { in: [...UNPUBLISHED_STATUSES] } }] }
}

/** edit_posts: may create posts. */
export const canCreatePosts = (user: UserLike): boolean => hasCapability(user, 'edit_posts')
/** publish_posts: may publish (or schedule) posts. */
export const canPublishPosts = (user: UserLike): boolean => hasCapability(user, 'publish_posts')
/** edit_others_posts: may change everybody's posts, hand a post to another author, use every status. */
export const canEditOthersPosts = (user: UserLike): boolean => hasCapability(user, 'edit_others_posts')
/** edit_post / delete_post on one post. */
export const canChangePost = (user: UserLike, post: PostLike): boolean => matchesWhere(editablePostsWhere(user), { ...post })
/** read_post on one post. */
export const canReadPost = (user: UserLike, post: PostLike): boolean => matchesWhere(readablePostsWhere(user), { ...post })
/**
 * unfiltered_html: may store markup as written; everyone else's titles lose their tags and
 * descriptions pass through kses. Local API calls without a user (CLI, seeding) are the operator's.
 */
export const canUseUnfilteredHtml = (user: UserLike): boolean => user === null || user === undefined || hasCapability(user, 'unfiltered_html')

/** Payload's access functions of every post collection. */
export const readPosts: Access = ({ req }) => readablePostsWhere(req.user)
/** create: contributors and up (the status they may use is scaled back by scaleBackStatus). */
export const createPosts: Access = ({ req }) => canCreatePosts(req.user)
/** update and delete. */
export const changePosts: Access = ({ req }) => editablePostsWhere(req.user)
