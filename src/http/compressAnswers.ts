import compression from 'compression'
import type { RequestHandler } from 'express'

/**
 * gzip or brotli for clients that ask (Accept-Encoding), with Vary: Accept-Encoding. It wraps the
 * response, so answers replayed by the response cache are compressed too; ETags are computed on the
 * uncompressed body before it, and Content-Length is dropped only when the body is encoded.
 */
export function compressAnswers(): RequestHandler {
  return compression()
}
