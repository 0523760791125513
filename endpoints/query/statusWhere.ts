import type { Where } from 'payload'

/**
 * The `where` and trash switch for a list of wire statuses: "trash" means Payload's deletedAt is set,
 * the others are stored statuses of untrashed posts.
 */
export function statusWhere(statuses: string[]): { where: Where; trash: boolean } {
  const stored = statuses.filter((s) => s !== 'trash')
  const wantsTrash = stored.length !== statuses.length
  const live: Where = { status: { in: stored } }
  if (!wantsTrash) return { where: live, trash: false }
  const trashed: Where = { deletedAt: { exists: true } }
  return { where: stored.length ? { or: [{ and: [live, { deletedAt: { exists: false } }] }, trashed] } : trashed, trash: true }
}
