import { setImmediate as nextTurn } from 'node:timers/promises'
import ical, { foldLines, ICalCalendarMethod, type ICalCalendar } from 'ical-generator'
import { DateTime } from 'luxon'
import sanitizeHtml from 'sanitize-html'
import type { SeriesFields, SeriesLimits } from '../../lib/recurrence/index.js'
import { recurrenceIdLine, seriesLines, seriesZone, type SeriesZone } from './seriesLines.js'
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

/**
 * The recurring events among a feed's events: each series (`of`, by its ID: its stored fields and the
 * original starts of the occurrences it no longer holds) and each changed occurrence (`changed`, by
 * its event's ID: its series' ID and original start), which the feed writes into its series.
 */
export interface FeedSeries {
  limits: SeriesLimits
  of: Map<number, { fields: SeriesFields; removed: string[] }>
  changed: Map<number, { series: number; originalStart: string }>
}

/** What makes an event's VEVENT part of a series: its UID, how its series writes dates, the lines it adds. */
interface SeriesPart {
  uid: number
  at: SeriesZone
  lines: string[]
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

/**
 * The lines a series adds to its first occurrence's VEVENT (RRULE, RDATE, EXDATE) or a changed
 * occurrence to its own (RECURRENCE-ID), and the UID they share: the series'. Null for an event that
 * is neither (or a series whose stored rule no longer reads: written as the one event it is).
 */
function seriesPart(event: FeedEvent, series: FeedSeries | undefined): SeriesPart | null {
  const own = series?.of.get(event.id)
  if (own) {
    const at = seriesZone(own.fields, series!.limits.siteTimezone)
    const lines = seriesLines(own.fields, own.removed, series!.limits, at)
    return lines ? { uid: event.id, at, lines } : null
  }
  const changed = series?.changed.get(event.id)
  const parent = changed && series!.of.get(changed.series)
  if (!changed || !parent) return null
  const at = seriesZone(parent.fields, series!.limits.siteTimezone)
  return { uid: changed.series, at, lines: [recurrenceIdLine(at, changed.originalStart)] }
}

/** The zones an event's VEVENT names: its own, and its series' (a changed occurrence's RECURRENCE-ID). */
function zonesOf(event: FeedEvent, series: FeedSeries | undefined): Array<SeriesZone | string> {
  const own = series?.of.get(event.id)
  if (own) return [seriesZone(own.fields, series!.limits.siteTimezone)]
  const changed = series?.changed.get(event.id)
  const parent = changed && series!.of.get(changed.series)
  const zone = writtenZone(event)
  return [...(zone ? [zone] : []), ...(parent ? [seriesZone(parent.fields, series!.limits.siteTimezone)] : [])]
}

/**
 * One event's VEVENT, folded, through a scratch calendar that keeps nothing. A series' lines are
 * written as they are: ical-generator's `repeating` takes raw lines but prefixes "RRULE:" to a single
 * one (a series of RDATEs alone), and its `recurrenceId` has no date form for all-day series.
 */
function vevent(scratch: ICalCalendar, event: FeedEvent, host: string, part: SeriesPart | null): string {
  const isSeries = part !== null && part.uid === event.id
  // A series is written in its zone whatever its first start: readers expand the rule in DTSTART's.
  const zone = isSeries ? (part.at.fixed ? null : part.at.tzid) : writtenZone(event)
  const modified = utc(event.modified_utc)
  // Drafts and pending events have no publication date (the zero date): their last change stands in.
  const published = utc(event.date_utc)
  const created = published.isValid ? published : modified
  const start = utc(event.utc_start_date)
  const end = utc(event.utc_end_date)
  const item = scratch.createEvent({
    id: `${part?.uid ?? event.id}@${host}`,
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
  let text = item.toString()
  if (isSeries && part.at.fixed && event.all_day !== true) {
    // A manual offset, which ical-generator cannot write times in: its wall clocks under its own TZID.
    const wall = (name: string, at: DateTime) => `${name};TZID=${part.at.tzid}:${at.setZone(part.at.zone).toFormat("yyyyMMdd'T'HHmmss")}`
    text = text.replace(/^DTSTART:.*$/m, wall('DTSTART', start)).replace(/^DTEND:.*$/m, wall('DTEND', end))
  }
  if (part) text = text.replace(/END:VEVENT\r\n$/, `${part.lines.join('\r\n')}\r\nEND:VEVENT\r\n`)
  text = foldLines(text)
  scratch.clear()
  return text
}

/**
 * An RFC 5545 calendar of serialized events. UIDs are `<id>@<host>`, stable across changes;
 * LAST-MODIFIED is the event's modification time and SEQUENCE the seconds between creation and it, so
 * both grow with every change. Times are written in the event's own zone with a VTIMEZONE for each zone
 * used; all-day events as VALUE=DATE with the exclusive end date RFC 5545 asks for.
 *
 * A recurring event is one VEVENT for its whole series (`series`): its first occurrence's DTSTART and
 * DTEND in the series' zone with the series' RRULE, RDATE and EXDATE (cancelled occurrences too), and
 * each changed occurrence a VEVENT of its own under the series' UID, its RECURRENCE-ID the start the
 * rule gave it (docs/moving-in-and-out.md, iCal feeds).
 *
 * Writing a VEVENT is most of a feed's cost (ical-generator folds lines a character at a time), so
 * each is taken from `kept` when there and kept there once written (a series' and its changed
 * occurrences' in `keptSeries`: a changed occurrence's own feed writes it as one event), and the loop
 * gets a turn every EVENTS_PER_TURN events: a 500-event feed never holds other requests for long.
 */
export async function eventsCalendar(
  events: FeedEvent[],
  options: { host: string; name: string; url?: string; kept?: KeptVevents; keptSeries?: KeptVevents; series?: FeedSeries },
): Promise<string> {
  const { series } = options
  const years = events.flatMap((e) => [Number(e.utc_start_date.slice(0, 4)), Number(e.utc_end_date.slice(0, 4))])
  // A series repeats past its first occurrence: its zones are written up to the stored horizon (and
  // beyond it by each zone's yearly rules, see vtimezone).
  if (series?.of.size) years.push(DateTime.utc().year + Math.ceil(series.limits.horizonMonths / 12))
  const fromYear = years.length ? Math.min(...years) - 1 : DateTime.utc().year
  const toYear = years.length ? Math.max(...years) + 1 : DateTime.utc().year
  // The same calendar ical-generator writes, assembled from its parts: the header, a VTIMEZONE per zone
  // in order of first use, the VEVENTs, the end.
  const header = ical(calendarOptions(options)).toString().replace(/END:VCALENDAR$/, '')
  const scratch = ical(calendarOptions({ host: options.host }))
  const zones = new Set<string>()
  const fixed = new Set<string>()
  const vevents: string[] = []
  for (const [i, event] of events.entries()) {
    if (i > 0 && i % EVENTS_PER_TURN === 0) await nextTurn()
    for (const zone of zonesOf(event, series)) {
      if (typeof zone === 'string') zones.add(zone)
      else if (zone.fixed) fixed.add(zone.fixed)
      else if (zone.tzid) zones.add(zone.tzid)
    }
    const inSeries = Boolean(series && (series.of.has(event.id) || series.of.has(series.changed.get(event.id)?.series ?? 0)))
    const kept = inSeries ? options.keptSeries : options.kept
    let text = kept?.get(event.id)
    if (text === undefined) {
      text = vevent(scratch, event, options.host, inSeries ? seriesPart(event, series) : null)
      kept?.set(event.id, text)
    }
    vevents.push(text)
  }
  const timezones = [...[...zones].map((zone) => vtimezone(zone, fromYear, toYear)).filter((block): block is string => Boolean(block)), ...fixed]
  return [header, ...timezones.map((block) => `${foldLines(block.replace(/\r?\n/g, '\r\n').trim())}\r\n`), ...vevents, 'END:VCALENDAR'].join('')
}
