// A relationship value is an ID or, when populated, a document with one; hooks, access rules,
// loaders and serializers see both.

type Id = number | string
/** A relationship value whose ID type is known (a typed document's field). */
type Relation<I extends Id> = I | { id: I } | null | undefined

/** The ID of a relationship value, populated or not; undefined when empty. */
export function relationId<I extends Id>(value: Relation<I>): I | undefined
export function relationId(value: unknown): Id | undefined
export function relationId(value: unknown): Id | undefined {
  if (value === null || value === undefined) return undefined
  return typeof value === 'object' ? (value as { id: Id }).id : (value as Id)
}

/** The IDs of a hasMany relationship value. */
export function relationIds<I extends Id>(value: ReadonlyArray<Relation<I>> | null | undefined): I[]
export function relationIds(value: unknown): Id[]
export function relationIds(value: unknown): Id[] {
  return Array.isArray(value) ? value.map((item) => relationId(item as unknown)).filter((id): id is Id => id !== undefined) : []
}
