import type { CollectionBeforeDeleteHook } from 'payload'
import { APP_PASSWORDS } from '../slugs.js'

/**
 * beforeDelete (users): a deleted account's application passwords go with it, first, inside the same
 * transaction (their `user` column is required, so the database cannot just unlink them).
 */
export const deleteUserAppPasswords: CollectionBeforeDeleteHook = async ({ id, req }) => {
  await req.payload.delete({ collection: APP_PASSWORDS, where: { user: { equals: id } }, overrideAccess: true, req })
}
