import type { Payload } from 'payload'
import { activeLocks } from '../../collections/auth/StoredFailureLimiter.js'
import { USERS } from '../../collections/slugs.js'
import { formatTable } from './formatTable.js'
import { accountPairs } from './unlockUser.js'

/** users:list: every user with role, the date the account was made, and any active sign-in lock. */
export async function listUsers(payload: Payload): Promise<string> {
  const { docs } = await payload.find({ collection: USERS, sort: 'id', pagination: false, depth: 0, overrideAccess: true })
  const rows = await Promise.all(
    docs.map(async (user) => {
      return [String(user.id), user.username, user.email, user.role, user.createdAt, describeLocks(await activeLocks(payload, accountPairs(user)))]
    }),
  )
  return formatTable(['ID', 'USERNAME', 'EMAIL', 'ROLE', 'CREATED', 'SIGN-IN'], rows)
}

/** "ok", or "locked from 127.0.0.2 until 2026-11-24T05:20:00Z" (the latest end when several addresses are locked). */
function describeLocks(locks: Array<{ address: string; lockedUntil: number }>): string {
  if (!locks.length) return 'ok'
  const addresses = [...new Set(locks.map((l) => l.address))].sort()
  const until = new Date(Math.max(...locks.map((l) => l.lockedUntil))).toISOString().replace(/\.\d+Z$/, 'Z')
  return `locked from ${addresses.length > 3 ? `${addresses.length} addresses` : addresses.join(',')} until ${until}`
}
