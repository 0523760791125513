import { DateTime, FixedOffsetZone, Zone, type ZoneOffsetFormat } from 'luxon'
import { readStrtotime, type ZonedReading } from './strtotime.js'

// PHP's strtotime(), the test behind TEC's `is_time` validator (reference 5.1): locutus's port of its
// grammar (strtotime.ts) first, then the written forms below that PHP also reads and the port misses.

const ABSOLUTE_FORMATS = [
  'yyyy/MM/dd', 'yyyy/MM/dd HH:mm', 'yyyy/MM/dd HH:mm:ss', 'MM/dd/yyyy', 'MM/dd/yyyy HH:mm', 'MM/dd/yyyy HH:mm:ss',
  'dd-MM-yyyy', 'dd-MM-yyyy HH:mm', 'dd.MM.yyyy', 'dd.MM.yyyy HH:mm', 'yyyy-MM-dd HH:mm', 'yyyy-MM-dd H:mm',
  'MMMM d, yyyy', 'MMMM d yyyy', 'MMM d, yyyy', 'MMM d yyyy', 'd MMMM yyyy', 'd MMM yyyy',
  'MMMM d, yyyy h:mm a', 'MMMM d, yyyy HH:mm', 'd MMMM yyyy HH:mm', 'MMMM yyyy',
]
const UNITS: Record<string, 'seconds' | 'minutes' | 'hours' | 'days' | 'weeks' | 'months' | 'years'> = {
  sec: 'seconds', second: 'seconds', min: 'minutes', minute: 'minutes', hour: 'hours', day: 'days',
  week: 'weeks', fortnight: 'weeks', month: 'months', year: 'years',
}
const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']

/**
 * The frame absolute forms are parsed in: a zone of its own, so a result still in it had no zone in
 * its text (its fields are wall-clock, read later in any zone) and any other result is an instant.
 */
class WallFrame extends Zone<true> {
  override get type() { return 'wall-frame' }
  override get name() { return 'UTC' }
  override get isUniversal() { return true }
  override offsetName() { return 'UTC' }
  override formatOffset(ts: number, format: ZoneOffsetFormat) { return FixedOffsetZone.utcInstance.formatOffset(ts, format) }
  override offset() { return 0 }
  override equals(other: Zone): boolean { return other === this }
  override get isValid() { return true as const }
}
const WALL_FRAME = new WallFrame()

function readAbsolute(text: string): ZonedReading | null {
  const options = { zone: WALL_FRAME, setZone: true }
  let found: DateTime | null = null
  for (const candidate of [
    DateTime.fromISO(text, options),
    DateTime.fromSQL(text, options),
    DateTime.fromRFC2822(text, options),
    DateTime.fromHTTP(text, options),
  ]) {
    if (candidate.isValid) {
      found = candidate
      break
    }
  }
  let locale: string | undefined
  if (!found) {
    for (const format of ABSOLUTE_FORMATS) {
      const candidate = DateTime.fromFormat(text, format, { zone: WALL_FRAME, locale: 'en-US' })
      if (candidate.isValid) {
        found = candidate
        locale = 'en-US'
        break
      }
    }
  }
  if (!found) return null
  const at = found
  if (at.zone !== WALL_FRAME) return () => at
  const fields = at.toObject()
  return (zone) => DateTime.fromObject(fields, { zone, locale })
}

/** "23:59", "9:30:15", "7pm", "noon", "midnight" → the time of day, or null. */
function timeOfDay(token: string): { hour: number; minute: number; second: number } | null {
  if (token === 'noon') return { hour: 12, minute: 0, second: 0 }
  if (token === 'midnight') return { hour: 0, minute: 0, second: 0 }
  const m = /^(\d{1,2})(?::(\d{2}))?(?::(\d{2}))?\s*(am|pm)?$/.exec(token)
  if (!m || (!m[2] && !m[4])) return null
  let hour = Number(m[1])
  if (m[4]) {
    if (hour < 1 || hour > 12) return null
    hour = (hour % 12) + (m[4] === 'pm' ? 12 : 0)
  }
  const minute = Number(m[2] ?? 0)
  const second = Number(m[3] ?? 0)
  return hour < 24 && minute < 60 && second < 60 ? { hour, minute, second } : null
}

type Step = (dt: DateTime) => DateTime

