import type { Access } from 'payload'
import { roleOf } from '../roles.js'

/** Records owned through a `user` field: administrators see all, others only their own. */
export const selfOrAdministratorOwner: Access = ({ req }) => {
  if (!req.user) return false
  if (roleOf(req.user) === 'administrator') return true
  return { user: { equals: req.user.id } }
}
