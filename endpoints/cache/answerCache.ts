import { createHash } from 'node:crypto'
import type { IncomingMessage, OutgoingHttpHeaders } from 'node:http'
import type { Request, Response } from 'express'
import type { Payload } from 'payload'
import type { ResolvedCalendarOptions } from '../../lib/options.js'
import { answerJson } from './answerJson.js'
import { responseCacheFor } from './responseCache.js'

// What WordPress sends to signed-in callers (reference 1.4); public answers may be stored but must be revalidated.
const PRIVATE_CACHE_CONTROL = 'no-cache, must-revalidate, max-age=0, no-store, private'
const PUBLIC_CACHE_CONTROL = 'public, max-age=0, must-revalidate'
const KEPT_HEADERS = ['allow', 'link', 'x-tec-total', 'x-tec-totalpages', 'x-content-type-options', 'x-robots-tag']

/** A caller with any credentials (Authorization header, Payload session cookie) is not anonymous. */
export function hasCredentials(req: Request): boolean {
  return Boolean(req.headers.authorization) || /(?:^|;\s*)payload-token=/.test(req.headers.cookie ?? '')
}

/**
 * Whether the request carries a body (HTTP/1.1's test: a Content-Length above 0, or any
 * Transfer-Encoding). The namespace reads a JSON body on GET as WordPress does, so the URL alone no
 * longer says what such a request asks: it is neither answered from the cache nor stored into it.
 */
export function carriesBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length']
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length.trim() !== '0')
}

/** Only answers whose meaning is their URL may be shared: anonymous, no body, no `password` in the query. */
export function shareable(req: Request): boolean {
  return !hasCredentials(req) && !carriesBody(req) && !('password' in req.query)
}

