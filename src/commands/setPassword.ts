import type { Payload } from 'payload'
import { USERS } from '../../collections/slugs.js'
import { describeUser, findUser } from './findUser.js'
import { checkPassword } from './passwordRule.js'

/** users:set-password: a new password for a user (Payload hashes it); their sessions stay valid. */
export async function setPassword(payload: Payload, input: { user?: string; password?: string }): Promise<string> {
  const user = await findUser(payload, input.user)
  const password = checkPassword(input.password)
  await payload.update({ collection: USERS, id: user.id, data: { password }, overrideAccess: true })
  return `New password set for ${describeUser(user)}.`
}
