import type { PayloadRequest } from 'payload'

/**
 * req.context key: the caller's network address, set by entry points that know it (the calendar
 * namespace passes Express's req.ip to payload.auth). Payload's own /api handlers run inside Next,
 * which does not tell strategies the address; there only the per-account limit applies.
 */
export const CLIENT_ADDRESS = 'calendarClientAddress'

export function clientAddress(req: Partial<PayloadRequest> | undefined): string | undefined {
  const value = req?.context?.[CLIENT_ADDRESS]
  return typeof value === 'string' && value ? value : undefined
}
