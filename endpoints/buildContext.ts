import type { Request } from 'express'
import { createLocalReq, executeAuthStrategies, type Payload } from 'payload'
import { parseBasicAuth } from '../collections/auth/appPasswordStrategy.js'
import { CLIENT_ADDRESS, LOCKS_CHECKED } from '../collections/auth/clientAddress.js'
import { signInLimits } from '../collections/auth/signInLimits.js'
import type { ResolvedCalendarOptions } from '../lib/options.js'
import { RestError } from './errors/RestError.js'
import type { RequestContext } from './types.js'

/** Web Headers from Node's, for payload.auth(). */
function toHeaders(req: Request): Headers {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers.set(name, value)
    else if (Array.isArray(value)) for (const v of value) headers.append(name, v)
  }
  return headers
}

/**
 * Authenticates the caller with every Payload strategy (session cookie, JWT, API key, application
 * password) and builds the request context. A Basic header that matches no application password is
 * refused, as WordPress does (reference 1.3); while its account or the client's address is locked by
 * signInLimits the answer is 429 with Retry-After, before any password is checked.
 */
export async function buildContext(
  req: Request,
  payload: Payload,
  options: ResolvedCalendarOptions,
  mount: { namespace: string; locale: string },
): Promise<RequestContext> {
  const headers = toHeaders(req)
  const address = req.ip ?? req.socket.remoteAddress
  const credentials = parseBasicAuth(headers.get('authorization'))
  if (credentials) {
    const wait = await signInLimits.retryAfter(payload, credentials.login, address)
    if (wait > 0) {
      const error = new RestError('rest_too_many_requests', 429, [wait])
      error.headers['Retry-After'] = String(wait)
      throw error
    }
  }
  // The address travels in req.context so the application-password strategy can count failures by it
  // (and knows the locks were just read).
  const authReq = await createLocalReq({ req: { headers }, context: { [CLIENT_ADDRESS]: address, [LOCKS_CHECKED]: Boolean(credentials) } }, payload)
  // The strategies alone: payload.auth() would also work out the caller's permissions on every
  // collection and field, which nothing here reads (each Local API call applies access itself).
  const { user } = await executeAuthStrategies({ headers, payload, req: authReq })
  if (!user && /^basic /i.test(headers.get('authorization') ?? '')) throw new RestError('incorrect_password', 401)
  const langSegment = mount.locale === options.locales[0] ? '' : `/${mount.locale}`
  const restRoot = `${options.siteUrl}${langSegment}${options.restPrefix}`
  return {
    payload,
    user: user ?? null,
    restRoot,
    namespace: mount.namespace,
    base: `${restRoot}/${mount.namespace}`,
    locale: mount.locale,
    clientAddress: address,
    options,
  }
}
