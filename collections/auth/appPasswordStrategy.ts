import type { AuthStrategy, Payload } from 'payload'
import { randomBytes } from 'node:crypto'
import { hashSecret, rememberingVerifier } from '../secrets.js'
import { APP_PASSWORDS, USERS } from '../slugs.js'
import { CLIENT_ADDRESS_HEADER, clientAddress, LOCKS_CHECKED } from './clientAddress.js'
import { signInLimits } from './signInLimits.js'
import type { AppPassword } from '../../src/payload-types.js'

/** Parse "Authorization: Basic base64(user:password)". */
export function parseBasicAuth(header: string | null): { login: string; password: string } | undefined {
  if (!header || !/^basic /i.test(header)) return undefined
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  if (colon < 1) return undefined
  // WordPress shows application passwords in groups of four separated by spaces; accept either form.
  return { login: decoded.slice(0, colon), password: decoded.slice(colon + 1).replace(/\s+/g, '') }
}

// scrypt costs tens of milliseconds by design; a client sending the same credentials on every request
// would pay it each time. Recent verdicts are remembered per (stored hash, password): the row must still
// exist to match, so revoking (deleting) a password takes effect at once.
const matches = rememberingVerifier({ max: 2_000, ttlMs: 10 * 60_000 })

/** How stale lastUsedAt may get before a request writes it again (keeps busy clients from writing per request). */
const LAST_USED_RESOLUTION_MS = 60_000

// Checked when there is nothing to check (no such user, or no application passwords), so those
// answers cost what a wrong password does and do not tell which accounts exist.
let dummyHash: Promise<string> | undefined
const dummy = () => (dummyHash ??= hashSecret(randomBytes(24).toString('base64')))

/** The user's application password that matches, if any; every path runs at least one scrypt check. */
async function findMatch(payload: Payload, userId: number | string | undefined, password: string): Promise<AppPassword | undefined> {
  // The database adapter reads past field access: `hash` is unreadable through every API.
  const rows = await payload.db.find<AppPassword>({
    collection: APP_PASSWORDS,
    where: { user: { equals: userId ?? 0 } },
    limit: 0,
    pagination: false,
  })
  if (userId === undefined || !rows.docs.length) {
    await matches(password, await dummy())
    return undefined
  }
  for (const row of rows.docs) if (await matches(password, row.hash)) return row
  return undefined
}

/**
 * HTTP Basic with an application password, as a Payload auth strategy so the admin, /api, GraphQL and
 * the calendar namespace all honour it. Returns no user when it does not match; failures count towards
 * signInLimits per (account, client address) and per address, and while either is locked no password
 * is checked at all. The address comes from the namespace's context or, on Payload's own routes, from
 * the header the Express app sets (forwardClientAddress).
 */
export const appPasswordStrategy: AuthStrategy = {
  name: 'app-password',
  authenticate: async ({ headers, payload, req }) => {
    const credentials = parseBasicAuth(headers.get('authorization'))
    if (!credentials) return { user: null }
    const address = clientAddress(req) ?? headers.get(CLIENT_ADDRESS_HEADER) ?? undefined
    if (req?.context?.[LOCKS_CHECKED] !== true && (await signInLimits.retryAfter(payload, credentials.login, address)) > 0) return { user: null }
    // A username or an e-mail, in any case, as at the login (limitPasswordLogin): Payload stores both in lower case.
    const lower = credentials.login.trim().toLowerCase()
    const users = await payload.find({
      collection: USERS,
      where: { or: [{ email: { equals: lower } }, { username: { equals: lower } }, { username: { equals: credentials.login } }] },
      limit: 1,
      // One row, no total: without this every Basic request also counts the matching users.
      pagination: false,
      depth: 0,
      overrideAccess: true,
    })
    const user = users.docs[0]
    const match = await findMatch(payload, user?.id, credentials.password)
    if (!user || !match) {
      await signInLimits.recordFailure(payload, credentials.login, address)
      return { user: null }
    }
    await signInLimits.recordSuccess(payload, credentials.login, address)
    const lastUsed = match.lastUsedAt ? Date.parse(match.lastUsedAt) : 0
    if (!(Date.now() - lastUsed < LAST_USED_RESOLUTION_MS)) {
      // Advisory: a busy database (another write's transaction) must not fail the sign-in.
      await payload.db.updateOne({ collection: APP_PASSWORDS, id: match.id, data: { lastUsedAt: new Date().toISOString() } }).catch((err: unknown) => {
        payload.logger.warn({ err }, 'could not record when an application password was last used')
      })
    }
    return { user: { ...user, collection: USERS, _strategy: 'app-password' } }
  },
}
