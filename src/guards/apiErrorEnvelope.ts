import type { NextFunction, Request, Response } from 'express'

/** Payload's route-not-found answers ({message: 'Route not found …'} or {message: 'Cannot GET …'}). */
const BARE_MESSAGE = /^\s*\{\s*"message"\s*:\s*("(?:[^"\\]|\\.)*")\s*\}\s*$/

/**
 * Payload's /api answers an unknown route 404 `{message}`, unlike every other /api error. Below
 * `apiRoute` (GraphQL excepted), a 404 or 405 JSON answer that is a bare `{message}` is rewritten to
 * `{errors: [{message}]}`; other answers pass through untouched, streamed as before.
 */
export function apiErrorEnvelope(apiRoute: string, graphqlPaths: Set<string>) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (!req.path.startsWith(`${apiRoute}/`) && req.path !== apiRoute) return next()
    // HEAD answers carry no body to rewrite (and keep the GET's Content-Length).
    if (graphqlPaths.has(req.path) || req.method === 'HEAD') return next()
    const write = res.write.bind(res) as (...args: unknown[]) => boolean
    const end = res.end.bind(res) as (...args: unknown[]) => Response
    const chunks: Buffer[] = []
    // Decided on the first write or end, once the status and headers are known.
    let buffering: boolean | undefined
    const decide = () => {
      buffering ??= (res.statusCode === 404 || res.statusCode === 405) && /json/.test(String(res.getHeader('content-type') ?? '')) && !res.headersSent
      return buffering
    }
    const toBuffer = (chunk: unknown, encoding: unknown) =>
      Buffer.isBuffer(chunk) ? chunk : typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : Buffer.from(chunk as Uint8Array)
    // Next flushes the headers before its first write: held back while the body is being rewritten.
    const flushHeaders = res.flushHeaders.bind(res)
    res.flushHeaders = () => {
      if (!decide()) flushHeaders()
    }
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      if (!decide()) return write(chunk, ...rest)
      if (chunk != null) chunks.push(toBuffer(chunk, rest[0]))
      const callback = rest.find((r) => typeof r === 'function') as (() => void) | undefined
      callback?.()
      return true
    }) as Response['write']
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      if (!decide()) return end(chunk, ...rest)
      if (chunk != null && typeof chunk !== 'function') chunks.push(toBuffer(chunk, rest[0]))
      const text = Buffer.concat(chunks).toString('utf8')
      const bare = BARE_MESSAGE.exec(text)
      const body = bare ? JSON.stringify({ errors: [{ message: JSON.parse(bare[1]!) as string }] }) : text
      res.setHeader('content-length', Buffer.byteLength(body))
      const callback = [chunk, ...rest].find((r) => typeof r === 'function') as (() => void) | undefined
      return callback ? end(body, callback) : end(body)
    }) as Response['end']
    next()
  }
}
