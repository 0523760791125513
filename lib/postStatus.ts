// Stored statuses. "trash" is not one: a trashed post has Payload's deletedAt set and shows as "trash" on the wire.
export const POST_STATUSES = ['publish', 'future', 'draft', 'pending', 'private'] as const
export type PostStatus = (typeof POST_STATUSES)[number]

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
