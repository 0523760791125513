import type { CollectionBeforeChangeHook } from 'payload'
import { USERS } from '../slugs.js'

/**
 * The very first account made over HTTP (the admin's first-user screen) becomes the administrator.
 * The CLI and other Local API callers set roles explicitly and are left alone.
 */
export const firstUserIsAdministrator: CollectionBeforeChangeHook = async ({ data, operation, req }) => {
  if (operation !== 'create' || req.payloadAPI === 'local') return data
  const existing = await req.payload.count({ collection: USERS, overrideAccess: true, req })
  if (existing.totalDocs === 0) data.role = 'administrator'
  return data
}
