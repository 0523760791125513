import type { Where } from 'payload'
import { relationId } from '../relationIds.js'

const present = (value: unknown) => value !== null && value !== undefined
const same = (value: unknown, expected: unknown) => present(relationId(value)) && present(expected) && String(relationId(value)) === String(expected)

function matchesOperator(operator: string, value: unknown, expected: unknown): boolean {
  switch (operator) {
    case 'equals':
      return same(value, expected)
    case 'not_equals':
      return !same(value, expected)
    case 'in':
      return Array.isArray(expected) && expected.some((item) => same(value, item))
    case 'not_in':
      return Array.isArray(expected) && !expected.some((item) => same(value, item))
    case 'exists':
      return present(value) === Boolean(expected)
    default:
      // A rule written with an operator this cannot judge must fail loudly, not answer "no".
      throw new Error(`matchesWhere: unsupported operator "${operator}"`)
  }
}

/**
 * Whether one document falls within an access rule's answer (true: every document, false: none, or
 * a Where), so a question about one post ("may this user change it?") is answered by the very rule
 * Payload applies as a query. Relationship values compare by ID, populated or not.
 */
export function matchesWhere(where: boolean | Where, doc: Record<string, unknown>): boolean {
  if (typeof where === 'boolean') return where
  return Object.entries(where).every(([key, condition]) => {
    if (key === 'and') return (condition as Where[]).every((w) => matchesWhere(w, doc))
    if (key === 'or') return (condition as Where[]).some((w) => matchesWhere(w, doc))
    return Object.entries(condition as Record<string, unknown>).every(([operator, expected]) => matchesOperator(operator, doc[key], expected))
  })
}
