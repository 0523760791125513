// A relationship value is an ID or, when populated, a document with one; hooks and access rules see both.

type Id = number | string

/** The ID of a relationship value, populated or not; undefined when empty. */
export function relationId<T extends Id>(value: T | { id: T } | null | undefined): T | undefined
export function relationId(value: unknown): Id | undefined
export function relationId(value: unknown): Id | undefined {
  if (value === null || value === undefined) return undefined
  return typeof value === 'object' ? (value as { id: Id }).id : (value as Id)
}

/** The IDs of a hasMany relationship value. */
export function relationIds(value: unknown): Id[] {
  return Array.isArray(value) ? value.map(relationId).filter((id): id is Id => id !== undefined) : []
}
