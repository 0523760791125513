import { expandRecurrence, seriesOfEvent, type RecurrenceSeries, type SeriesFields, type SeriesLimits } from '../../lib/recurrence/index.js'
import { zoneOf } from '../../lib/dates/wallClock.js'
import { DAY_MS, dayOf, icsWall, instantOf, offsetMs, wallOf } from '../../lib/recurrence/zoneTime.js'
import { readsBack } from './vtimezone.js'

/**
 * How a series writes its dates: `tzid` the TZID of its DTSTART, RDATE, EXDATE and its changed
 * occurrences' RECURRENCE-ID (null: in UTC, for a series in UTC), `fixed` the VTIMEZONE of a
 * WordPress manual offset ("UTC+2"), which no zone database names. All-day series write dates.
 */
export interface SeriesZone {
  zone: string
  allDay: boolean
  tzid: string | null
  fixed: string | null
}

const pad = (n: number) => String(n).padStart(2, '0')

/** "+0530" of an offset in ms. */
function offsetText(ms: number): string {
  const minutes = Math.abs(ms) / 60_000
  return `${ms < 0 ? '-' : '+'}${pad(Math.floor(minutes / 60))}${pad(minutes % 60)}`
}

/** The zone a series repeats in (its own, else the site's), as the feed writes it. */
export function seriesZone(event: SeriesFields, siteTimezone: string): SeriesZone {
  const zone = zoneOf(event.timezone ?? '') ?? siteTimezone
  const allDay = Boolean(event.allDay)
  if (zone === 'UTC') return { zone, allDay, tzid: null, fixed: null }
  if (!zone.startsWith('UTC')) return { zone, allDay, tzid: zone, fixed: null }
  // A manual offset: a TZID of its own, with a VTIMEZONE of that one offset (the rule is expanded on
  // its wall clocks: a Monday at 01:00 in UTC+2 is a Sunday in UTC).
  const offset = offsetText(offsetMs(zone, 0))
  const tzid = `UTC${offset}`
  const observance = ['BEGIN:STANDARD', 'DTSTART:19700101T000000', `TZOFFSETFROM:${offset}`, `TZOFFSETTO:${offset}`, `TZNAME:${tzid}`, 'END:STANDARD']
  return { zone, allDay, tzid, fixed: ['BEGIN:VTIMEZONE', `TZID:${tzid}`, ...observance, 'END:VTIMEZONE'].join('\r\n') }
}

/**
 * `NAME;TZID=<zone>:<wall>,…` for instants in the series' zone; an instant the zone's VTIMEZONE does
 * not give back from its wall clock (the repeated hour when clocks go back) on a line of its own in UTC.
 */
function dateLines(name: string, at: SeriesZone, instants: number[]): string[] {
  if (!instants.length) return []
  if (at.allDay) return [`${name};VALUE=DATE:${[...new Set(instants.map((ms) => icsWall(dayOf(wallOf(ms, at.zone)), true)))].join(',')}`]
  const zoned = at.tzid ? instants.filter((ms) => at.fixed || readsBack(at.zone, ms)) : []
  const utc = instants.filter((ms) => !zoned.includes(ms))
  return [
    ...(zoned.length ? [`${name};TZID=${at.tzid}:${zoned.map((ms) => icsWall(wallOf(ms, at.zone))).join(',')}`] : []),
    ...(utc.length ? [`${name}:${utc.map((ms) => `${icsWall(ms)}Z`).join(',')}`] : []),
  ]
}

/** The starts (UTC ms) of a timed series' occurrences on the days an `EXDATE;VALUE=DATE` removes. */
function removedByDay(series: RecurrenceSeries): number[] {
  if (!series.exdays.length) return []
  const days = new Set(series.exdays)
  const whole = { ...series, exdays: [], exdates: [] }
  const from = instantOf(series.exdays[0]!, series.zone)
  const to = instantOf(series.exdays.at(-1)! + DAY_MS, series.zone)
  return expandRecurrence(whole, { from, horizonEnd: to })
    .map((occurrence) => occurrence.originalStart.getTime())
    .filter((ms) => days.has(dayOf(wallOf(ms, series.zone))))
}

/**
 * A series' RRULE, RDATE and EXDATE lines as its VEVENT carries them, from `events.recurrence` and
 * the occurrences it no longer holds (`removed`, original starts: cancelled ones). RRULE as stored
 * (UNTIL in UTC, a date for all-day series); RDATE and EXDATE in the series' TZID, as DTSTART is,
 * so every reader matches an EXDATE to the instance it removes; an `EXDATE;VALUE=DATE` of a timed
 * series (every occurrence that day) as the instances it removes, which RFC 5545 leaves unclear.
 * Null for a series stored before its rule became invalid: the feed writes it as one event.
 */
export function seriesLines(event: SeriesFields, removed: string[], limits: SeriesLimits, at: SeriesZone): string[] | null {
  const parsed = seriesOfEvent(event, limits)
  if (!parsed.ok || !parsed.series) return null
  const series = parsed.series
  const rule = series.lines.filter((line) => line.startsWith('RRULE:'))
  const toInstant = (key: number) => (series.allDay ? instantOf(key, series.zone) : key)
  const exdates = [...new Set([...series.exdates.map(toInstant), ...removedByDay(series), ...removed.map((iso) => new Date(iso).getTime())])].sort((a, b) => a - b)
  return [...rule, ...dateLines('RDATE', at, series.rdates.map(toInstant)), ...dateLines('EXDATE', at, exdates)]
}

/** The RECURRENCE-ID of the series' occurrence that started at `originalStart`, in the terms of its DTSTART. */
export function recurrenceIdLine(at: SeriesZone, originalStart: string): string {
  const ms = new Date(originalStart).getTime()
  if (at.allDay) return `RECURRENCE-ID;VALUE=DATE:${icsWall(dayOf(wallOf(ms, at.zone)), true)}`
  return at.tzid ? `RECURRENCE-ID;TZID=${at.tzid}:${icsWall(wallOf(ms, at.zone))}` : `RECURRENCE-ID:${icsWall(ms)}Z`
}
