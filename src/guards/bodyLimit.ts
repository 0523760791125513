import type { IncomingMessage } from 'node:http'
import { Readable } from 'node:stream'
import type { NextFunction, Request, Response } from 'express'

/** Bodies already read by a bodyLimit in front, so a second one (the namespace's own) does not read again. */
const BODIES = new WeakMap<IncomingMessage, Buffer>()

/** Thrown (passed to next) when a body is over its limit; the socket is closed once the answer is out. */
export class BodyTooLargeError extends Error {
  readonly status = 413
  readonly type = 'entity.too.large'
  constructor(readonly limit: number) {
    super(`The request body is larger than ${limit} bytes.`)
  }
}

function hasBody(req: IncomingMessage): boolean {
  return req.headers['transfer-encoding'] !== undefined || (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0')
}

/**
 * Reads at most `limit` bytes; null as soon as the body is larger (reading stops there, nothing more
 * is kept in memory). A declared Content-Length above the limit is refused before any byte is read.
 */
function readAtMost(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  const declared = Number(req.headers['content-length'])
  if (Number.isFinite(declared) && declared > limit) return Promise.resolve(null)
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const stop = () => {
      req.off('data', onData).off('end', onEnd).off('error', onError).off('aborted', onAborted)
    }
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) {
        stop()
        req.pause()
        resolve(null)
      } else chunks.push(chunk)
    }
    const onEnd = () => {
      stop()
      resolve(Buffer.concat(chunks, size))
    }
    const onError = (error: Error) => {
      stop()
      reject(error)
    }
    const onAborted = () => onError(new Error('request aborted'))
    req.on('data', onData).on('end', onEnd).on('error', onError).on('aborted', onAborted)
  })
}

/**
 * After a 413 the rest of the body is not wanted: the answer says Connection: close, and once it is
 * written the connection is dropped, so a client streaming hundreds of megabytes is cut off.
 */
function closeAfterAnswer(req: IncomingMessage, res: Response): void {
  res.set('Connection', 'close')
  res.on('finish', () => {
    // A little of what is in flight is drained first, so the client reads the answer rather than a reset.
    let drained = 0
    const bound = 64 * 1024
    req.on('data', (chunk: Buffer) => {
      drained += chunk.length
      if (drained > bound) req.socket.destroy()
    })
    req.resume()
  })
}

/**
 * One body limit for a route, checked before anything reads the body into memory and before
 * authentication: the body is read here, bounded by `limitFor(req)` bytes, and kept for the parsers
 * behind (bufferedBody / withBufferedBody). Over the limit, next(BodyTooLargeError) at once.
 */
export function bodyLimit(limitFor: (req: Request) => number) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    if (BODIES.has(req) || !hasBody(req) || req.readableEnded) return next()
    const limit = limitFor(req)
    const body = await readAtMost(req, limit)
    if (!body) {
      closeAfterAnswer(req, res)
      return next(new BodyTooLargeError(limit))
    }
    BODIES.set(req, body)
    next()
  }
}

/** The body a bodyLimit in front read, if any. */
export function bufferedBody(req: IncomingMessage): Buffer | undefined {
  return BODIES.get(req)
}

/**
 * The request as handlers that read the stream themselves (body-parser, Next) expect it: when a
 * bodyLimit already read the body, an object with the request's properties (inherited) whose stream
 * replays that body; otherwise the request itself.
 */
export function withBufferedBody<T extends IncomingMessage>(req: T): T {
  const body = BODIES.get(req)
  if (!body) return req
  const replay = Object.create(req) as T
  // Fresh stream state and listeners of its own; headers, url, socket and the rest come from req.
  Readable.call(replay as unknown as Readable, {})
  replay._read = () => {}
  replay.push(body)
  replay.push(null)
  return replay
}
