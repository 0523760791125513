import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { RequestHandler } from 'express'
import type { Logger } from 'pino'
import { pinoHttp } from 'pino-http'
import { redactUrl } from './redactUrl.js'

// An incoming id is kept only when it is a plain token a log search can use; anything else is replaced.
const SANE_REQUEST_ID = /^[A-Za-z0-9._:@-]{1,128}$/
const COMPLETED = 'request completed'

/** The caller's X-Request-Id when sane, else a new UUID. */
export function requestIdOf(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id']
  return typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID()
}

/** The request's id (requestIdOf), sent back as X-Request-Id. */
function requestId(req: IncomingMessage, res: ServerResponse): string {
  const id = requestIdOf(req)
  res.setHeader('X-Request-Id', id)
  return id
}

const serializers = {
  req: (req: IncomingMessage & { id?: unknown; originalUrl?: string }) => ({
    id: req.id,
    method: req.method,
    url: redactUrl(req.originalUrl ?? req.url ?? ''),
  }),
  res: (res: ServerResponse) => ({ statusCode: res.statusCode }),
  err: (err: Error) => ({ type: err.name, message: err.message }),
}

function level(statusCode: number, err?: unknown): 'error' | 'warn' | 'info' {
  return err || statusCode >= 500 ? 'error' : statusCode >= 400 ? 'warn' : 'info'
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
    serializers,
    customLogLevel: (_req, res, err) => level(res.statusCode, err),
  }) as unknown as RequestHandler
}

/**
 * The same line for a request answered before requestLogs (a replayed cached answer), written directly:
 * pino-http's per-request child loggers cost more than the replay itself.
 */
export function logAnswered(logger: Logger, req: IncomingMessage & { id?: unknown }, res: ServerResponse, startedAt: number): void {
  logger[level(res.statusCode)]({ req: serializers.req(req), res: serializers.res(res), responseTime: Date.now() - startedAt }, COMPLETED)
}
