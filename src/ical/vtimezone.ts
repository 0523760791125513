import { DateTime } from 'luxon'

const HOUR = 3_600_000

/** The zone's offset in minutes at an instant. */
function offsetAt(zone: string, ms: number): number {
  return DateTime.fromMillis(ms, { zone }).offset
}

/** The first millisecond at which the offset differs from the one at `from` (the change lies in (from, to]). */
function changeBetween(zone: string, from: number, to: number): number {
  const before = offsetAt(zone, from)
  let lo = from
  let hi = to
  while (hi - lo > 1000) {
    const mid = Math.floor((lo + hi) / 2 / 1000) * 1000
    if (offsetAt(zone, mid) === before) lo = mid
    else hi = mid
  }
  return hi
}

/** "+0200", "-0430" */
function utcOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+'
  const abs = Math.abs(minutes)
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`
}

function observance(zone: string, at: number, from: number, to: number): string[] {
  const local = DateTime.fromMillis(at, { zone: 'UTC' }).plus({ minutes: from })
  const kind = DateTime.fromMillis(at, { zone }).isInDST ? 'DAYLIGHT' : 'STANDARD'
  const name = DateTime.fromMillis(at, { zone }).toFormat('ZZZZ')
  return [
    `BEGIN:${kind}`,
    `DTSTART:${local.toFormat("yyyyLLdd'T'HHmmss")}`,
    `TZOFFSETFROM:${utcOffset(from)}`,
    `TZOFFSETTO:${utcOffset(to)}`,
    ...(/^[A-Za-z]+$/.test(name) ? [`TZNAME:${name}`] : []),
    `END:${kind}`,
  ]
}

/**
 * A VTIMEZONE for an IANA zone covering the years `fromYear`..`toYear`, from the platform's own zone
 * data (what luxon reads through Intl): one observance per offset change found, each with its explicit
 * onset, so readers need no zone database of their own and agree with this server's. Null for zones
 * luxon does not know.
 */
export function vtimezone(zone: string, fromYear: number, toYear: number): string | null {
  const key = `${zone} ${fromYear} ${toYear}`
  if (built.has(key)) return built.get(key)!
  const made = buildVtimezone(zone, fromYear, toYear)
  // Scanning decades of a zone takes a while (about 15 ms a year): feeds reuse what they built, a bounded few.
  if (built.size >= 500) built.delete(built.keys().next().value!)
  built.set(key, made)
  return made
}

const built = new Map<string, string | null>()

function buildVtimezone(zone: string, fromYear: number, toYear: number): string | null {
  const start = DateTime.fromObject({ year: fromYear, month: 1, day: 1 }, { zone: 'UTC' })
  if (!start.setZone(zone).isValid) return null
  const end = DateTime.fromObject({ year: toYear + 1, month: 1, day: 1 }, { zone: 'UTC' }).toMillis()
  let at = start.toMillis()
  let offset = offsetAt(zone, at)
  const lines = ['BEGIN:VTIMEZONE', `TZID:${zone}`, ...observance(zone, at, offset, offset)]
  // Offsets change at most a few times a year and never twice within a few hours: 6-hour steps find every change.
  for (let step = at + 6 * HOUR; at < end; step += 6 * HOUR) {
    const next = Math.min(step, end)
    const offsetNext = offsetAt(zone, next)
    if (offsetNext !== offset) {
      const change = changeBetween(zone, at, next)
      lines.push(...observance(zone, change, offset, offsetNext))
      offset = offsetNext
    }
    at = next
  }
  lines.push('END:VTIMEZONE')
  return lines.join('\r\n')
}
