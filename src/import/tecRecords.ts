import { decodeHTML } from 'entities'
import { DateTime } from 'luxon'
import { eventSchedule } from '../../lib/dates/eventSchedule.js'

/** The parts of TEC's wire objects the import reads (reference 6.2); everything else is ignored. */
export interface WireTerm { id: number; name: string; slug: string; description?: string; parent?: number }
export interface WireImage { id?: number; url?: string }
export interface WirePost {
  id: number
  author?: string | number
  status?: string
  date_utc?: string
  slug?: string
  description?: string
  image?: WireImage | false | null
  website?: string
  [key: string]: unknown
}

/** Plain text as TEC sends it: titles and names are HTML-escaped (`Rock &#8217;n&#8217; roll`). */
export const plain = (value: unknown): string => (typeof value === 'string' ? decodeHTML(value.replace(/<[^>]*>/g, '')).trim() : '')

/** WordPress's "Y-m-d H:i:s" in UTC as an ISO instant; undefined for anything else. */
export function utcInstant(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.trim()) return undefined
  const parsed = DateTime.fromSQL(value.trim(), { zone: 'UTC' })
  return parsed.isValid ? parsed.toISO()! : undefined
}

/**
 * The fields every post type shares; author, image and description are resolved by the caller.
 * Drafts and pending posts have the zero date in date_utc (WordPress's floating dates): their local
 * `date`, read in the site's zone, is the one to keep.
 */
export function postFields(wire: WirePost, siteZone: string): Record<string, unknown> {
  const local = typeof wire.date === 'string' ? DateTime.fromSQL(wire.date.trim(), { zone: siteZone }) : undefined
  const utc = utcInstant(wire.date_utc)
  return {
    slug: wire.slug || undefined,
    // A draft's post name and GMT date are kept only when the source has them (postDates, wireSlug).
    slugGiven: Boolean(wire.slug),
    dateGiven: Boolean(utc),
    status: ['publish', 'future', 'draft', 'pending', 'private'].includes(wire.status ?? '') ? wire.status : 'publish',
    publishedAt: utc ?? (local?.isValid ? local.toUTC().toISO() : undefined),
  }
}

export function termData(wire: WireTerm): Record<string, unknown> {
  return { name: plain(wire.name) || wire.slug, description: plain(wire.description), slug: wire.slug }
}

const text = (value: unknown) => (typeof value === 'string' ? decodeHTML(value).trim() : '')
const flag = (value: unknown) => value === true || value === 'true' || value === 1 || value === '1'

export function venueData(wire: WirePost, siteZone: string): Record<string, unknown> {
  const number = (value: unknown) => (value === '' || value === null || value === undefined || !Number.isFinite(Number(value)) ? null : Number(value))
  // TEC reports 0,0 for a venue without coordinates.
  const latitude = number(wire.geo_lat)
  const longitude = number(wire.geo_lng)
  const located = latitude !== null && longitude !== null && !(latitude === 0 && longitude === 0)
  return {
    ...postFields(wire, siteZone),
    title: plain(wire.venue) || wire.slug || `Venue ${wire.id}`,
    ...Object.fromEntries(['address', 'city', 'zip', 'state', 'province', 'stateprovince', 'country', 'phone'].map((f) => [f, text(wire[f])])),
    website: text(wire.website),
    // The reference's strings; a record without the flag takes the field's default ("true", shown).
    showMap: wire.show_map === undefined ? undefined : String(flag(wire.show_map)),
    showMapLink: wire.show_map_link === undefined ? undefined : String(flag(wire.show_map_link)),
    latitude: located ? latitude : null,
    longitude: located ? longitude : null,
  }
}

export function organizerData(wire: WirePost, siteZone: string): Record<string, unknown> {
  return {
    ...postFields(wire, siteZone),
    title: plain(wire.organizer) || wire.slug || `Organizer ${wire.id}`,
    phone: text(wire.phone),
    website: text(wire.website),
    email: text(wire.email),
  }
}

