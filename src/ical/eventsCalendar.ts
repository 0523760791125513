import { setImmediate as nextTurn } from 'node:timers/promises'
import ical, { foldLines, ICalCalendarMethod, type ICalCalendar } from 'ical-generator'
import { DateTime } from 'luxon'
import sanitizeHtml from 'sanitize-html'
import { readsBack, vtimezone } from './vtimezone.js'

/** What the feed reads of a serialized event (the namespace's own object, protected fields already blanked). */
export interface FeedEvent {
  id: number
  title: string
  description: string
  url: string
  website?: string
  all_day: boolean | null
  start_date: string
  end_date: string
  utc_start_date: string
  utc_end_date: string
  timezone: string
  date_utc: string
  modified_utc: string
  venue: FeedVenue | FeedVenue[]
  organizer: Array<{ organizer?: string; email?: string }>
  categories: Array<{ name: string }>
  status: string
}

interface FeedVenue {
  venue?: string
  address?: string
  city?: string
  stateprovince?: string
  zip?: string
  country?: string
  geo_lat?: number
  geo_lng?: number
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&nbsp;': ' ' }

/** Stored HTML as plain text: block ends become line breaks, tags go, the entities the filter writes are decoded. */
export function plainText(html: string): string {
  const marked = html.replace(/<br\s*\/?>|<\/(p|div|li|h[1-6]|blockquote|tr)>/gi, '\n')
  const text = sanitizeHtml(marked, { allowedTags: [], allowedAttributes: {} })
  return text
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (m) => ENTITIES[m] ?? m)
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

function utc(wall: string): DateTime {
  return DateTime.fromFormat(wall, 'yyyy-MM-dd HH:mm:ss', { zone: 'UTC' })
}

/** An IANA zone a VTIMEZONE can be built for; manual offsets ("UTC+2") and UTC are written in UTC instead. */
function namedZone(zone: string): string | null {
  if (!zone || /^utc/i.test(zone)) return null
  return DateTime.now().setZone(zone).isValid ? zone : null
}

function location(venue: FeedVenue | FeedVenue[]) {
  const first = Array.isArray(venue) ? venue[0] : venue
  if (!first?.venue) return undefined
  const address = [first.address, [first.zip, first.city].filter(Boolean).join(' '), first.stateprovince, first.country].filter(Boolean).join(', ')
  const geo = typeof first.geo_lat === 'number' && typeof first.geo_lng === 'number' && (first.geo_lat || first.geo_lng) ? { lat: first.geo_lat, lon: first.geo_lng } : undefined
  return { title: first.venue, ...(address ? { address } : {}), ...(geo ? { geo } : {}) }
}

/** Where a feed finds and keeps each event's VEVENT (folded, as written), by event ID. */
export interface KeptVevents {
  get(id: number): string | undefined
  set(id: number, vevent: string): void
}

/** Events written between two turns of the event loop while a feed is built. */
const EVENTS_PER_TURN = 25

const calendarOptions = (options: { host: string; name?: string; url?: string }) => ({
  ...(options.name ? { name: options.name } : {}),
  prodId: { company: options.host, product: 'calendar', language: 'EN' },
  method: ICalCalendarMethod.PUBLISH,
  ...(options.url ? { url: options.url } : {}),
})

/** The event's zone when its times are written in it (timed events in a named zone, read back alike), else null. */
function writtenZone(event: FeedEvent): string | null {
  const zone = event.all_day === true ? null : namedZone(event.timezone)
  if (!zone) return null
  return [event.utc_start_date, event.utc_end_date].every((time) => readsBack(zone, utc(time).toMillis())) ? zone : null
}

/** One event's VEVENT, folded, through a scratch calendar that keeps nothing. */
function vevent(scratch: ICalCalendar, event: FeedEvent, host: string): string {
  const zone = writtenZone(event)
  const modified = utc(event.modified_utc)
  // Drafts and pending events have no publication date (the zero date): their last change stands in.
  const published = utc(event.date_utc)
  const created = published.isValid ? published : modified
  const start = utc(event.utc_start_date)
  const end = utc(event.utc_end_date)
  const item = scratch.createEvent({
    id: `${event.id}@${host}`,
    sequence: Math.max(0, Math.floor(modified.diff(created, 'seconds').seconds)),
    stamp: modified.toJSDate(),
    lastModified: modified.toJSDate(),
    created: created.toJSDate(),
    summary: event.title,
    url: event.url,
    start: start.toJSDate(),
  })
  if (event.all_day === true) {
    // Whole days of the event's zone: its wall-clock dates, the end exclusive (the stored end is 23:59:59).
    const first = DateTime.fromFormat(event.start_date.slice(0, 10), 'yyyy-MM-dd', { zone: 'UTC' })
    const last = DateTime.fromFormat(event.end_date.slice(0, 10), 'yyyy-MM-dd', { zone: 'UTC' })
    item.allDay(true).start(first).end(last.plus({ days: 1 }))
  } else if (zone) {
    item.timezone(zone).start(start.setZone(zone)).end(end.setZone(zone))
  } else {
    item.start(start.toJSDate()).end(end.toJSDate())
  }
  const description = plainText(event.description ?? '')
  if (description) item.description(description)
  const place = location(event.venue)
  if (place) item.location(place)
  const categories = event.categories.map((c) => c.name).filter(Boolean)
  if (categories.length) item.categories(categories.map((name) => ({ name })))
  const organizer = event.organizer.find((o) => o.organizer && o.email)
  if (organizer) item.organizer({ name: organizer.organizer!, email: organizer.email! })
  const text = foldLines(item.toString())
  scratch.clear()
  return text
}

/**
 * An RFC 5545 calendar of serialized events. UIDs are `<id>@<host>`, stable across changes;
 * LAST-MODIFIED is the event's modification time and SEQUENCE the seconds between creation and it, so
 * both grow with every change. Times are written in the event's own zone with a VTIMEZONE for each zone
 * used; all-day events as VALUE=DATE with the exclusive end date RFC 5545 asks for.
 *
 * Writing a VEVENT is most of a feed's cost (ical-generator folds lines a character at a time), so
 * each is taken from `kept` when there and kept there once written, and the loop gets a turn every
 * EVENTS_PER_TURN events: a 500-event feed never holds other requests for long.
 */
export async function eventsCalendar(events: FeedEvent[], options: { host: string; name: string; url?: string; kept?: KeptVevents }): Promise<string> {
  const years = events.flatMap((e) => [Number(e.utc_start_date.slice(0, 4)), Number(e.utc_end_date.slice(0, 4))])
  const fromYear = years.length ? Math.min(...years) - 1 : DateTime.utc().year
  const toYear = years.length ? Math.max(...years) + 1 : DateTime.utc().year
  // The same calendar ical-generator writes, assembled from its parts: the header, a VTIMEZONE per zone
  // in order of first use, the VEVENTs, the end.
  const header = ical(calendarOptions(options)).toString().replace(/END:VCALENDAR$/, '')
  const scratch = ical(calendarOptions({ host: options.host }))
  const zones = new Set<string>()
  const vevents: string[] = []
  for (const [i, event] of events.entries()) {
    if (i > 0 && i % EVENTS_PER_TURN === 0) await nextTurn()
    const zone = writtenZone(event)
    if (zone) zones.add(zone)
    let text = options.kept?.get(event.id)
    if (text === undefined) {
      text = vevent(scratch, event, options.host)
      options.kept?.set(event.id, text)
    }
    vevents.push(text)
  }
  const timezones = [...zones].map((zone) => vtimezone(zone, fromYear, toYear)).filter((block): block is string => Boolean(block))
  return [header, ...timezones.map((block) => `${foldLines(block.replace(/\r?\n/g, '\r\n').trim())}\r\n`), ...vevents, 'END:VCALENDAR'].join('')
}
