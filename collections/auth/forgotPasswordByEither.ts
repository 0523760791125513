import { addDataAndFileToRequest, type Endpoint, forgotPasswordOperation, headersWithCors } from 'payload'
import { USERS } from '../slugs.js'

/**
 * POST /api/users/forgot-password, in place of Payload's own: with usernames on, the admin's form sends
 * what was typed as `username`, and Payload would look it up as a username only. A username or an
 * e-mail, in any case, is found here and Payload's operation (hooks, throttle, mail) gets the account's
 * e-mail; an unknown one is passed on as typed and, as before, mails nobody and says so to no one.
 */
export const forgotPasswordByEither: Endpoint = {
  path: '/forgot-password',
  method: 'post',
  handler: async (req) => {
    await addDataAndFileToRequest(req)
    const data = (req.data ?? {}) as { email?: unknown; username?: unknown }
    const typed = [data.username, data.email].find((v): v is string => typeof v === 'string' && v.trim() !== '')?.trim() ?? ''
    const user = typed
      ? ((await req.payload.db.findOne({
          collection: USERS,
          where: { or: [{ email: { equals: typed.toLowerCase() } }, { username: { equals: typed.toLowerCase() } }, { username: { equals: typed } }] },
          req,
        })) as { email?: unknown } | null)
      : null
    const email = typeof user?.email === 'string' ? user.email : ''
    await forgotPasswordOperation({ collection: req.payload.collections[USERS], data: email ? { email, username: '' } : { email: '', username: typed }, req })
    return Response.json({ message: req.t('general:success') }, { headers: headersWithCors({ headers: new Headers(), req }), status: 200 })
  },
}
