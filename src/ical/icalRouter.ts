import { createHash } from 'node:crypto'
import express, { type Request, type Response, type Router } from 'express'
import type { Payload } from 'payload'
import { canReadPost } from '../../collections/access/postAccess.js'
import { EVENTS } from '../../collections/slugs.js'
import { buildContext } from '../../endpoints/buildContext.js'
import { responseCacheFor } from '../../endpoints/cache/responseCache.js'
import { errorMiddleware } from '../../endpoints/errors/errorMiddleware.js'
import { RestError } from '../../endpoints/errors/RestError.js'
import { eventArchiveParams } from '../../endpoints/events/params/eventArchiveParams.js'
import { contextArg, hiddenPasswordArg } from '../../endpoints/events/params/unlockArgs.js'
import { archiveQuery } from '../../endpoints/events/query/archiveQuery.js'
import { keepSerialization, keptSerialization, keptSerializations } from '../../endpoints/cache/keptSerializations.js'
import { loadEventList, locateEvent, readOneVisible, type Unlock } from '../../endpoints/data/index.js'
import { NAMESPACE } from '../../endpoints/namespace.js'
import { serializeEventList } from '../../endpoints/events/serialize/serializeEventList.js'
import { parseParams } from '../../endpoints/params/parseParams.js'
import type { Event } from '../../endpoints/data/documents.js'
import type { RequestContext } from '../../endpoints/types.js'
import { crossOrigin } from '../http/restHeaders.js'
import type { ResolvedCalendarOptions } from '../../lib/options.js'
import { eventsCalendar, type FeedEvent, type KeptVevents } from './eventsCalendar.js'

/** The most events one feed lists (the earliest first); narrower queries reach the rest. */
export const FEED_MAX_EVENTS = 500

const CONTENT_TYPE = 'text/calendar; charset=utf-8'
const PUBLIC_CACHE_CONTROL = 'public, max-age=0, must-revalidate'
const PRIVATE_CACHE_CONTROL = 'private, no-cache, max-age=0'

// The list's filters without its paging: a feed is one document, capped at FEED_MAX_EVENTS.
const { page: _page, per_page: _perPage, ...feedParams } = eventArchiveParams

// What a feed reads of its query: its filters, and what unlocks protected events (password, context).
const READ_PARAMETERS = new Set(Object.keys(feedParams))

// What the single event's feed reads of its query.
const unlockParams = { password: hiddenPasswordArg, context: contextArg }

/**
 * The query string of the parameters a feed reads, sorted by name (repeated ones in their order):
 * anything else (calendar apps add cache busters such as `&nc=<random>`) changes nothing in the feed,
 * so it is left out of the cache key and the feed's URL.
 */
