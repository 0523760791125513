// WordPress-like roles, most powerful first.
export const ROLES = ['administrator', 'editor', 'author', 'contributor', 'subscriber'] as const
export type Role = (typeof ROLES)[number]

// Stored statuses. "trash" is not one: a trashed post has Payload's deletedAt set and shows as "trash" on the wire.
export const POST_STATUSES = ['publish', 'future', 'draft', 'pending', 'private'] as const
export type PostStatus = (typeof POST_STATUSES)[number]

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value)
}

/** The role of a Payload user object, or undefined when anonymous or unknown. */
export function roleOf(user: unknown): Role | undefined {
  const role = (user as { role?: unknown } | null | undefined)?.role
  return isRole(role) ? role : undefined
}
