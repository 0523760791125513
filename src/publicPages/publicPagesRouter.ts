import express, { type Request, type Response, type Router } from 'express'
import type { Payload } from 'payload'
import { EVENTS } from '../../collections/slugs.js'
import { answerFromCache, sendAnswer, type DocumentKind } from '../../endpoints/cache/answerCache.js'
import { RestError } from '../../endpoints/errors/RestError.js'
import { readEvent } from '../../endpoints/events/handlers/readEvent.js'
import { serializeEvent } from '../../endpoints/events/serialize/serializeEvent.js'
import { findEventById, findSlugId, loadLinked, loadRelated, locatePost, occurrenceOnDay, provisionalBase, readOneVisible } from '../../endpoints/data/index.js'
import type { LinkedKind } from '../../endpoints/linked/LinkedKind.js'
import { serializeLinkedList } from '../../endpoints/linked/serialize/serializeLinkedList.js'
import { NAMESPACE } from '../../endpoints/namespace.js'
import { organizerKind } from '../../endpoints/linked/organizerKind.js'
import type { RequestContext } from '../../endpoints/types.js'
import { venueKind } from '../../endpoints/linked/venueKind.js'
import { setDiscoveryHeaders } from '../http/discoveryHeaders.js'
import type { ResolvedCalendarOptions } from '../../lib/options.js'
import { zoneOf } from '../../lib/dates/wallClock.js'
import { renderPublicPage, type PublicPage } from './renderPublicPage.js'

const PUBLIC_CACHE_CONTROL = 'public, max-age=0, must-revalidate'

// Kept with a stored page: they name the namespace URL of what the page shows.
const DISCOVERY_HEADERS = ['X-TEC-API-VERSION', 'X-TEC-API-ROOT', 'X-TEC-API-ORIGIN']

