import type { Payload } from 'payload'
import { USERS } from '../../collections/slugs.js'
import type { User } from '../payload-types.js'
import { CommandError } from './CommandError.js'

export type FoundUser = Pick<User, 'id' | 'email' | 'username' | 'role'>

/** The user a --user flag names: an e-mail when it holds an @, else a username. */
export async function findUser(payload: Payload, login: string | undefined): Promise<FoundUser> {
  if (!login) throw new CommandError('missing --user (a username or an e-mail)')
  const field = login.includes('@') ? 'email' : 'username'
  const value = field === 'email' ? login.toLowerCase().trim() : login
  const found = await payload.find({ collection: USERS, where: { [field]: { equals: value } }, limit: 1, depth: 0, overrideAccess: true })
  const user = found.docs[0]
  if (!user) throw new CommandError(`no user with ${field === 'email' ? 'e-mail' : 'username'} "${login}"`)
  return user
}

/** "ada <ada@example.org> (ID 1)": how the commands name a user in their output. */
export function describeUser(user: FoundUser): string {
  return `${user.username} <${user.email}> (ID ${user.id})`
}
