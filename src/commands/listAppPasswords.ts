import type { Payload, Where } from 'payload'
import { APP_PASSWORDS } from '../../collections/slugs.js'
import { findUser } from './findUser.js'
import { formatTable } from './formatTable.js'

/** app-passwords:list: every application password (never the secret), or those of one user. */
export async function listAppPasswords(payload: Payload, input: { user?: string }): Promise<string> {
  const where: Where = input.user ? { user: { equals: (await findUser(payload, input.user)).id } } : {}
  const { docs } = await payload.find({ collection: APP_PASSWORDS, where, sort: 'id', pagination: false, depth: 1, overrideAccess: true })
  const rows = docs.map((entry) => {
    const owner = typeof entry.user === 'object' && entry.user ? String(entry.user.username) : String(entry.user)
    return [String(entry.id), owner, entry.name, entry.createdAt, entry.lastUsedAt ?? 'never']
  })
  return formatTable(['ID', 'USER', 'NAME', 'CREATED', 'LAST USED'], rows)
}
