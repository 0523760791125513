import { compareTermNames } from '../../terms/serialize/compareTermNames.js'
import { dateDetails, isoInZone, wallClock, zoneAbbreviation, zoneOf } from '../../../lib/dates/wallClock.js'
import type { SerializeContext } from '../../serialize/SerializeContext.js'
import { serializeCost } from './serializeCost.js'
import type { Event, OccurrenceView, Relation, Term } from '../../data/documents.js'
import { relationId, relationIds } from '../../../collections/relationIds.js'
import { autop } from '../../serialize/autop.js'
import { escHtml, jsonLdDescription } from '../../serialize/html.js'
import { serializeImage } from '../../serialize/serializeImage.js'
import { serializeOrganizer, organizerJsonLd } from '../../linked/serialize/serializeOrganizer.js'
import { postDates, wireStatus } from '../../serialize/postDates.js'
import type { Related } from '../../serialize/related.js'
import { globalId, permalink } from '../../serialize/site.js'
import { stripProtected } from '../../serialize/stripProtected.js'
import { serializeEventTerm, type Taxonomy } from '../../terms/serialize/serializeTerm.js'
import { serializeVenue, venueJsonLd } from '../../linked/serialize/serializeVenue.js'
import { wireSlug } from '../../serialize/wireSlug.js'

export interface EventSerializeOptions {
  /** Single reads carry JSON-LD, on the event and its venue and organizers (reference 6.1). */
  jsonLd?: boolean
  /** Replace the password-protected fields (reference section 10). */
  locked?: boolean
  /** The item is this occurrence of the event (a recurring event's): its ID, dated URL and `recurrence`. */
  occurrence?: OccurrenceView
}

/**
 * The trailing `recurrence` object of a recurring event's items (docs/api.md, deliberate differences):
 * the series, its lines, and which of its occurrences the item is (the series itself: its first).
 */
function recurrenceOf(event: Event, occurrence: OccurrenceView | undefined, zone: string) {
  const original = occurrence?.originalStart ?? event.startDate
  return {
    series_id: occurrence?.seriesId ?? event.id,
    rules: occurrence?.lines ?? (Array.isArray(event.recurrence) ? event.recurrence : []),
    original_start: wallClock(original, zone),
    original_start_utc: wallClock(original, 'UTC'),
  }
}

function terms(values: Array<Relation<Term>> | null | undefined, map: Map<number, Term>, taxonomy: Taxonomy, ctx: SerializeContext) {
  return relationIds(values)
    .map((id) => map.get(id))
    .filter((term): term is Term => Boolean(term))
    .sort(compareTermNames)
    .map((term) => serializeEventTerm(term, taxonomy, ctx))
}

/** The event's zone: its own, or the site's when it has none. */
export function eventZone(event: Pick<Event, 'timezone'>, ctx: SerializeContext): string {
  return zoneOf(event.timezone ?? '') ?? ctx.options.siteTimezone
}

/**
 * The event object of reference 6.2, every key in its order. Related documents come from `related`
 * (one query per collection for a whole page); links the caller may not see are left out.
 */
