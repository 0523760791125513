import type { PostStatus } from '../../collections/roles.js'

/** WordPress's names for the stored statuses, as editors know them. */
export const STATUS_LABELS: Record<PostStatus, string> = {
  publish: 'Published',
  future: 'Scheduled',
  draft: 'Draft',
  pending: 'Pending review',
  private: 'Private',
}
