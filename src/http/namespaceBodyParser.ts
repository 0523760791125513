import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express'
import { bodyLimit, withBufferedBody } from '../guards/bodyLimit.js'

/** Methods whose form body WordPress reads (WP_REST_Request::get_parameter_order); a JSON body is read on every method. */
const FORM_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * JSON and form bodies, parsed from the body bodyLimit read: body-parser's parsers run on a replay of
 * it, so their errors (bad JSON, too deep, too many parameters, bad charset) reach errorMiddleware.
 * As in WordPress, a form body is ignored on GET, HEAD and OPTIONS, and a JSON body is read on any
 * method (the response cache neither stores nor replays a request with a body: cacheMiddleware).
 */
function parseBody(limit: number): RequestHandler {
  const json = express.json({ limit })
  const form = express.urlencoded({ extended: true, limit, parameterLimit: 1000 })
  return (req: Request, _res: Response, next: NextFunction) => {
    const source = withBufferedBody(req)
    const parsers = FORM_METHODS.has(req.method) ? [json, form] : [json]
    const run = (i: number) => (error?: unknown) => {
      if (error) return next(error)
      if (i === parsers.length) {
        if (source !== req) req.body = source.body
        return next()
      }
      parsers[i]!(source, _res, run(i + 1))
    }
    run(0)()
  }
}

/**
 * The namespace's body handling, given to createCalendarRouter: the body limit (413 before anything
 * reads the body), then parsing into `req.body`.
 */
export function namespaceBodyParser(maxBodyBytes: number): RequestHandler[] {
  return [bodyLimit(() => maxBodyBytes), parseBody(maxBodyBytes)]
}
