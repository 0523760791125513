import type { NextFunction, Request, Response } from 'express'
import { CLIENT_ADDRESS_HEADER } from '../../collections/auth/clientAddress.js'

/**
 * Hands the client's address (req.ip, which honours TRUST_PROXY) to Payload's handlers for the
 * sign-in limits, replacing whatever a client sent under that header name.
 */
export function forwardClientAddress(req: Request, _res: Response, next: NextFunction): void {
  const address = req.ip ?? req.socket.remoteAddress
  if (address) req.headers[CLIENT_ADDRESS_HEADER] = address
  else delete req.headers[CLIENT_ADDRESS_HEADER]
  next()
}
