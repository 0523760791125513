import type { Payload } from 'payload'
import { USERS } from '../../collections/slugs.js'
import { formatTable } from './formatTable.js'

/** users:list: every user with role and the date the account was made. */
export async function listUsers(payload: Payload): Promise<string> {
  const { docs } = await payload.find({ collection: USERS, sort: 'id', pagination: false, depth: 0, overrideAccess: true })
  const rows = docs.map((doc) => {
    const user = doc as unknown as { id: number; username: string; email: string; role: string; createdAt: string }
    return [String(user.id), user.username, user.email, user.role, user.createdAt]
  })
  return formatTable(['ID', 'USERNAME', 'EMAIL', 'ROLE', 'CREATED'], rows)
}
