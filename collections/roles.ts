// WordPress-like roles, most powerful first.
export const ROLES = ['administrator', 'editor', 'author', 'contributor', 'subscriber'] as const
export type Role = (typeof ROLES)[number]

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value)
}

/** The role of a Payload user object, or undefined when anonymous or unknown. */
export function roleOf(user: unknown): Role | undefined {
  const role = (user as { role?: unknown } | null | undefined)?.role
  return isRole(role) ? role : undefined
}
