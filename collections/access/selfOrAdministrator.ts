import type { Access } from 'payload'
import { roleOf } from '../roles.js'

/** Administrators see and change every user; everyone else only themselves. */
export const selfOrAdministrator: Access = ({ req }) => {
  if (!req.user) return false
  if (roleOf(req.user) === 'administrator') return true
  return { id: { equals: req.user.id } }
}
