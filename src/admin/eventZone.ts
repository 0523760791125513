import { zoneOf } from '../../lib/dates/wallClock.js'

export interface EventZone {
  /** The zone luxon reads: the event's own (IANA name or manual offset), else the site's. */
  zone: string
  /** How the admin labels it: "Europe/Paris", "UTC+2", or "UTC (site time zone)". */
  label: string
  /** The stored value when it is not a zone (the site zone applies instead). */
  unknown?: string
}

/** An event's time zone as every admin view reads it, the way the calendar namespace does. */
export function eventZone(timezone: unknown, siteZone: string): EventZone {
  const tz = typeof timezone === 'string' ? timezone.trim() : ''
  const zone = tz ? zoneOf(tz) : null
  if (zone) return { zone, label: tz }
  return { zone: siteZone, label: `${siteZone} (site time zone)`, ...(tz ? { unknown: tz } : {}) }
}
