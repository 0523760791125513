import type { PayloadRequest } from 'payload'

/**
 * req.context key: the caller's network address, set by entry points that know it (the calendar
 * namespace passes Express's req.ip to payload.auth).
 */
export const CLIENT_ADDRESS = 'calendarClientAddress'

/**
 * req.context key: set by an entry point that has just found the caller's login and address unlocked
 * (the calendar namespace answers 429 itself otherwise), so the strategy does not read the locks again.
 */
export const LOCKS_CHECKED = 'calendarSignInLocksChecked'

/**
 * Request header carrying Express's req.ip to Payload's own handlers (/api, GraphQL, the admin), which
 * run inside Next and see no socket. The Express app always overwrites it (src/http/forwardClientAddress),
 * so a value sent by a client never arrives.
 */
export const CLIENT_ADDRESS_HEADER = 'x-calendar-client-address'

export function clientAddress(req: Partial<PayloadRequest> | undefined): string | undefined {
  const value = req?.context?.[CLIENT_ADDRESS] ?? req?.headers?.get?.(CLIENT_ADDRESS_HEADER)
  return typeof value === 'string' && value ? value : undefined
}
