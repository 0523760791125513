import type { ErrorRequestHandler } from 'express'
import type { Payload } from 'payload'
import { RestError } from './RestError.js'

/** The one place errors become responses. Unknown errors are logged and answered without details. */
export function errorMiddleware(payload: Payload): ErrorRequestHandler {
  return (err, req, res, _next) => {
    let error: RestError
    if (err instanceof RestError) error = err
    else if (err?.type === 'entity.parse.failed') error = new RestError('rest_invalid_json', 400)
    else if (err?.type === 'entity.too.large') error = new RestError('rest_payload_too_large', 413)
    // body-parser's form limits (1,000 parameters, 32 levels) and what it cannot decode: the client's fault.
    else if (err?.type === 'parameters.too.many' || err?.type === 'querystring.parse.rangeError') error = new RestError('rest_body_too_complex', 400)
    else if (err?.type === 'charset.unsupported' || err?.type === 'encoding.unsupported') error = new RestError('rest_unsupported_body', 400)
    else if (err?.name === 'Forbidden') error = new RestError('rest_forbidden', 403)
    else {
      payload.logger.error({ err, method: req.method, url: req.originalUrl }, 'calendar request failed')
      error = new RestError('internal_error', 500)
    }
    res.set(error.headers).status(error.status).json(error.toJSON(res.locals.locale ?? 'en'))
  }
}