/** The relative forms strtotime.ts misses, as steps from now; null when the text is not one. */
function readRelative(text: string): ZonedReading | null {
  const steps: Step[] = []
  let rest = text.replace(/\s+/g, ' ').trim()
  const take = (re: RegExp): RegExpExecArray | null => {
    const m = re.exec(rest)
    if (m) rest = rest.slice(m[0].length).trim()
    return m
  }
  let matched = false
  for (;;) {
    let m: RegExpExecArray | null
    if (take(/^(now)\b/)) {
      // nothing: the base is now
    } else if (take(/^(today|midnight)\b/)) steps.push((dt) => dt.startOf('day'))
    else if (take(/^tomorrow\b/)) steps.push((dt) => dt.plus({ days: 1 }).startOf('day'))
    else if (take(/^yesterday\b/)) steps.push((dt) => dt.minus({ days: 1 }).startOf('day'))
    else if (take(/^noon\b/)) steps.push((dt) => dt.set({ hour: 12, minute: 0, second: 0, millisecond: 0 }))
    else if ((m = take(/^([+-]?\d+)\s*(sec|second|min|minute|hour|day|week|fortnight|month|year)s?\b(\s+ago\b)?/))) {
      const n = Number(m[1]) * (m[2] === 'fortnight' ? 2 : 1) * (m[3] ? -1 : 1)
      const unit = UNITS[m[2]!]!
      steps.push((dt) => dt.plus({ [unit]: n }))
    } else if ((m = take(/^(next|last|this)\s+(sec|second|min|minute|hour|day|week|month|year|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b/))) {
      const direction = m[1] === 'next' ? 1 : m[1] === 'last' ? -1 : 0
      const weekday = WEEKDAYS.indexOf(m[2]!)
      if (weekday >= 0) {
        const target = weekday + 1
        steps.push((dt) => {
          let days = target - dt.weekday
          if (direction > 0 && days <= 0) days += 7
          if (direction < 0 && days >= 0) days -= 7
          return dt.plus({ days }).startOf('day')
        })
      } else {
        const unit = UNITS[m[2]!]!
        steps.push((dt) => dt.plus({ [unit]: direction }))
      }
    } else if ((m = take(/^(\d{1,2}(?::\d{2}){0,2}\s*(?:am|pm)?)(?=\s|$)/))) {
      const time = timeOfDay(m[1]!)
      if (!time) return null
      steps.push((dt) => dt.set({ ...time, millisecond: 0 }))
    } else break
    matched = true
    if (!rest) break
  }
  return matched && !rest ? (zone, now) => steps.reduce<DateTime>((dt, step) => step(dt), now.setZone(zone)) : null
}

/**
 * A strtotime()-style input parsed once, without a zone: `at(zone)` is the instant it names reading
 * wall-clock forms in `zone`, relative forms counted from `now` there, or null. Numbers are Unix
 * timestamps (UTC).
 */
export interface TimeReading {
  at(zone: string, now?: DateTime): DateTime | null
}

const NOT_A_TIME: TimeReading = { at: () => null }

function instant(at: DateTime | null): TimeReading {
  return { at: () => at }
}

/** The first of the grammars that reads `text`, tried in order; each parses it once, when first needed. */
function firstOf(text: string, grammars: ((text: string) => ZonedReading | null)[]): TimeReading {
  const readings: (ZonedReading | null)[] = []
  return {
    at(zone, now = DateTime.now()) {
      for (let i = 0; i < grammars.length; i++) {
        if (readings.length === i) readings.push(grammars[i]!(text))
        const found = readings[i]?.(zone, now)
        if (found) return found
      }
      return null
    },
  }
}

/** `input` parsed once, to be read in any zone (TimeReading). */
export function readTime(input: unknown): TimeReading {
  if (typeof input === 'number') return instant(Number.isFinite(input) ? DateTime.fromSeconds(input, { zone: 'UTC' }) : null)
  if (typeof input !== 'string') return NOT_A_TIME
  const text = input.trim()
  if (!text || text.length > 100) return NOT_A_TIME
  if (/^-?\d+(\.\d+)?$/.test(text)) {
    const n = Number(text)
    // Eight digits is a date (20261224), as PHP reads it; other numbers are timestamps.
    if (/^\d{8}$/.test(text)) return firstOf(`${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6)}`, [readAbsolute])
    return instant(Number.isFinite(n) && Math.abs(n) < 1e11 ? DateTime.fromSeconds(n, { zone: 'UTC' }) : null)
  }
  const found = firstOf(text, [readStrtotime, readAbsolute, (t) => readRelative(t.toLowerCase())])
  return {
    at(zone, now) {
      const at = found.at(zone, now)
      return at && at.isValid && at.year >= 1000 && at.year <= 9999 ? at : null
    },
  }
}

/**
 * The instant a strtotime()-style input names, reading wall-clock forms in `zone`. Numbers are Unix
 * timestamps (UTC). Returns null when the input is not a time PHP would accept.
 */
export function parseTime(input: unknown, zone: string, now: DateTime = DateTime.now()): DateTime | null {
  return readTime(input).at(zone, now)
}
