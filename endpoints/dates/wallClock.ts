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

/** An instant as `Y-m-d H:i:s` wall clock in a zone. */
export function wallClock(instant: DateTime | Date | string, zone: string): string {
  return toDateTime(instant).setZone(zone).toFormat(WP_DATE_FORMAT)
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
export function zoneAbbreviation(timezone: string, instant: DateTime): string {
  if (/^UTC[+-]/i.test(timezone)) return timezone.toUpperCase()
  const dt = instant.setZone(zoneOf(timezone) ?? 'UTC')
  const key = `${timezone}|${dt.offset}`
  let name = abbreviations.get(key)
  if (name === undefined) {
    name = lookupAbbreviation(dt)
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
