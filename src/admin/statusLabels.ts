import type { PostStatus } from '../../collections/roles.js'

/** WordPress's names for the stored statuses, as editors know them. */
export const STATUS_LABELS: Record<PostStatus, string> = {
  publish: 'Published',
  future: 'Scheduled',
  draft: 'Draft',
  pending: 'Pending review',
  private: 'Private',
}

/** The label of a stored status; an unknown one is shown as stored. */
export function statusLabel(status: string): string {
  return STATUS_LABELS[status as PostStatus] ?? status
}
