import type { NextFunction, Request, Response as ExpressResponse } from 'express'
import { bufferedBody } from './bodyLimit.js'

/** The methods whose body Payload reads (addDataAndFileToRequest); on GET, HEAD or DELETE a body is ignored. */
const READS_BODY = new Set(['POST', 'PATCH', 'PUT'])

/**
 * Payload reads a multipart body's `_payload` field with an unguarded JSON.parse (a 500 when it is
 * not JSON). Below `apiRoute`, a multipart body (already read by a bodyLimit) of a method Payload
 * reads bodies of, whose `_payload` is not JSON, is answered 400 in Payload's envelope; a body the
 * platform's parser cannot read is left to Payload.
 */
export function multipartPayloadGuard(apiRoute: string) {
  return async (req: Request, res: ExpressResponse, next: NextFunction): Promise<void> => {
    const body = bufferedBody(req)
    if (!body || !READS_BODY.has(req.method) || !req.path.startsWith(`${apiRoute}/`) || req.is('multipart/form-data') !== 'multipart/form-data') return next()
    let value: FormDataEntryValue | null
    try {
      const form = await new Response(new Uint8Array(body), { headers: { 'content-type': req.get('content-type')! } }).formData()
      value = form.get('_payload')
    } catch {
      return next()
    }
    if (typeof value === 'string') {
      try {
        JSON.parse(value)
      } catch {
        res.status(400).json({ errors: [{ message: 'The _payload field must be JSON.' }] })
        return
      }
    }
    next()
  }
}
