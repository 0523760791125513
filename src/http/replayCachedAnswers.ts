import type { IncomingMessage } from 'node:http'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { NextFunction, Request, RequestHandler, Response } from 'express'
import Negotiator from 'negotiator'
import type { Payload } from 'payload'
import type { Logger } from 'pino'
import { carriesBody, hasCredentials, notModified } from '../../endpoints/cache/answerCache.js'
import { type CachedResponse, type ResponseCache, responseCacheFor } from '../../endpoints/cache/responseCache.js'
import type { ResolvedCalendarOptions } from '../../lib/options.js'
import { logAnswered, requestIdOf } from './requestLogs.js'

// What compressAnswers (the `compression` package) offers and prefers, and below which size it sends
// a body as it is; a replay negotiates the same way, so a URL answers in one encoding hit or miss.
const ENCODINGS = ['br', 'gzip', 'deflate', 'identity']
const PREFERRED = ['br', 'gzip']
const THRESHOLD = 1024
type Encoding = 'br' | 'gzip'
type Replay = NonNullable<CachedResponse['replay']>

/**
 * The body in an encoding, compressed once as compression would (brotli at quality 4) and stored
 * back under the same key so the cache counts its bytes. All in one turn of the event loop: no write
 * can have emptied the cache since the entry was read, and its age is kept.
 */
function encoded(cache: ResponseCache, key: string, entry: CachedResponse, replay: Replay, encoding: Encoding): Buffer {
  const kept = replay.encoded[encoding]
  if (kept) return kept
  const body = encoding === 'br' ? brotliCompressSync(entry.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }) : gzipSync(entry.body)
  // A new entry object: the cache recounts the size of a changed value only.
  cache.store.set(key, { ...entry, replay: { headers: replay.headers, encoded: { ...replay.encoded, [encoding]: body } } }, { noUpdateTTL: true })
  return body
}

/** The encoding compression would choose for this request and body, or undefined for one it leaves to itself (deflate). */
function encodingFor(req: IncomingMessage, size: number): Encoding | 'identity' | undefined {
  if (size < THRESHOLD || !req.headers['accept-encoding']) return 'identity'
  const chosen = new Negotiator(req).encoding(ENCODINGS, { preferred: PREFERRED })
  if (chosen === undefined || chosen === 'identity') return 'identity'
  return chosen === 'br' || chosen === 'gzip' ? chosen : undefined
}

/**
 * Replays stored anonymous answers of the calendar namespace before request logging, compression,
 * CORS and routing run, with the exact headers that pipeline sent for the same entry the first time it
 * replayed it (recorded by answerFromCache), a fresh X-Request-Id and the same log line. Only plain
 * GETs take this path: a request with credentials, a body, an Origin (CORS headers depend on it), an encoding
 * compression would pick that is not stored here, or an entry not yet replayed once goes through the
 * full pipeline, which answers from the same cache. Writes empty the cache as before.
 */
export function replayCachedAnswers(payload: Payload, options: Pick<ResolvedCalendarOptions, 'cacheTtlSeconds' | 'cacheMaxMb'>, logger: Logger): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    // A URL with ?password= is never stored, so only the headers need a look here.
    if (req.method !== 'GET' || req.headers.origin !== undefined || hasCredentials(req) || carriesBody(req)) {
      next()
      return
    }
    const cache = responseCacheFor(payload, options)
    const entry = cache?.store.get(req.url)
    const replay = entry?.replay
    const encoding = replay ? encodingFor(req, entry.body.length) : undefined
    if (!cache || !entry || !replay || encoding === undefined) {
      next()
      return
    }
    const startedAt = Date.now()
    const id = requestIdOf(req)
    ;(req as Request & { id?: string }).id = id
    // One writeHead with the whole list: nothing set before it, so Node takes its fast path.
    if (notModified(req, entry.etag)) {
      res.writeHead(304, [...withoutContentType(replay.headers), 'x-request-id', id])
      res.end()
    } else {
      const body = encoding === 'identity' ? entry.body : encoded(cache, req.url, entry, replay, encoding)
      const headers = [...replay.headers, 'x-request-id', id, 'content-length', String(body.length)]
      if (encoding !== 'identity') headers.push('content-encoding', encoding)
      res.writeHead(entry.status, headers)
      res.end(body)
    }
    logAnswered(logger, req, res, startedAt)
  }
}

/** A 304 has no body to describe. */
function withoutContentType(headers: string[]): string[] {
  const kept: string[] = []
  for (let i = 0; i < headers.length; i += 2) if (headers[i] !== 'content-type') kept.push(headers[i]!, headers[i + 1]!)
  return kept
}
