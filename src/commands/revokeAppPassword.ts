import type { Payload, Where } from 'payload'
import { APP_PASSWORDS } from '../../collections/slugs.js'
import { CommandError } from './CommandError.js'
import { findUser } from './findUser.js'

interface RevokeInput {
  id?: string
  user?: string
  name?: string
}

/** The checks that need no database (run before Payload boots). */
export function checkRevoke(input: RevokeInput): void {
  if (input.id !== undefined) {
    if (!/^\d+$/.test(input.id)) throw new CommandError(`--id must be a number (got "${input.id}")`)
  } else if (!input.user || !input.name) {
    throw new CommandError('give --id N, or --user U and --name LABEL')
  }
}

/** app-passwords:revoke: deletes one application password, by --id or by --user and --name. */
export async function revokeAppPassword(payload: Payload, input: RevokeInput): Promise<string> {
  checkRevoke(input)
  const where: Where =
    input.id !== undefined
      ? { id: { equals: Number(input.id) } }
      : { and: [{ user: { equals: (await findUser(payload, input.user)).id } }, { name: { equals: input.name } }] }
  const { docs } = await payload.find({ collection: APP_PASSWORDS, where, pagination: false, depth: 0, overrideAccess: true })
  if (!docs.length) throw new CommandError(input.id !== undefined ? `no application password with ID ${input.id}` : `no application password "${input.name}" for ${input.user}`)
  if (docs.length > 1) throw new CommandError(`${docs.length} application passwords match; revoke one with --id (see app-passwords:list)`)
  const entry = docs[0]!
  await payload.delete({ collection: APP_PASSWORDS, id: entry.id, overrideAccess: true })
  return `Revoked application password "${entry.name}" (ID ${entry.id}).`
}