export function serializeEvent(event: Event, related: Related, ctx: SerializeContext, options: EventSerializeOptions = {}) {
  const zone = eventZone(event, ctx)
  const start = event.startDate
  const end = event.endDate
  const startLocal = wallClock(start, zone)
  const endLocal = wallClock(end, zone)
  const startUtc = wallClock(start, 'UTC')
  const endUtc = wallClock(end, 'UTC')
  const venues = relationIds(event.venues)
    .map((id) => related.venues.get(id))
    .filter((v) => v !== undefined)
    .map((v) => serializeVenue(v, ctx, related, { jsonLd: options.jsonLd }))
  const organizers = relationIds(event.organizers)
    .map((id) => related.organizers.get(id))
    .filter((o) => o !== undefined)
    .map((o) => serializeOrganizer(o, ctx, related, { jsonLd: options.jsonLd }))
  const occurrence = options.occurrence
  const id = occurrence?.wireId ?? event.id
  const page = permalink('tribe_events', event, ctx.options)
  // An occurrence's page is the series' page of its date, as Events Calendar Pro links it.
  const url = occurrence && page.endsWith('/') ? `${page}${startLocal.slice(0, 10)}/` : page
  const object: Record<string, unknown> = {
    id,
    global_id: globalId(id, ctx.options.siteUrl),
    global_id_lineage: [globalId(id, ctx.options.siteUrl)],
    author: String(relationId(event.author) ?? '0'),
    status: wireStatus(event),
    ...postDates(event, ctx.options.siteTimezone),
    url,
    rest_url: `${ctx.base}/events/${id}`,
    // As typed, trimmed: no wptexturize (docs/api.md, deliberate difference 19).
    title: event.title.trim(),
    description: event.descriptionHtml ?? '',
    excerpt: autop(event.excerpt),
    slug: wireSlug(event),
    image: serializeImage(related.media.get(relationId(event.image) ?? 0), ctx.options.siteUrl),
    all_day: Boolean(event.allDay),
    start_date: startLocal,
    start_date_details: dateDetails(startLocal),
    end_date: endLocal,
    end_date_details: dateDetails(endLocal),
    utc_start_date: startUtc,
    utc_start_date_details: dateDetails(startUtc),
    utc_end_date: endUtc,
    utc_end_date_details: dateDetails(endUtc),
    timezone: event.timezone || ctx.options.siteTimezone,
    timezone_abbr: zoneAbbreviation(event.timezone || ctx.options.siteTimezone, start),
    ...serializeCost(event, ctx.options),
    // Never set: the permalink; set: escaped as esc_html escapes it, "" when emptied (reference 6.2).
    // An update that omits it keeps either (docs/api.md, deliberate difference 1); the reference would clear it.
    website: event.website == null ? url : escHtml(event.website),
    show_map: Boolean(event.showMap),
    show_map_link: Boolean(event.showMapLink),
    hide_from_listings: Boolean(event.hideFromListings),
    sticky: Boolean(event.sticky),
    featured: Boolean(event.featured),
    categories: terms(event.categories, related.categories, 'tribe_events_cat', ctx),
    tags: terms(event.tags, related.tags, 'post_tag', ctx),
    // One venue is an object, several a list, none [] (reference 6.2).
    venue: venues.length === 1 ? venues[0] : venues,
    organizer: organizers,
    custom_fields: [],
  }
  if (options.jsonLd) object.json_ld = eventJsonLd(event, related, zone, url, ctx.options.siteUrl)
  object.ticketed = Boolean(event.ticketed)
  if (occurrence || event.recurring) object.recurrence = recurrenceOf(event, occurrence, zone)
  return options.locked ? stripProtected(object) : object
}

/** schema.org Event for single reads (reference 6.1). */
function eventJsonLd(event: Event, related: Related, zone: string, url: string, siteUrl: string): Record<string, unknown> {
  const iso = (value: string) => isoInZone(value, zone)
  const venue = related.venues.get(relationIds(event.venues)[0] ?? 0)
  const organizer = related.organizers.get(relationIds(event.organizers)[0] ?? 0)
  const image = serializeImage(related.media.get(relationId(event.image) ?? 0), siteUrl)
  const ld: Record<string, unknown> = {
    '@context': 'http://schema.org',
    '@type': 'Event',
    name: event.title.trim(),
    description: jsonLdDescription(event.descriptionHtml),
    ...(image ? { image: image.url } : {}),
    url,
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    eventStatus: 'https://schema.org/EventScheduled',
    startDate: iso(event.startDate),
    endDate: iso(event.endDate),
  }
  if (venue) ld.location = venueJsonLd(venue)
  if (organizer) ld.organizer = organizerJsonLd(organizer)
  ld.performer = 'Organization'
  return ld
}

