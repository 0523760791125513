import type { Access } from 'payload'
import { roleOf } from '../roles.js'

/** Anyone with a writing role (contributor and up). Finer per-owner rules come with the roles work. */
export const canEditContent: Access = ({ req }) => {
  const role = roleOf(req.user)
  return role !== undefined && role !== 'subscriber'
}
