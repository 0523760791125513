import { APIError, AuthenticationError, type CollectionBeforeOperationHook } from 'payload'
import { USERS } from '../slugs.js'
import { clientAddress } from './clientAddress.js'
import { signInLimits } from './signInLimits.js'
import { verifyLoginPassword } from './verifyLoginPassword.js'

/**
 * Payload's password login (/api/users/login, the admin, GraphQL loginUser, the Local API) under the
 * same per-(account, address) limits as application passwords. Runs before Payload's own check: a
 * locked pair or address is refused (429) without checking anything; otherwise the password is
 * verified here, and a wrong one is counted and refused before Payload sees it. An unknown account
 * costs the same hash computation as a known one (Payload alone answers those at once, which tells
 * which accounts exist). A right password is verified again by Payload: the price of a login.
 */
export const limitPasswordLogin: CollectionBeforeOperationHook = async ({ args, operation, req }) => {
  if (operation !== 'login') return args
  const data = (args as { data?: { email?: unknown; password?: unknown } }).data ?? {}
  const email = typeof data.email === 'string' ? data.email.toLowerCase().trim() : ''
  const password = typeof data.password === 'string' ? data.password : ''
  // Missing fields: Payload's own validation answers.
  if (!email || !password) return args
  const address = clientAddress(req)
  const wait = await signInLimits.retryAfter(req.payload, email, address)
  if (wait > 0) throw new APIError(`Too many failed sign-in attempts. Try again in ${wait} seconds.`, 429, null, true)
  const user = await req.payload.db.findOne({ collection: USERS, where: { email: { equals: email } }, req })
  if (!(await verifyLoginPassword(user as { hash?: unknown; salt?: unknown } | null, password))) {
    await signInLimits.recordFailure(req.payload, email, address)
    throw new AuthenticationError(req.t)
  }
  await signInLimits.recordSuccess(req.payload, email, address)
  return args
}
