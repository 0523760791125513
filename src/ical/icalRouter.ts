import express, { type Request, type Response, type Router } from 'express'
import type { Payload } from 'payload'
import { canReadPost } from '../../collections/access/postAccess.js'
import { EVENTS } from '../../collections/slugs.js'
import { buildContext } from '../../endpoints/buildContext.js'
import { answerFromCache, buildShared, hasCredentials, sendAnswer, type DocumentKind } from '../../endpoints/cache/answerCache.js'
import { errorMiddleware } from '../../endpoints/errors/errorMiddleware.js'
import { RestError } from '../../endpoints/errors/RestError.js'
import { eventArchiveParams } from '../../endpoints/events/params/eventArchiveParams.js'
import { contextArg, hiddenPasswordArg } from '../../endpoints/events/params/unlockArgs.js'
import { archiveQuery } from '../../endpoints/events/query/archiveQuery.js'
import { type FeedEvents, findFeedEvents, findFeedSeries, keptTexts, loadEventList, locateEvent, readOneVisible, type Unlock } from '../../endpoints/data/index.js'
import { NAMESPACE } from '../../endpoints/namespace.js'
import { serializeEventList } from '../../endpoints/events/serialize/serializeEventList.js'
import { parseParams } from '../../endpoints/params/parseParams.js'
import { statusesFor } from '../../endpoints/params/statusArg.js'
import { statusWhere } from '../../endpoints/query/statusWhere.js'
import type { Event } from '../../endpoints/data/documents.js'
import type { RequestContext } from '../../endpoints/types.js'
import { crossOrigin } from '../http/restHeaders.js'
import type { ResolvedCalendarOptions } from '../../lib/options.js'
import { eventsCalendar, type FeedEvent, type FeedSeries } from './eventsCalendar.js'

/** The most events one feed lists (the earliest first); narrower queries reach the rest. */
export const FEED_MAX_EVENTS = 500

const CONTENT_TYPE = 'text/calendar; charset=utf-8'
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

/** What a feed writes: its events (each series followed by its changed occurrences) and the series among them. */
interface Feed {
  events: FeedEvent[]
  series: FeedSeries
}

/**
 * Events as the caller may see them, in the shape the calendar builder reads, and their series: each
 * recurring event's changed occurrences the caller may read with `statuses`, written after it, and the
 * occurrences it no longer holds. An item that is one occurrence (`occurrences[i]`, from `include=`) is
 * written on its own, under its provisional ID.
 */
async function serialize(ctx: RequestContext, found: FeedEvents, unlock: Unlock, statuses: string[]): Promise<Feed> {
  const whole = found.docs.filter((_event, i) => !found.occurrences[i])
  const { changed, removed } = await findFeedSeries(ctx, whole, statusWhere(statuses))
  const bySeries = new Map<number, Event[]>()
  for (const event of changed) bySeries.set(event.series as number, [...(bySeries.get(event.series as number) ?? []), event])
  const ordered: Event[] = []
  const views: FeedEvents['occurrences'] = []
  found.docs.forEach((event, i) => {
    ordered.push(event)
    views.push(found.occurrences[i])
    if (found.occurrences[i]) return
    for (const occurrence of bySeries.get(event.id) ?? []) {
      ordered.push(occurrence)
      views.push(undefined)
    }
  })
  const events = serializeEventList(await loadEventList(ctx, ordered, unlock, undefined, views), ctx) as unknown as FeedEvent[]
  const { siteTimezone, recurrenceHorizonMonths: horizonMonths, recurrenceMaxOccurrences: maxOccurrences } = ctx.options
  return {
    events,
    series: {
      limits: { siteTimezone, horizonMonths, maxOccurrences },
      of: new Map(whole.filter((event) => event.recurring).map((event) => [event.id, { fields: event, removed: removed.get(event.id) ?? [] }])),
      changed: new Map(changed.map((event) => [event.id, { series: event.series as number, originalStart: event.originalStart! }])),
    },
  }
}

/** GET /ical/events.ics: the events GET /events would list for the same query, all pages in one calendar. */
async function feedEvents(ctx: RequestContext, query: Record<string, unknown>): Promise<Feed> {
  const { params, input } = await parseParams(feedParams, { path: {}, query, body: {} }, ctx)
  const { query: built, none } = await archiveQuery(ctx, { ...params, page: 1, per_page: FEED_MAX_EVENTS }, input)
  if (none) return { events: [], series: { limits: { siteTimezone: ctx.options.siteTimezone, horizonMonths: 0, maxOccurrences: 0 }, of: new Map(), changed: new Map() } }
  return serialize(ctx, await findFeedEvents(ctx, built, FEED_MAX_EVENTS), params, built.statuses)
}

/** GET /ical/events/<id>.ics: one event the caller may read, hidden from listings or not (a series with its changed occurrences). */
async function singleEvent(ctx: RequestContext, id: number, unlock: Unlock): Promise<Feed> {
  const located = await locateEvent(ctx, id)
  if (located.found !== 'event') throw new RestError('rest-event-not-found', 404, [id])
  if (located.meta.deletedAt || !canReadPost(ctx.user, located.meta)) throw new RestError('event-not-accessible', 403)
  const event = await readOneVisible(ctx, EVENTS, id)
  if (!event) throw new RestError('event-not-accessible', 403)
  return serialize(ctx, { docs: [event], occurrences: [] }, unlock, statusesFor(ctx))
}

/** A feed without credentials nor `?password=` is the same for every caller. */
function anonymous(req: Request): boolean {
  return !hasCredentials(req) && !('password' in req.query)
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
  router.use((_req, res, next) => {
    res.locals.locale = site.locale
    next()
  })
  router.use(crossOrigin({ corsOrigins: options.corsOrigins, exposeHeaders: ['ETag', 'Content-Disposition', 'X-Request-Id'] }))
  const build = async (req: Request, id: string | undefined, url: string) => {
    const ctx = await buildContext(req, payload, options, { namespace: NAMESPACE, locale: site.locale })
    const query = req.query as Record<string, unknown>
    const { params: unlock } = await parseParams(unlockParams, { path: {}, query, body: {} }, ctx)
    const { events, series } = id === undefined ? await feedEvents(ctx, query) : await singleEvent(ctx, Number(id), unlock)
    const name = id === undefined ? `${host} events` : events[0]!.title
    return eventsCalendar(events, { host, name, url, series, kept: keptTexts(ctx, unlock, 'ical-vevent'), keptSeries: keptTexts(ctx, unlock, 'ical-series') })
  }
  router.get(['/events.ics', '/events/:id.ics'], async (req: Request, res: Response) => {
    const id = req.params.id as string | undefined
    if (id !== undefined && !/^[1-9]\d{0,9}$/.test(id)) throw new RestError('rest-event-not-found', 404, [id])
    const path = req.originalUrl.split('?')[0]!
    const url = `${site.url}${path}${readQuery(req.originalUrl)}`
    const kind: DocumentKind = {
      type: CONTENT_TYPE,
      key: anonymous(req) ? `ical ${path}${readQuery(req.originalUrl)}` : undefined,
      privateCacheControl: PRIVATE_CACHE_CONTROL,
      privateWhenUncached: true,
      xCache: true,
      headers: id === undefined ? {} : { 'Content-Disposition': `inline; filename="event-${id}.ics"` },
    }
    if (answerFromCache(payload, options, req, res, kind)) return
    const body = await buildShared(payload, req, kind, () => build(req, id, url))
    sendAnswer(payload, options, req, res, 200, body, kind)
  })
  router.use(errorMiddleware(payload))
  return router
}
