import { randomBytes } from 'node:crypto'
import type { Payload } from 'payload'
import { hashSecret } from '../../collections/secrets.js'
import { APP_PASSWORDS, USERS } from '../../collections/slugs.js'
import { CommandError } from './CommandError.js'

/** 24 characters from an unambiguous alphabet, shown in groups of four like WordPress's. */
function generatePassword(): string {
  const alphabet = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789'
  const bytes = randomBytes(24)
  const chars = Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('')
  return chars.match(/.{4}/g)!.join(' ')
}

/** app-passwords:create: a new application password for a user; only its hash is stored. */
export async function createAppPassword(payload: Payload, input: { user?: string; name?: string }) {
  if (!input.user || !input.name) throw new CommandError('missing --user and/or --name')
  const field = input.user.includes('@') ? 'email' : 'username'
  const found = await payload.find({ collection: USERS, where: { [field]: { equals: input.user } }, limit: 1, overrideAccess: true })
  const user = found.docs[0]
  if (!user) throw new CommandError(`no user with ${field} "${input.user}"`)
  const plain = generatePassword()
  await payload.create({
    collection: APP_PASSWORDS,
    data: { name: input.name, user: user.id, hash: hashSecret(plain.replace(/\s+/g, '')) },
    overrideAccess: true,
  })
  return { plain, user: `${(user as { username?: string }).username ?? user.email} (ID ${user.id})` }
}