function strongEtag(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`
}

export function notModified(req: Request, etag: string): boolean {
  const header = req.headers['if-none-match']
  if (!header) return false
  return header === '*' || header.split(',').some((tag) => tag.trim() === etag)
}

/** The options the response cache is made with. */
type CacheOptions = Pick<ResolvedCalendarOptions, 'cacheTtlSeconds' | 'cacheMaxMb'>

/** The generation of the response cache when a request began, for requests that may store their answer. */
const began = new WeakMap<Request, number>()

/**
 * An answer outside the namespace that shares its response cache under a key of its own (the iCal
 * feeds, the public pages): a whole document of one content type, with a strong ETag.
 */
export interface DocumentKind {
  /** The Content-Type of the body. */
  type: string
  /** Its key in the response cache; undefined when the answer is the caller's alone (never stored nor replayed). */
  key: string | undefined
  /** The Cache-Control of an answer that is not shared. */
  privateCacheControl: string
  /** Whether a shareable answer is private too while the response cache is off (the feeds'). */
  privateWhenUncached?: boolean
  /** Whether the answer says X-Cache: HIT or MISS. */
  xCache?: boolean
  /** Headers of the answer (set before sendAnswer) kept with it and replayed, by name as written here. */
  keptHeaders?: readonly string[]
  /** Headers the document is sent with, stored or not (not its errors'). */
  headers?: Record<string, string>
}

/** A hit of a document's key: sent with its kept headers, a public Cache-Control and its ETag (304 on a match). */
function documentFromCache(payload: Payload, options: CacheOptions, req: Request, res: Response, kind: DocumentKind): boolean {
  const { key } = kind
  const cache = key !== undefined ? responseCacheFor(payload, options) : undefined
  if (key === undefined || !cache) return false
  const hit = cache.store.get(key)
  if (!hit) {
    began.set(req, cache.generation)
    return false
  }
  if (kind.xCache) res.set('X-Cache', 'HIT')
  res.set(hit.headers).set(kind.headers ?? {}).set('Content-Type', kind.type).set('ETag', hit.etag).set('Cache-Control', PUBLIC_CACHE_CONTROL)
  if (notModified(req, hit.etag)) res.status(304).end()
  else res.status(hit.status).send(hit.body)
  return true
}

/** A built document: stored under its key unless a write happened since the request began, then sent as a hit is. */
function sendDocument(payload: Payload, options: CacheOptions, req: Request, res: Response, body: string, kind: DocumentKind): void {
  const { key } = kind
  const etag = strongEtag(body)
  const generation = began.get(req)
  const cache = key !== undefined && generation !== undefined ? responseCacheFor(payload, options) : undefined
  if (key !== undefined && cache) {
    if (cache.generation === generation) {
      const headers: Record<string, string> = {}
      for (const name of kind.keptHeaders ?? []) {
        const value = res.get(name)
        if (value !== undefined) headers[name] = value
      }
      cache.store.set(key, { status: 200, body, etag, headers })
    }
    if (kind.xCache) res.set('X-Cache', 'MISS')
  }
  // A feed says public only while it may be stored; a page whenever it is the same for everyone.
  const shared = key !== undefined && (cache !== undefined || !kind.privateWhenUncached)
  res.set(kind.headers ?? {}).set('Content-Type', kind.type).set('ETag', etag).set('Cache-Control', shared ? PUBLIC_CACHE_CONTROL : kind.privateCacheControl)
  if (notModified(req, etag)) res.status(304).end()
  else res.status(200).send(body)
}

// Builds of shared documents under way, per Payload instance, by cache generation and key.
const building = new WeakMap<Payload, Map<string, Promise<string>>>()

/**
 * Concurrent requests that missed the response cache for one document key in one generation share
 * one build of it; a request that may not be stored (answerFromCache noted no generation) builds alone.
 */
export function buildShared(payload: Payload, req: Request, kind: DocumentKind, build: () => Promise<string>): Promise<string> {
  const generation = began.get(req)
  if (generation === undefined || kind.key === undefined) return build()
  let flights = building.get(payload)
  if (!flights) building.set(payload, (flights = new Map()))
  const flight = `${generation} ${kind.key}`
  let built = flights.get(flight)
  if (!built) {
    built = build().finally(() => flights.delete(flight))
    flights.set(flight, built)
  }
  return built
}

/**
 * The response cache's one read inside the pipeline (the first step of the namespace's router, of
 * the REST index, and with a `kind` of the iCal feeds and the public pages;
 * src/http/replayCachedAnswers.ts reads it once more before the pipeline, for entries already sent
 * once): answers a GET or HEAD from a stored anonymous answer, with its ETag (304 on a matching
 * If-None-Match) and `X-Cache: HIT`, and says so. Otherwise notes the cache's generation, so that
 * sendAnswer stores nothing computed across a write.
 */
export function answerFromCache(payload: Payload, options: CacheOptions, req: Request, res: Response, kind?: DocumentKind): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false
  if (kind) return documentFromCache(payload, options, req, res, kind)
  // An answer to one caller's credentials, body or password is theirs alone: never stored nor replayed.
  const cache = shareable(req) ? responseCacheFor(payload, options) : undefined
  if (!cache) return false
  const hit = cache.store.get(req.originalUrl)
  if (!hit) {
    began.set(req, cache.generation)
    return false
  }
  res.set(hit.headers).set('ETag', hit.etag).set('Cache-Control', PUBLIC_CACHE_CONTROL).set('X-Cache', 'HIT')
  if (notModified(req, hit.etag)) {
    res.status(304).end()
    return true
  }
  // Once sent to a plain GET (its CORS headers depend on no Origin), what went out is what every
  // such request will get: replayCachedAnswers answers the next ones before the pipeline.
  if (!hit.replay && req.method === 'GET' && req.headers.origin === undefined) {
    res.once('finish', () => {
      if (res.statusCode === hit.status) hit.replay ??= { headers: replayHeaders(res.getHeaders()), encoded: {} }
    })
  }
  res.status(hit.status).type('application/json; charset=UTF-8').send(hit.body)
  return true
}

/**
 * The one send step of the namespace's router (answers and errors), of the REST index, and with a
 * `kind` of the iCal feeds' and public pages' documents (see DocumentKind): the body as JSON, and for
 * GET and HEAD
 * - a strong ETag, and 304 on a matching If-None-Match;
 * - anonymous 200 answers kept in memory by full URL, replayed until a write clears them (unless a
 *   write happened since the request began: answerFromCache noted when);
 * - Cache-Control public for anonymous answers, private/no-store for the others.
 * A request with a body or a `?password=` is neither answered from the cache nor stored, and its answer
 * is private like an authenticated one (shareable): a password, in the query or in a JSON body, never
 * unlocks an answer someone else receives.
 */
export function sendAnswer(payload: Payload, options: CacheOptions, req: Request, res: Response, status: number, body: unknown): void
/** A document of another kind (`kind`): always a 200 (their errors are not cached). */
export function sendAnswer(payload: Payload, options: CacheOptions, req: Request, res: Response, status: 200, body: string, kind: DocumentKind): void
export function sendAnswer(payload: Payload, options: CacheOptions, req: Request, res: Response, status: number, body: unknown, kind?: DocumentKind): void {
  if (kind) {
    sendDocument(payload, options, req, res, body as string, kind)
    return
  }
  res.status(status)
  // As res.json writes it (the app sets no replacer and no spacing), kept objects' text written once.
  const text = answerJson(body)
  if (!res.get('Content-Type')) res.set('Content-Type', 'application/json')
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.send(text)
    return
  }
  const shared = shareable(req)
  const etag = strongEtag(text)
  res.set('ETag', etag)
  if (!shared) res.set('Cache-Control', PRIVATE_CACHE_CONTROL).set('Expires', 'Wed, 11 Jan 1984 05:00:00 GMT')
  else res.set('Cache-Control', PUBLIC_CACHE_CONTROL)
  const generation = began.get(req)
  const cache = shared && generation !== undefined ? responseCacheFor(payload, options) : undefined
  if (cache && status === 200 && cache.generation === generation) {
    const headers: Record<string, string> = {}
    for (const name of KEPT_HEADERS) {
      const value = res.get(name)
      if (value !== undefined) headers[name] = value
    }
    cache.store.set(req.originalUrl, { status: 200, body: Buffer.from(text), etag, headers })
    res.set('X-Cache', 'MISS')
  }
  if (status === 200 && notModified(req, etag)) {
    res.status(304).send('')
    return
  }
  res.send(text)
}

/**
 * What a replay sends, as the flat [name, value, …] list writeHead takes: the headers the full pipeline
 * sent, without those that differ per request (X-Request-Id) or per encoding (Content-Length,
 * Content-Encoding).
 */
export function replayHeaders(sent: OutgoingHttpHeaders): string[] {
  const flat: string[] = []
  for (const [name, value] of Object.entries(sent)) {
    if (value === undefined || name === 'x-request-id' || name === 'content-length' || name === 'content-encoding') continue
    for (const one of Array.isArray(value) ? value : [value]) flat.push(name, String(one))
  }
  return flat
}
