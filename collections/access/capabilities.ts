import { roleOf, type Role } from '../roles.js'

/**
 * WordPress's capabilities of the calendar's roles (reference section 2), one table for every entry
 * point: Payload's access functions, the collections' hooks and field access, and the namespace's
 * permission checks all ask hasCapability().
 */
export const CAPABILITIES = {
  /** May create posts at all. */
  edit_posts: ['administrator', 'editor', 'author', 'contributor'],
  /** May keep editing a post once it is published, and publish or schedule posts. */
  edit_published_posts: ['administrator', 'editor', 'author'],
  publish_posts: ['administrator', 'editor', 'author'],
  /** May edit everybody's posts and read their drafts, private and trashed posts. */
  edit_others_posts: ['administrator', 'editor'],
  read_private_posts: ['administrator', 'editor'],
  /** May create, rename and delete categories and tags. */
  manage_terms: ['administrator', 'editor'],
  /** May attach images by URL (the server downloads them); contributors may not. */
  upload_files: ['administrator', 'editor', 'author'],
  /** May store markup as written (on a single site, administrators and editors). */
  unfiltered_html: ['administrator', 'editor'],
} as const satisfies Record<string, readonly Role[]>

export type Capability = keyof typeof CAPABILITIES

/** Whether `user` (a Payload user, or null for anonymous callers) holds `capability`. */
export function hasCapability(user: unknown, capability: Capability): boolean {
  const role = roleOf(user)
  return role !== undefined && (CAPABILITIES[capability] as readonly Role[]).includes(role)
}
