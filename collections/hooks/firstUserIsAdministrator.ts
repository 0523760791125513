import type { CollectionBeforeChangeHook } from 'payload'
import { USERS } from '../slugs.js'

/** The very first account (made in the admin's first-user screen) becomes the administrator. */
export const firstUserIsAdministrator: CollectionBeforeChangeHook = async ({ data, operation, req }) => {
  if (operation !== 'create') return data
  const existing = await req.payload.count({ collection: USERS, overrideAccess: true, req })
  if (existing.totalDocs === 0) data.role = 'administrator'
  return data
}
