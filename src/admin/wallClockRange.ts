import { DateTime } from 'luxon'
import { eventZone } from './eventZone.js'

export interface WallClockRange {
  /** "Fri 4 Dec 2026, 19:00–22:00" in the event's zone; days only for all-day events. */
  text: string
  /** The zone as the editor should read it: the event's own, or the site's when the event has none. */
  zoneLabel: string
  /** Set when the event's timezone cannot be read (the site zone is used instead). */
  unknownZone?: string
}

export const DAY = 'ccc d LLL yyyy'
const TIME = 'HH:mm'

/** English formatting, so the server's and the browser's renderings are the same text. */
export const en = (dt: DateTime, format: string) => dt.setLocale('en-GB').toFormat(format)

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
  const { zone, label, unknown } = eventZone(timezone, siteTimezone)
  const from = DateTime.fromISO(start).setZone(zone)
  const to = typeof end === 'string' && end ? DateTime.fromISO(end).setZone(zone) : null
  if (!from.isValid) return null
  const base = { zoneLabel: label, ...(unknown ? { unknownZone: unknown } : {}) }
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

/** One instant in the event's zone, for a list cell: "Fri 5 Mar 2027, 19:00", or the day alone when all day. */
export function wallClockTime(instant: unknown, timezone: unknown, siteTimezone: string, allDay = false): { text: string; zoneLabel: string } | null {
  if (typeof instant !== 'string' || !instant) return null
  const { zone, label } = eventZone(timezone, siteTimezone)
  const at = DateTime.fromISO(instant).setZone(zone)
  if (!at.isValid) return null
  return { text: allDay ? `${en(at, DAY)}, all day` : en(at, `${DAY}, ${TIME}`), zoneLabel: label }
}

/**
 * An event's start as a sortable wall-clock key in its own zone ("2026-11-30T19:00"): the order its
 * labels read in, whatever instant each zone puts it at. Empty while the date is missing or unreadable.
 */
export function wallClockKey(instant: unknown, timezone: unknown, siteTimezone: string): string {
  if (typeof instant !== 'string' || !instant) return ''
  const at = DateTime.fromISO(instant).setZone(eventZone(timezone, siteTimezone).zone)
  return at.isValid ? at.toFormat("yyyy-MM-dd'T'HH:mm") : ''
}
