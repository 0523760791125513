import { DateTime } from 'luxon'

/**
 * Wall clocks as numbers: a wall-clock time is kept as the milliseconds of the same reading in UTC
 * ("wall ms"), so dates and times of day compute without a zone, and only turning a wall clock into
 * an instant (or back) asks the zone for its offset.
 */

export const DAY_MS = 86_400_000

// Offsets are asked of Intl (through luxon), which is the slow part; the same instants recur.
const offsets = new Map<string, number>()
const MAX_OFFSETS = 50_000

/** Milliseconds east of UTC of `zone` at the instant `ms`. */
export function offsetMs(zone: string, ms: number): number {
  if (zone === 'UTC') return 0
  const key = `${zone}|${ms}`
  let offset = offsets.get(key)
  if (offset === undefined) {
    offset = DateTime.fromMillis(ms, { zone }).offset * 60_000
    if (offsets.size >= MAX_OFFSETS) offsets.clear()
    offsets.set(key, offset)
  }
  return offset
}

/** The wall clock (wall ms) of the instant `ms` in `zone`. */
export function wallOf(ms: number, zone: string): number {
  return ms + offsetMs(zone, ms)
}

/**
 * The instant of a wall clock in `zone`, as RFC 5545 section 3.3.5 reads local times: one that is
 * repeated (the fall-back fold) is the earlier instant; one that does not exist (the spring-forward
 * gap) is read with the offset before the gap, so it lands later by the gap's length (02:30 → 03:30).
 * Temporal calls this disambiguation "compatible". Assumes at most one change of offset within a day
 * either side, as every zone's history has.
 */
export function instantOf(wall: number, zone: string): number {
  const before = offsetMs(zone, wall - DAY_MS)
  const after = offsetMs(zone, wall + DAY_MS)
  const early = wall - before
  if (before === after) return early
  const late = wall - after
  const earlyHolds = offsetMs(zone, early) === before
  const lateHolds = offsetMs(zone, late) === after
  if (earlyHolds && lateHolds) return Math.min(early, late)
  if (lateHolds && !earlyHolds) return late
  return early
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

/** `YYYY-MM-DD HH:MM:SS` of a wall ms. */
export function formatWall(wall: number): string {
  const d = new Date(wall)
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
}

/** RFC 5545's basic form `YYYYMMDDTHHMMSS` (or `YYYYMMDD` for a date) of a wall ms. */
export function icsWall(wall: number, dateOnly = false): string {
  const d = new Date(wall)
  const date = `${pad(d.getUTCFullYear(), 4)}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}`
  return dateOnly ? date : `${date}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`
}

/** Midnight of a wall ms's day. */
export function dayOf(wall: number): number {
  return Math.floor(wall / DAY_MS) * DAY_MS
}

/**
 * The zone an event names, as one luxon and Intl read: an IANA name, "UTC", or WordPress's manual
 * offsets ("UTC+2", "UTC-5:30", "UTC+5.5"). Null when it is none of them.
 */
export function knownZone(timezone: string): string | null {
  const tz = timezone.trim()
  if (/^utc$/i.test(tz)) return 'UTC'
  const manual = /^UTC([+-])(\d{1,2})(?:[:.](\d{2})|(\.5))?$/i.exec(tz)
  if (manual) {
    const hours = Number(manual[2])
    const minutes = manual[3] ? Number(manual[3]) : manual[4] ? 30 : 0
    if (hours > 14 || minutes >= 60) return null
    return minutes ? `UTC${manual[1]}${hours}:${pad(minutes)}` : `UTC${manual[1]}${hours}`
  }
  if (!tz || !/^[A-Za-z]/.test(tz)) return null
  return DateTime.now().setZone(tz).isValid ? tz : null
}
