import type { Access } from 'payload'
import { roleOf } from '../roles.js'

/** WordPress's manage_terms: editors and administrators. */
export const canManageTerms: Access = ({ req }) => {
  const role = roleOf(req.user)
  return role === 'administrator' || role === 'editor'
}