interface WireCost { currency_symbol?: string; currency_code?: string; currency_position?: string; values?: unknown[] }

/** TEC's cost as stored here: the amounts (its `values`) or the text when it has none ("Free", ""). */
export function costData(cost: unknown, details: WireCost | undefined): Record<string, unknown> {
  const values = (details?.values ?? []).map((v) => String(v).trim()).filter(Boolean)
  const amounts = values.length && values.every((v) => /\d/.test(v))
  return {
    cost: amounts ? values.join(', ') : text(cost),
    currencySymbol: text(details?.currency_symbol),
    currencyCode: text(details?.currency_code),
    currencyPosition: details?.currency_position === 'prefix' || details?.currency_position === 'postfix' ? details.currency_position : null,
  }
}

/**
 * The event's own fields. The instants come from utc_*_date (unambiguous); the zone is kept as sent,
 * IANA name or UTC offset ("UTC+2"), and all-day events span their whole local days as here.
 */
export function eventData(wire: WirePost, siteZone: string): Record<string, unknown> {
  const zone = typeof wire.timezone === 'string' && wire.timezone.trim() ? wire.timezone.trim() : siteZone
  const luxonZone = DateTime.now().setZone(zone).isValid ? zone : siteZone
  const start = DateTime.fromSQL(String(wire.utc_start_date ?? ''), { zone: 'UTC' })
  const endRaw = DateTime.fromSQL(String(wire.utc_end_date ?? ''), { zone: 'UTC' })
  if (!start.isValid) throw new Error(`event ${wire.id} has no valid utc_start_date`)
  const allDay = flag(wire.all_day)
  const schedule = eventSchedule(start, endRaw.isValid ? endRaw : start, luxonZone, allDay)
  return {
    ...postFields(wire, siteZone),
    title: plain(wire.title) || `Event ${wire.id}`,
    excerpt: plain(wire.excerpt),
    timezone: zone,
    allDay,
    ...schedule,
    ...costData(wire.cost, wire.cost_details as WireCost | undefined),
    // An event without a website shows its own page URL there (this project's namespace): left unset
    // (null), it shows this site's page URL; an empty one ("") would show nothing.
    website: wire.website === wire.url ? null : text(wire.website),
    showMap: flag(wire.show_map),
    showMapLink: flag(wire.show_map_link),
    hideFromListings: flag(wire.hide_from_listings),
    sticky: flag(wire.sticky),
    featured: flag(wire.featured),
    ticketed: flag(wire.ticketed),
  }
}

/** IDs of the linked posts of an event: `venue` is an object, a list, or `[]` when there is none. */
export function linkedIds(value: unknown): number[] {
  const list = Array.isArray(value) ? value : value && typeof value === 'object' ? [value] : []
  return list.map((item) => Number((item as { id?: unknown }).id)).filter((id) => Number.isInteger(id) && id > 0)
}

/**
 * Events Calendar Pro's provisional IDs: an occurrence's ID plus this base (its REST API lists each
 * occurrence as an item). The default; a site whose post IDs came near it had it raised
 * (import:tec --provisional-base).
 */
export const PROVISIONAL_BASE = 10_000_000

/**
 * The series an item belongs to when it is one occurrence of an Events Calendar Pro recurring event:
 * a provisional ID (the base or more) and a dated URL (`…/event/<slug>/<YYYY-MM-DD>/`, or with a
 * same-day number after the date). Its slug names the series (every occurrence has the same).
 */
export function ecpOccurrence(wire: WirePost, base: number = PROVISIONAL_BASE): { series: string; occurrenceId: number } | null {
  if (!Number.isSafeInteger(wire.id) || wire.id < base || typeof wire.url !== 'string') return null
  const dated = /\/event\/([^/?#]+)\/(\d{4}-\d{2}-\d{2})(?:\/\d+)?\/?(?:[?#].*)?$/.exec(wire.url)
  if (!dated) return null
  return { series: wire.slug || decodeURIComponent(dated[1]!), occurrenceId: wire.id - base }
}
