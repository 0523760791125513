import type { Payload } from 'payload'
import { USERS } from '../../collections/slugs.js'
import { describeUser, findUser } from './findUser.js'

/** users:unlock: lifts the lockout after too many failed sign-ins (and resets the count). */
export async function unlockUser(payload: Payload, input: { user?: string }): Promise<string> {
  const user = await findUser(payload, input.user)
  await payload.unlock({ collection: USERS, data: { email: user.email }, overrideAccess: true })
  return `Unlocked ${describeUser(user)}.`
}
