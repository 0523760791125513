import type { Payload, Where } from 'payload'
import { normaliseLogin } from '../../collections/auth/signInLimits.js'
import { removeCounters } from '../../collections/auth/StoredFailureLimiter.js'
import { CommandError } from './CommandError.js'
import { describeUser, findUser } from './findUser.js'

/** The pair counters of an account: it signs in by username (HTTP Basic) or by e-mail (both). */
export function accountPairs(user: { username: string; email: string }): Where {
  return { and: [{ scope: { equals: 'pair' } }, { login: { in: [normaliseLogin(user.username), normaliseLogin(user.email)] } }] }
}

/**
 * users:unlock --user U [--address A]: lifts the sign-in locks (and forgets the failure counts) of U
 * from every address, or from A only; the address's own lock (failures on many accounts) stays.
 * --address A alone lifts that address's own lock and its pairs.
 */
export async function unlockUser(payload: Payload, input: { user?: string; address?: string }): Promise<string> {
  const address = input.address?.trim()
  if (!input.user && !address) throw new CommandError('give --user U, --address A, or both')
  if (!input.user) {
    const removed = await removeCounters(payload, { address: { equals: address } })
    return `Lifted the sign-in limits of address ${address} (${removed} counter${removed === 1 ? '' : 's'} removed).`
  }
  const user = await findUser(payload, input.user)
  const where: Where = address ? { and: [accountPairs(user), { address: { equals: address } }] } : accountPairs(user)
  const removed = await removeCounters(payload, where)
  return `Lifted the sign-in limits of ${describeUser(user)}${address ? ` from ${address}` : ' from every address'} (${removed} counter${removed === 1 ? '' : 's'} removed).`
}
