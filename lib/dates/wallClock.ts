import { DateTime } from 'luxon'

export const WP_DATE_FORMAT = 'yyyy-MM-dd HH:mm:ss'
/** What WordPress stores for a draft's unset GMT date (reference 1.6). */
export const ZERO_DATE = '0000-00-00 00:00:00'

export interface DateDetails {
  year: string
  month: string
  day: string
  hour: string
  minutes: string
  seconds: string
}

// Every answer formats a dozen instants per event in the event's and the site's zones; asking Intl
// for a zone's offset is the slow part, and the same instants come back on every request. Offsets by
// zone and exact instant (no rounding, so a transition is never crossed), bounded.
const offsets = new Map<string, number>()
const MAX_OFFSETS = 100_000
const UTC_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z$/

/** Minutes east of UTC of `zone` at `ms` (NaN for a zone luxon does not know). */
function offsetAt(zone: string, ms: number): number {
  if (zone === 'UTC') return 0
  const key = `${zone}|${ms}`
  let offset = offsets.get(key)
  if (offset === undefined) {
    const dt = DateTime.fromMillis(ms, { zone })
    offset = dt.isValid ? dt.offset : Number.NaN
    if (offsets.size >= MAX_OFFSETS) offsets.clear()
    offsets.set(key, offset)
  }
  return offset
}

/** Milliseconds since the epoch; stored dates (ISO in UTC, "…Z") without building a DateTime. */
function millisOf(instant: DateTime | Date | string): number {
  if (typeof instant === 'string' && UTC_ISO.test(instant)) return Date.parse(instant)
  if (instant instanceof Date) return instant.getTime()
  return toDateTime(instant).toMillis()
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

/** An instant as `Y-m-d H:i:s` wall clock in a zone. */
export function wallClock(instant: DateTime | Date | string, zone: string): string {
  const ms = millisOf(instant)
  const offset = offsetAt(zone, ms)
  // The wall clock is the UTC reading of the instant moved by the offset.
  const d = new Date(ms + offset * 60_000)
  const year = d.getUTCFullYear()
  // An invalid zone or date, or a year luxon pads differently: luxon says what it says.
  if (!(year >= 0 && year <= 9999)) return toDateTime(instant).setZone(zone).toFormat(WP_DATE_FORMAT)
  return `${pad(year, 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
}

/**
 * An instant in ISO 8601 with the zone's offset, as luxon's `setZone(zone).toISO({ suppressMilliseconds:
 * true })` writes it ("Z" in a fixed zone of offset 0), from the offsets kept above: the JSON-LD of every
 * single read asks for two.
 */
export function isoInZone(instant: DateTime | Date | string, zone: string): string {
  const ms = millisOf(instant)
  const offset = offsetAt(zone, ms)
  const d = new Date(ms + offset * 60_000)
  const year = d.getUTCFullYear()
  if (!(year >= 0 && year <= 9999)) return toDateTime(instant).setZone(zone).toISO({ suppressMilliseconds: true, includeOffset: true }) ?? ''
  const millis = d.getUTCMilliseconds()
  const fixed = zone === 'UTC' || /^UTC[+-]/.test(zone)
  const sign = offset < 0 ? '-' : '+'
  const zoneText = fixed && offset === 0 ? 'Z' : `${sign}${pad(Math.trunc(Math.abs(offset) / 60))}:${pad(Math.trunc(Math.abs(offset) % 60))}`
  return `${pad(year, 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}${millis ? `.${pad(millis, 3)}` : ''}${zoneText}`
}

/** `{year, month, day, hour, minutes, seconds}` as zero-padded strings (reference 6.2). */
export function dateDetails(wall: string): DateDetails {
  const [date = '', time = ''] = wall.split(' ')
  const [year = '', month = '', day = ''] = date.split('-')
  const [hour = '', minutes = '', seconds = ''] = time.split(':')
  return { year, month, day, hour, minutes, seconds }
}

export function toDateTime(instant: DateTime | Date | string): DateTime {
  if (DateTime.isDateTime(instant)) return instant
  if (instant instanceof Date) return DateTime.fromJSDate(instant)
  return DateTime.fromISO(instant, { zone: 'UTC' })
}

/**
 * A zone as the event stores it: an IANA name, or WordPress's manual offsets "UTC+2", "UTC-5:30".
 * Returns the luxon zone name, or null when it is neither.
 */
export function zoneOf(timezone: string): string | null {
  let zone = zones.get(timezone)
  if (zone === undefined) {
    zone = resolveZone(timezone)
    if (zones.size < 10_000) zones.set(timezone, zone)
  }
  return zone
}

// Every event names its zone; checking an IANA name builds a DateTime, so each name is checked once.
const zones = new Map<string, string | null>()

function resolveZone(timezone: string): string | null {
  const tz = timezone.trim()
  if (!tz) return null
  const offset = /^UTC([+-])(\d{1,2})(?:[:.](\d{2})|\.5)?$/i.exec(tz)
  if (offset) {
    const hours = Number(offset[2])
    const minutes = offset[3] ? Number(offset[3]) : tz.endsWith('.5') ? 30 : 0
    if (hours > 14 || minutes >= 60) return null
    return minutes ? `UTC${offset[1]}${hours}:${String(minutes).padStart(2, '0')}` : `UTC${offset[1]}${hours}`
  }
  if (/^utc$/i.test(tz)) return 'UTC'
  return DateTime.now().setZone(tz).isValid ? tz : null
}

// Abbreviations come from Intl, which is slow to ask; a zone has few of them (one per offset it uses).
const abbreviations = new Map<string, string>()

/**
 * PHP's `T` format: EST, CEST, JST… where one is known, otherwise the offset ("+09", "+0530"), and
 * manual offsets as written ("UTC+2").
 */
export function zoneAbbreviation(timezone: string, instant: DateTime | Date | string): string {
  if (/^UTC[+-]/i.test(timezone)) return timezone.toUpperCase()
  const zone = zoneOf(timezone) ?? 'UTC'
  const ms = millisOf(instant)
  const key = `${timezone}|${offsetAt(zone, ms)}`
  let name = abbreviations.get(key)
  if (name === undefined) {
    name = lookupAbbreviation(DateTime.fromMillis(ms, { zone }))
    if (abbreviations.size < 10_000) abbreviations.set(key, name)
  }
  return name
}

function lookupAbbreviation(dt: DateTime): string {
  if (dt.zoneName === 'UTC' || dt.zoneName === 'Etc/UTC') return 'UTC'
  for (const locale of ['en-US', 'en-GB', 'en-AU', 'en-IN', 'ja-JP', 'en-NZ']) {
    const name = dt.toFormat('ZZZZ', { locale })
    if (/^[A-Z]{2,5}$/.test(name)) return name
  }
  const offset = dt.toFormat('ZZZ') // +0900
  return offset.endsWith('00') ? offset.slice(0, 3) : offset
}
