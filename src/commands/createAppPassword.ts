import type { Payload } from 'payload'
import { APP_PASSWORDS, USERS } from '../../collections/slugs.js'
import { CommandError } from './CommandError.js'

/**
 * app-passwords:create: a new application password for a user. The collection generates it and
 * stores only its hash; the create's result is the one place the plain value appears.
 */
export async function createAppPassword(payload: Payload, input: { user?: string; name?: string }) {
  if (!input.user || !input.name) throw new CommandError('missing --user and/or --name')
  const field = input.user.includes('@') ? 'email' : 'username'
  const found = await payload.find({ collection: USERS, where: { [field]: { equals: input.user } }, limit: 1, overrideAccess: true })
  const user = found.docs[0]
  if (!user) throw new CommandError(`no user with ${field} "${input.user}"`)
  const created = await payload.create({ collection: APP_PASSWORDS, data: { name: input.name, user: user.id }, overrideAccess: true })
  const plain = (created as { password?: unknown }).password
  if (typeof plain !== 'string') throw new CommandError('the application password was not generated')
  return { plain, user: `${(user as { username?: string }).username ?? user.email} (ID ${user.id})` }
}
