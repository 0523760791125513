interface Named {
  slug?: string | null
  status?: string | null
  deletedAt?: string | null
  slugGiven?: boolean | null
}

/**
 * Whether a post has a post name in WordPress (wp_insert_post): drafts and pending posts get none
 * until they are published, unless one was given (`slugGiven`, also kept once published); the slug
 * kept here otherwise is the one the post will be published under. Trashed posts keep `…__trashed`.
 */
export function hasPostName(post: Named): boolean {
  return Boolean(post.deletedAt) || !(post.status === 'draft' || post.status === 'pending') || Boolean(post.slugGiven)
}

/** The wire `slug` (post_name) of a post: "" for a draft or pending post without a post name (reference 6.2). */
export function wireSlug(post: Named): string {
  return hasPostName(post) ? (post.slug ?? '') : ''
}
