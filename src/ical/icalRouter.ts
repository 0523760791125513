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
import { archiveQuery } from '../../endpoints/events/query/archiveQuery.js'
import { locateEvent, readOneVisible } from '../../endpoints/data/index.js'
import { NAMESPACE } from '../../endpoints/namespace.js'
import { serializeEventList } from '../../endpoints/events/serialize/serializeEventList.js'
import { parseParams } from '../../endpoints/params/parseParams.js'
import type { Event } from '../../endpoints/data/documents.js'
import type { RequestContext } from '../../endpoints/types.js'
import type { ResolvedCalendarOptions } from '../options.js'
import { eventsCalendar, type FeedEvent } from './eventsCalendar.js'

/** The most events one feed lists (the earliest first); narrower queries reach the rest. */
export const FEED_MAX_EVENTS = 500

const CONTENT_TYPE = 'text/calendar; charset=utf-8'
const PUBLIC_CACHE_CONTROL = 'public, max-age=0, must-revalidate'
const PRIVATE_CACHE_CONTROL = 'private, no-cache, max-age=0'

// The list's filters without its paging: a feed is one document, capped at FEED_MAX_EVENTS.
const { page: _page, per_page: _perPage, ...feedParams } = eventArchiveParams

/** Events as the caller may see them, in the shape the calendar builder reads. */
async function serialize(ctx: RequestContext, found: Event[], raw: Record<string, unknown>): Promise<FeedEvent[]> {
  return (await serializeEventList(ctx, found, raw)) as unknown as FeedEvent[]
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
  return serialize(ctx, result.docs as unknown as Event[], input.raw)
}

/** GET /ical/events/<id>.ics: one event the caller may read, hidden from listings or not. */
async function singleEvent(ctx: RequestContext, id: number, query: Record<string, unknown>): Promise<FeedEvent[]> {
  const located = await locateEvent(ctx, id)
  if (located.found !== 'event') throw new RestError('rest-event-not-found', 404, [id])
  if (located.meta.deletedAt || !canReadPost(ctx.user, located.meta)) throw new RestError('event-not-accessible', 403)
  const event = await readOneVisible(ctx, EVENTS, id)
  if (!event) throw new RestError('event-not-accessible', 403)
  return serialize(ctx, [event], query)
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
 * answers share the namespace's response cache (emptied by every write) and every answer has an ETag.
 */
export function icalRouter(payload: Payload, options: ResolvedCalendarOptions, site: { url: string; locale: string }): Router {
  const router = express.Router()
  const host = new URL(site.url).host
  router.use((_req, res, next) => {
    res.locals.locale = site.locale
    next()
  })
  router.get(['/events.ics', '/events/:id.ics'], async (req: Request, res: Response) => {
    const id = req.params.id as string | undefined
    if (id !== undefined && !/^[1-9]\d{0,9}$/.test(id)) throw new RestError('rest-event-not-found', 404, [id])
    const shared = anonymous(req) ? responseCacheFor(payload) : undefined
    const key = `ical ${req.originalUrl}`
    const hit = shared?.store.get(key)
    let body: string | Buffer
    let etag: string
    if (hit) {
      ;({ body, etag } = hit)
      res.set('X-Cache', 'HIT')
    } else {
      const generation = shared?.generation
      const ctx = await buildContext(req, payload, options, { namespace: NAMESPACE, locale: site.locale })
      const query = req.query as Record<string, unknown>
      const events = id === undefined ? await feedEvents(ctx, query) : await singleEvent(ctx, Number(id), query)
      body = eventsCalendar(events, { host, name: id === undefined ? `${host} events` : events[0]!.title, url: `${site.url}${req.originalUrl}` })
      etag = `"${createHash('sha1').update(body).digest('base64url')}"`
      if (shared && shared.generation === generation) shared.store.set(key, { status: 200, body, etag, headers: {} })
      if (shared) res.set('X-Cache', 'MISS')
    }
    res.set('Content-Type', CONTENT_TYPE).set('ETag', etag).set('Cache-Control', shared ? PUBLIC_CACHE_CONTROL : PRIVATE_CACHE_CONTROL)
    if (id !== undefined) res.set('Content-Disposition', `inline; filename="event-${id}.ics"`)
    if (matches(req, etag)) res.status(304).end()
    else res.status(200).send(body)
  })
  router.use(errorMiddleware(payload))
  return router
}
