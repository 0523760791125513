import type { Payload } from 'payload'
import { APP_PASSWORDS } from '../../collections/slugs.js'
import { CommandError } from './CommandError.js'
import { describeUser, findUser } from './findUser.js'

/**
 * app-passwords:create: a new application password for a user. The collection generates it and
 * stores only its hash; the create's result is the one place the plain value appears.
 */
export async function createAppPassword(payload: Payload, input: { user?: string; name?: string }) {
  if (!input.user || !input.name) throw new CommandError('missing --user and/or --name')
  const user = await findUser(payload, input.user)
  const created = await payload.create({ collection: APP_PASSWORDS, data: { name: input.name, user: user.id }, overrideAccess: true })
  const plain = (created as { password?: unknown }).password
  if (typeof plain !== 'string') throw new CommandError('the application password was not generated')
  return { plain, user: describeUser(user) }
}
