import type { Access } from 'payload'
import { roleOf } from '../roles.js'

/** WordPress's manage_terms, asked about one user: editors and administrators. */
export function managesTerms(user: unknown): boolean {
  const role = roleOf(user)
  return role === 'administrator' || role === 'editor'
}

/** The term collections' write rule: manage_terms, about the request's user. */
export const canManageTerms: Access = ({ req }) => managesTerms(req.user)
