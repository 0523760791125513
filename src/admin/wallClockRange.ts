import { DateTime } from 'luxon'
import { zoneOf } from '../../endpoints/dates/wallClock.js'

export interface WallClockRange {
  /** "Fri 4 Dec 2026, 19:00 – 22:00" in the event's zone. */
  text: string
  /** The zone as the editor should read it: the event's own, or the site's when the event has none. */
  zoneLabel: string
  /** Set when the event's timezone cannot be read (the site zone is used instead). */
  unknownZone?: string
}

const DAY = 'ccc d LLL yyyy'
const TIME = 'HH:mm'

/**
 * An event's start and end as wall-clock times in its own zone (manual offsets like "UTC+2" too),
 * the way the calendar namespace reports them; null while a date is missing or unreadable.
 */
export function wallClockRange(
  start: unknown,
  end: unknown,
  timezone: unknown,
  siteTimezone: string,
  allDay = false,
): WallClockRange | null {
  if (typeof start !== 'string' || !start) return null
  const tz = typeof timezone === 'string' ? timezone.trim() : ''
  const zone = tz ? zoneOf(tz) : null
  const zoneName = zone ?? siteTimezone
  const from = DateTime.fromISO(start).setZone(zoneName)
  const to = typeof end === 'string' && end ? DateTime.fromISO(end).setZone(zoneName) : null
  if (!from.isValid) return null
  const zoneLabel = zone ? tz : `${siteTimezone} (site time zone)`
  const base = { zoneLabel, ...(tz && !zone ? { unknownZone: tz } : {}) }
  const en = (dt: DateTime, format: string) => dt.setLocale('en-GB').toFormat(format)
  if (allDay) {
    const sameDay = !to?.isValid || to.hasSame(from, 'day')
    return { ...base, text: sameDay ? `${en(from, DAY)} (all day)` : `${en(from, DAY)} – ${en(to!, DAY)} (all day)` }
  }
  if (!to?.isValid) return { ...base, text: en(from, `${DAY}, ${TIME}`) }
  const text = to.hasSame(from, 'day')
    ? `${en(from, `${DAY}, ${TIME}`)}–${en(to, TIME)}`
    : `${en(from, `${DAY}, ${TIME}`)} – ${en(to, `${DAY}, ${TIME}`)}`
  return { ...base, text }
}
