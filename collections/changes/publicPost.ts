/** The fields of a post that decide whether the public sees it. */
export interface PostVisibility {
  status?: unknown
  deletedAt?: unknown
  hasPassword?: unknown
}

/**
 * Whether an anonymous caller sees the post in full: published (readablePostsWhere, collections/access),
 * not in the trash, and, for an event, without a password (a protected event's fields stay locked to
 * the public, so for the change feed it has left the public's view).
 */
export function publicPost(post: PostVisibility | null | undefined): boolean {
  return Boolean(post) && post!.status === 'publish' && !post!.deletedAt && post!.hasPassword !== true
}
