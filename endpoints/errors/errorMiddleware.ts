import type { ErrorRequestHandler, Request, Response } from 'express'
import { APIError, type Payload, ValidationError } from 'payload'
import type { MessageCode } from './messages.js'
import { RestError } from './RestError.js'

/** The namespace code for a client error Payload raised with this status. */
const CODE_BY_STATUS: Record<number, MessageCode> = { 401: 'rest_forbidden', 403: 'rest_forbidden', 404: 'rest_no_route', 413: 'rest_payload_too_large' }

/**
 * Payload's own errors escaping a handler: a ValidationError is the request's fault (400
 * rest_invalid_param naming the fields, each field's message in data.params), as is any other
 * APIError with a 4xx status; only 5xx ones are faults of the server.
 */
function fromPayloadError(err: unknown): RestError | undefined {
  if (err instanceof ValidationError) {
    const errors = (err.data as { errors?: Array<{ path?: string; message?: string }> } | undefined)?.errors ?? []
    const paths = errors.map((e) => e.path).filter((p): p is string => Boolean(p))
    const params = Object.fromEntries(errors.filter((e) => e.path).map((e) => [e.path!, e.message ?? 'Invalid parameter.']))
    return new RestError('rest_invalid_param', 400, [paths.join(', ') || err.message], { params })
  }
  if (err instanceof APIError && err.status >= 400 && err.status < 500) {
    const code = CODE_BY_STATUS[err.status]
    return code ? new RestError(code, err.status) : new RestError('rest_invalid_param', err.status, [err.message])
  }
  return undefined
}

/** How an error's JSON is sent: by default as it is; the namespace's router sends it through its send step. */
export type SendJson = (req: Request, res: Response, status: number, body: unknown) => void

const sendJson: SendJson = (_req, res, status, body) => void res.status(status).json(body)

/** The one place errors become responses. Unknown errors are logged and answered without details. */
export function errorMiddleware(payload: Payload, send: SendJson = sendJson): ErrorRequestHandler {
  return (err, req, res, _next) => {
    let error: RestError
    if (err instanceof RestError) error = err
    else if (err?.type === 'entity.parse.failed') error = new RestError('rest_invalid_json', 400)
    else if (err?.type === 'entity.too.large') error = new RestError('rest_payload_too_large', 413)
    // body-parser's form limits (1,000 parameters, 32 levels) and what it cannot decode: the client's fault.
    else if (err?.type === 'parameters.too.many' || err?.type === 'querystring.parse.rangeError') error = new RestError('rest_body_too_complex', 400)
    else if (err?.type === 'charset.unsupported' || err?.type === 'encoding.unsupported') error = new RestError('rest_unsupported_body', 400)
    else if (err?.name === 'Forbidden') error = new RestError('rest_forbidden', 403)
    else if (fromPayloadError(err)) error = fromPayloadError(err)!
    else {
      payload.logger.error({ err, method: req.method, url: req.originalUrl }, 'calendar request failed')
      error = new RestError('internal_error', 500)
    }
    res.set(error.headers)
    send(req, res, error.status, error.toJSON(res.locals.locale ?? 'en'))
  }
}
