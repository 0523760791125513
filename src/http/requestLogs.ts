import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { RequestHandler } from 'express'
import type { Logger } from 'pino'
import { pinoHttp } from 'pino-http'
import { redactUrl } from './redactUrl.js'

// An incoming id is kept only when it is a plain token a log search can use; anything else is replaced.
const SANE_REQUEST_ID = /^[A-Za-z0-9._:@-]{1,128}$/

/** The caller's X-Request-Id when sane, else a new UUID; sent back as X-Request-Id either way. */
function requestId(req: IncomingMessage, res: ServerResponse): string {
  const incoming = req.headers['x-request-id']
  const id = typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID()
  res.setHeader('X-Request-Id', id)
  return id
}

/**
 * One JSON line per finished request: `req` {id, method, url with secret query values masked},
 * `res` {statusCode}, `responseTime` in ms. Headers (Authorization, Cookie, Set-Cookie) and bodies are
 * never serialized; a failed body parse is logged only as its status.
 */
export function requestLogs(logger: Logger): RequestHandler {
  return pinoHttp({
    logger,
    genReqId: requestId,
    wrapSerializers: false,
    serializers: {
      req: (req: IncomingMessage & { id?: unknown; originalUrl?: string }) => ({
        id: req.id,
        method: req.method,
        url: redactUrl(req.originalUrl ?? req.url ?? ''),
      }),
      res: (res: ServerResponse) => ({ statusCode: res.statusCode }),
      err: (err: Error) => ({ type: err.name, message: err.message }),
    },
    customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info'),
  }) as unknown as RequestHandler
}
