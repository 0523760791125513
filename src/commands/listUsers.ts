import type { Payload } from 'payload'
import { USERS } from '../../collections/slugs.js'
import { formatTable } from './formatTable.js'

/** users:list: every user with role and sign-in state (locked after too many failed sign-ins). */
export async function listUsers(payload: Payload): Promise<string> {
  const { docs } = await payload.find({ collection: USERS, sort: 'id', pagination: false, depth: 0, overrideAccess: true })
  const now = Date.now()
  const rows = docs.map((doc) => {
    const user = doc as unknown as { id: number; username: string; email: string; role: string; lockUntil?: string | null }
    const locked = user.lockUntil && new Date(user.lockUntil).getTime() > now
    return [String(user.id), user.username, user.email, user.role, locked ? `locked until ${new Date(user.lockUntil!).toISOString()}` : 'active']
  })
  return formatTable(['ID', 'USERNAME', 'EMAIL', 'ROLE', 'SIGN-IN'], rows)
}