export interface PublicPagesSite {
  /** SITE_URL */
  url: string
  /** REST_PREFIX, e.g. /wp-json */
  restPrefix: string
  /** The site's first language (the pages' lang). */
  locale: string
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the namespace's wire objects, read field by field as the reference shapes them
type Wire = Record<string, any>
type PageKind = 'event' | 'venue' | 'organizer'

/**
 * The path of a URL pattern when it points at this server (SITE_URL's origin or a SERVER_ORIGINS one),
 * as an Express path (`{slug}` → `:slug`, `{id}` → `:id`); undefined when the pages live elsewhere.
 */
export function ownPagePath(pattern: string, siteUrl: string, serverOrigins: readonly string[]): string | undefined {
  const probe = pattern.replaceAll('{slug}', 'SLUG-PLACEHOLDER').replaceAll('{id}', 'ID-PLACEHOLDER')
  if (!URL.canParse(probe)) return undefined
  const url = new URL(probe)
  const origins = new Set([new URL(siteUrl).origin, ...serverOrigins.map((o) => new URL(o).origin)])
  if (!origins.has(url.origin) || url.search || !/SLUG-PLACEHOLDER|ID-PLACEHOLDER/.test(url.pathname)) return undefined
  return url.pathname.replace('SLUG-PLACEHOLDER', ':slug').replace('ID-PLACEHOLDER', ':id')
}

/** "2027-06-10 19:00:00" → "2027-06-10 19:00" */
const minutes = (wall: string) => wall.slice(0, 16)

function eventPage(event: Wire): Omit<PublicPage, 'apiRoot' | 'siteUrl' | 'lang'> {
  const zone = `${event.timezone} (${event.timezone_abbr})`
  const dates = event.all_day
    ? event.start_date.slice(0, 10) === event.end_date.slice(0, 10)
      ? `${event.start_date.slice(0, 10)}, all day`
      : `${event.start_date.slice(0, 10)} – ${event.end_date.slice(0, 10)}, all day`
    : `${minutes(event.start_date)} – ${minutes(event.end_date)} ${zone}`
  const venues: Wire[] = Array.isArray(event.venue) ? event.venue : [event.venue]
  const places = venues.map((v) => [v.venue, v.address, v.city, v.country].filter(Boolean).join(', '))
  return { title: event.title, facts: [`When: ${dates}`, ...places.map((p) => `Where: ${p}`)], descriptionHtml: event.description ?? '', jsonLd: event.json_ld }
}

function linkedPage(kind: PageKind, doc: Wire): Omit<PublicPage, 'apiRoot' | 'siteUrl' | 'lang'> {
  if (kind === 'venue') {
    const place = [doc.address, doc.city, doc.stateprovince, doc.zip, doc.country].filter(Boolean).join(', ')
    return { title: doc.venue, facts: [place && `Address: ${place}`, doc.phone && `Phone: ${doc.phone}`, doc.website && `Website: ${doc.website}`], descriptionHtml: doc.description ?? '', jsonLd: doc.json_ld }
  }
  return { title: doc.organizer, facts: [doc.phone && `Phone: ${doc.phone}`, doc.email && `Email: ${doc.email}`, doc.website && `Website: ${doc.website}`], descriptionHtml: doc.description ?? '', jsonLd: doc.json_ld }
}

/**
 * Public pages of published events, venues and organizers at the addresses their `url` gives, when the
 * URL patterns point at this server (the default, SITE_URL/event/<slug>/): read as an anonymous caller
 * through the namespace's own single reads, so what the namespace refuses (drafts, private, trashed,
 * password-protected) is a 404 here; the same serializer's json_ld; ETag/304 and the anonymous response
 * cache as the namespace. Nothing is mounted for a pattern on another origin.
 */
export function publicPagesRouter(payload: Payload, options: ResolvedCalendarOptions, site: PublicPagesSite): Router {
  const router = express.Router({ strict: false })
  const namespaceUrl = `${site.url}${site.restPrefix}/${NAMESPACE}`
  const anonymous = (): RequestContext => ({
    payload,
    user: null,
    restRoot: `${site.url}${site.restPrefix}`,
    namespace: NAMESPACE,
    base: namespaceUrl,
    locale: site.locale,
    options,
  })

  const kinds: Array<[PageKind, string, LinkedKind | undefined]> = [
    ['event', options.eventUrlPattern, undefined],
    ['venue', options.venueUrlPattern, venueKind],
    ['organizer', options.organizerUrlPattern, organizerKind],
  ]
  for (const [pageKind, pattern, linked] of kinds) {
    const path = ownPagePath(pattern, site.url, options.serverOrigins)
    if (!path) continue
    // An occurrence of a recurring event has its series' page of its date (`…/event/<slug>/<YYYY-MM-DD>/`).
    const paths = pageKind === 'event' && path.endsWith('/') ? [path, `${path}:date/`] : [path]
    router.get(paths, async (req: Request, res: Response) => {
      // ?password= unlocks a protected event as on the namespace; such answers are never stored.
      const password = typeof req.query.password === 'string' ? req.query.password : undefined
      const document: DocumentKind = {
        type: 'text/html; charset=utf-8',
        key: password === undefined ? `page ${req.path}` : undefined,
        privateCacheControl: 'private, no-cache, max-age=0',
        keptHeaders: DISCOVERY_HEADERS,
      }
      if (answerFromCache(payload, options, req, res, document)) return
      const found = await readPage(pageKind, linked, anonymous(), req.params as Record<string, string>, password)
      if (!found) {
        res.status(404).type('text/plain; charset=utf-8').set('Cache-Control', PUBLIC_CACHE_CONTROL).send('Not found')
        return
      }
      const apiRoot = pageKind === 'event' ? `${namespaceUrl}/events/${found.id}` : pageKind === 'venue' ? `${namespaceUrl}/events/?venue=${found.id}` : `${namespaceUrl}/`
      setDiscoveryHeaders(res, site.url, apiRoot)
      sendAnswer(payload, options, req, res, 200, renderPublicPage({ ...found.page, apiRoot, siteUrl: site.url, lang: site.locale }), document)
    })
  }
  return router
}

const PROTECTED_NOTICE = 'This content is password protected.'

/** A password-protected event as an anonymous list shows it (serializeEvent's locked form). */
async function lockedEvent(ctx: RequestContext, id: number): Promise<Wire | undefined> {
  const doc = await findEventById(ctx, id)
  if (!doc) return undefined
  return serializeEvent(doc, await loadRelated(ctx, [doc]), ctx, { locked: true }) as Wire
}

/** The provisional ID of a series' occurrence on `day` (its page's date), or undefined. */
async function occurrenceId(ctx: RequestContext, series: number, day: string): Promise<number | undefined> {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined
  const meta = await locatePost(ctx, EVENTS, { id: series })
  if (!meta) return undefined
  const occurrence = await occurrenceOnDay(ctx, series, day, zoneOf(meta.timezone ?? '') ?? ctx.options.siteTimezone)
  return occurrence && (await provisionalBase(ctx)) + occurrence.id
}

/** The page of one post as the namespace would show it to an anonymous caller, or undefined (404). */
async function readPage(kind: PageKind, linked: LinkedKind | undefined, ctx: RequestContext, params: Record<string, string>, password?: string) {
  const collection = linked?.collection ?? EVENTS
  let id: number | undefined
  if (params.id !== undefined) id = /^[1-9]\d{0,9}$/.test(params.id) ? Number(params.id) : undefined
  else if (params.slug && params.slug.length <= 200 && !params.slug.includes('\u0000')) id = await findSlugId(ctx, collection, params.slug)
  if (id === undefined || id > 2147483647) return undefined
  if (params.date !== undefined) {
    const occurrence = await occurrenceId(ctx, id, params.date)
    if (occurrence === undefined) return undefined
    id = occurrence
  }
  try {
    if (!linked) {
      try {
        const { body } = await readEvent(ctx, id, password === undefined ? {} : { password })
        return { id, page: eventPage(body as Wire) }
      } catch (error) {
        // Listed with its protected fields blanked, as the namespace lists it (WordPress shows such a
        // page with its title and a password prompt): no description, no JSON-LD.
        if (!(error instanceof RestError) || error.code !== 'event-password-protected') throw error
        const locked = await lockedEvent(ctx, id)
        return locked && { id, page: { ...eventPage(locked), descriptionHtml: `<p>${PROTECTED_NOTICE}</p>`, jsonLd: undefined } }
      }
    }
    const doc = await readOneVisible(ctx, linked.collection, id, { trash: true })
    if (!doc) return undefined
    const [wire] = serializeLinkedList(linked, await loadLinked(ctx, [doc]), ctx, { jsonLd: true })
    return { id, page: linkedPage(kind, wire as Wire) }
  } catch (error) {
    if (error instanceof RestError) return undefined
    throw error
  }
}
