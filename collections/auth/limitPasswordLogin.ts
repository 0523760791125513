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
 *
 * The login is a username or an e-mail (the admin sends either as `username`, /api may send `email`). The
 * account is found here, older mixed-case usernames included, and Payload is handed its e-mail to sign in.
 */
export const limitPasswordLogin: CollectionBeforeOperationHook = async ({ args, operation, req }) => {
  if (operation !== 'login') return args
  const data = (args as { data?: { email?: unknown; username?: unknown; password?: unknown } }).data ?? {}
  const typed = [data.username, data.email].find((v): v is string => typeof v === 'string' && v.trim() !== '')?.trim() ?? ''
  const login = typed.toLowerCase()
  const password = typeof data.password === 'string' ? data.password : ''
  // Missing fields: Payload's own validation answers.
  if (!login || !password) return args
  const address = clientAddress(req)
  const wait = await signInLimits.retryAfter(req.payload, login, address)
  if (wait > 0) throw new APIError(`Too many failed sign-in attempts. Try again in ${wait} seconds.`, 429, null, true)
  const user = (await req.payload.db.findOne({
    collection: USERS,
    where: { or: [{ email: { equals: login } }, { username: { equals: login } }, { username: { equals: typed } }] },
    req,
  })) as { email?: unknown; hash?: unknown; salt?: unknown } | null
  if (!(await verifyLoginPassword(user, password))) {
    await signInLimits.recordFailure(req.payload, login, address)
    throw new AuthenticationError(req.t, 'username' in data)
  }
  await signInLimits.recordSuccess(req.payload, login, address)
  return { ...args, data: { ...data, email: user!.email, username: undefined } }
}
