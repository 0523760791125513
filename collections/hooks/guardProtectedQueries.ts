import type { CollectionBeforeOperationHook, Where } from 'payload'
import { protectedFieldRead } from '../access/protectedFieldRead.js'
import { protectedReadableWhere } from '../access/protectedReadableWhere.js'

type Args = { where?: Where; sort?: string | string[]; field?: string }

type FieldLike = { name?: string; access?: { read?: unknown } }
const namesByFields = new WeakMap<object, Set<string>>()

/** Top-level names of the fields a post password hides (those read through protectedFieldRead). */
function protectedNames(fields: FieldLike[]): Set<string> {
  let names = namesByFields.get(fields)
  if (!names) {
    names = new Set(fields.filter((f) => f.name && f.access?.read === protectedFieldRead).map((f) => f.name!))
    namesByFields.set(fields, names)
  }
  return names
}

/** The first segment of every field path a where clause, a sort and a distinct field mention. */
function pathsOf(args: Args): string[] {
  const paths: string[] = []
  const walk = (where: Where | undefined) => {
    if (!where || typeof where !== 'object') return
    for (const [key, value] of Object.entries(where)) {
      if ((key === 'and' || key === 'or') && Array.isArray(value)) for (const w of value) walk(w as Where)
      else paths.push(key)
    }
  }
  walk(args.where)
  const sorts = Array.isArray(args.sort) ? args.sort : typeof args.sort === 'string' ? args.sort.split(',') : []
  paths.push(...sorts.map((s) => s.trim().replace(/^-/, '')))
  if (typeof args.field === 'string') paths.push(args.field)
  // GraphQL spells nested paths with "__".
  return paths.map((p) => p.split(/\.|__/)[0]!)
}

/**
 * beforeOperation (events, reads through /api and GraphQL): field read access hides a password-protected
 * event's fields in answers, but Payload still lets any reader filter, sort or list distinct values by
 * them, which would reveal them (`?where[cost][equals]=15` finds the protected event costing 15). A query
 * that mentions a hidden field therefore only reaches the events whose fields the caller may read: those
 * without a password, and those the caller may edit (reference section 10). The calendar namespace runs
 * on the Local API and applies the same rule to its own filters (buildEventsQuery, eventLinkWhere).
 */
export const guardProtectedQueries: CollectionBeforeOperationHook = ({ args, collection, operation, req }) => {
  if (req.payloadAPI !== 'REST' && req.payloadAPI !== 'GraphQL') return args
  if (operation !== 'read' && operation !== 'count' && operation !== 'readDistinct') return args
  const hidden = protectedNames(collection.flattenedFields as unknown as FieldLike[])
  const query = args as Args
  if (!pathsOf(query).some((path) => hidden.has(path))) return args
  const guard = protectedReadableWhere(req.user)
  if (!guard) return args
  return { ...args, where: query.where ? { and: [query.where, guard] } : guard }
}
