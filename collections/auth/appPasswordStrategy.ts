import type { AuthStrategy } from 'payload'
import { verifySecret } from '../secrets.js'
import { APP_PASSWORDS, USERS } from '../slugs.js'

/** Parse "Authorization: Basic base64(user:password)". */
export function parseBasicAuth(header: string | null): { login: string; password: string } | undefined {
  if (!header || !/^basic /i.test(header)) return undefined
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  if (colon < 1) return undefined
  // WordPress shows application passwords in groups of four separated by spaces; accept either form.
  return { login: decoded.slice(0, colon), password: decoded.slice(colon + 1).replace(/\s+/g, '') }
}

/**
 * HTTP Basic with an application password, as a Payload auth strategy so the admin, /api,
 * GraphQL and the calendar namespace all honour it. Returns no user when it does not match.
 */
export const appPasswordStrategy: AuthStrategy = {
  name: 'app-password',
  authenticate: async ({ headers, payload }) => {
    const credentials = parseBasicAuth(headers.get('authorization'))
    if (!credentials) return { user: null }
    const field = credentials.login.includes('@') ? 'email' : 'username'
    const users = await payload.find({
      collection: USERS,
      where: { [field]: { equals: credentials.login } },
      limit: 1,
      depth: 0,
      overrideAccess: true,
    })
    const user = users.docs[0]
    if (!user) return { user: null }
    // The database adapter reads past field access: `hash` is unreadable through every API.
    const rows = (await payload.db.find({
      collection: APP_PASSWORDS,
      where: { user: { equals: user.id } },
      limit: 0,
      pagination: false,
    })) as { docs: Array<{ id: number | string; hash?: string }> }
    const match = rows.docs.find((row) => verifySecret(credentials.password, row.hash))
    if (!match) return { user: null }
    await payload.db.updateOne({ collection: APP_PASSWORDS, id: match.id, data: { lastUsedAt: new Date().toISOString() } })
    return { user: { ...user, collection: USERS, _strategy: 'app-password' } }
  },
}