function readQuery(originalUrl: string): string {
  const at = originalUrl.indexOf('?')
  if (at < 0) return ''
  const read = [...new URLSearchParams(originalUrl.slice(at + 1))].filter(([name]) => READ_PARAMETERS.has(name.replace(/\[.*$/, '')))
  read.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return read.length ? `?${new URLSearchParams(read)}` : ''
}

/** The public's VEVENTs, kept beside its event objects until the next write; none for other callers. */
function keptVevents(ctx: RequestContext, unlock: Unlock): KeptVevents | undefined {
  const kept = keptSerializations(ctx, unlock, 'ical-vevent')
  if (!kept) return undefined
  return {
    get: (id) => (keptSerialization(kept, id) as { text: string } | undefined)?.text,
    set: (id, text) => void keepSerialization(kept, id, { text }),
  }
}

/** Events as the caller may see them, in the shape the calendar builder reads. */
async function serialize(ctx: RequestContext, found: Event[], unlock: Unlock): Promise<FeedEvent[]> {
  return serializeEventList(await loadEventList(ctx, found, unlock), ctx) as unknown as FeedEvent[]
}

/** GET /ical/events.ics: the events GET /events would list for the same query, all pages in one calendar. */
async function feedEvents(ctx: RequestContext, query: Record<string, unknown>): Promise<FeedEvent[]> {
  const { params, input } = await parseParams(feedParams, { path: {}, query, body: {} }, ctx)
  const { query: built, none } = await archiveQuery(ctx, { ...params, page: 1, per_page: FEED_MAX_EVENTS }, input)
  if (none) return []
  const result = await ctx.payload.find({
    collection: EVENTS,
    where: built.where,
    sort: built.sort,
    limit: FEED_MAX_EVENTS,
    depth: 0,
    trash: built.trash,
    overrideAccess: false,
    user: ctx.user,
  })
  return serialize(ctx, result.docs, params)
}

/** GET /ical/events/<id>.ics: one event the caller may read, hidden from listings or not. */
async function singleEvent(ctx: RequestContext, id: number, unlock: Unlock): Promise<FeedEvent[]> {
  const located = await locateEvent(ctx, id)
  if (located.found !== 'event') throw new RestError('rest-event-not-found', 404, [id])
  if (located.meta.deletedAt || !canReadPost(ctx.user, located.meta)) throw new RestError('event-not-accessible', 403)
  const event = await readOneVisible(ctx, EVENTS, id)
  if (!event) throw new RestError('event-not-accessible', 403)
  return serialize(ctx, [event], unlock)
}

function anonymous(req: Request): boolean {
  return !req.headers.authorization && !/(?:^|;\s*)payload-token=/.test(req.headers.cookie ?? '') && !('password' in req.query)
}

function matches(req: Request, etag: string): boolean {
  const header = req.headers['if-none-match']
  return Boolean(header) && (header === '*' || header!.split(',').some((tag) => tag.trim() === etag))
}

/**
 * iCalendar feeds outside the namespace (which stays the reference's), mounted at /ical: `events.ics`
 * takes every filter of GET /events, `events/<id>.ics` is one event. Read with the caller's access; anonymous
 * answers share the namespace's response cache (emptied by every write), keyed by the parameters a feed
 * reads, and concurrent anonymous requests for one key share one build. Every answer has an ETag and
 * CORS headers as the namespace's (a widget on another origin reads the feed; cookies only from CORS_ORIGINS).
 */
export function icalRouter(payload: Payload, options: ResolvedCalendarOptions, site: { url: string; locale: string }): Router {
  const router = express.Router()
  const host = new URL(site.url).host
  const building = new Map<string, Promise<{ body: string; etag: string }>>()
  router.use((_req, res, next) => {
    res.locals.locale = site.locale
    next()
  })
  router.use(crossOrigin({ corsOrigins: options.corsOrigins, exposeHeaders: ['ETag', 'Content-Disposition', 'X-Request-Id'] }))
  const build = async (req: Request, id: string | undefined, url: string) => {
    const ctx = await buildContext(req, payload, options, { namespace: NAMESPACE, locale: site.locale })
    const query = req.query as Record<string, unknown>
    const { params: unlock } = await parseParams(unlockParams, { path: {}, query, body: {} }, ctx)
    const events = id === undefined ? await feedEvents(ctx, query) : await singleEvent(ctx, Number(id), unlock)
    const name = id === undefined ? `${host} events` : events[0]!.title
    const body = await eventsCalendar(events, { host, name, url, kept: keptVevents(ctx, unlock) })
    return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` }
  }
  router.get(['/events.ics', '/events/:id.ics'], async (req: Request, res: Response) => {
    const id = req.params.id as string | undefined
    if (id !== undefined && !/^[1-9]\d{0,9}$/.test(id)) throw new RestError('rest-event-not-found', 404, [id])
    const shared = anonymous(req) ? responseCacheFor(payload, options) : undefined
    const path = req.originalUrl.split('?')[0]!
    const url = `${site.url}${path}${readQuery(req.originalUrl)}`
    const key = `ical ${path}${readQuery(req.originalUrl)}`
    const hit = shared?.store.get(key)
    let body: string | Buffer
    let etag: string
    if (hit) {
      ;({ body, etag } = hit)
      res.set('X-Cache', 'HIT')
    } else if (shared) {
      const generation = shared.generation
      const flight = `${generation} ${key}`
      let built = building.get(flight)
      if (!built) {
        built = build(req, id, url).finally(() => building.delete(flight))
        building.set(flight, built)
      }
      ;({ body, etag } = await built)
      if (shared.generation === generation) shared.store.set(key, { status: 200, body, etag, headers: {} })
      res.set('X-Cache', 'MISS')
    } else {
      ;({ body, etag } = await build(req, id, url))
    }
    res.set('Content-Type', CONTENT_TYPE).set('ETag', etag).set('Cache-Control', shared ? PUBLIC_CACHE_CONTROL : PRIVATE_CACHE_CONTROL)
    if (id !== undefined) res.set('Content-Disposition', `inline; filename="event-${id}.ics"`)
    if (matches(req, etag)) res.status(304).end()
    else res.status(200).send(body)
  })
  router.use(errorMiddleware(payload))
  return router
}
