import type { Access } from 'payload'
import { roleOf } from '../roles.js'

/** Writers see everything; anonymous callers and subscribers only published posts. */
export const publishedOrEditor: Access = ({ req }) => {
  const role = roleOf(req.user)
  if (role && role !== 'subscriber') return true
  return { status: { equals: 'publish' } }
}
