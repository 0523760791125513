/**
 * The wire `slug` (post_name) of a post: WordPress gives drafts and pending posts no post name until
 * they are published (wp_insert_post), so theirs reads "" (reference 6.2); the slug kept here is the
 * one the post will be published under.
 */
export function wireSlug(post: { slug?: string | null; status?: string | null; deletedAt?: string | null }): string {
  if (!post.deletedAt && (post.status === 'draft' || post.status === 'pending')) return ''
  return post.slug ?? ''
}
