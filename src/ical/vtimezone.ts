import { coversInstant, FIRST_CHANGE_YEAR, finalFrom, isDaylight, offsetAt, ruleChange, utcMillis, yearChanges, zoneModel, zoneName, type ZoneChange } from './zoneRules.js'

/** "+0200", "-0430", "+000921" (seconds only where the offset has them: a zone's local mean time). */
function utcOffset(seconds: number): string {
  const sign = seconds < 0 ? '-' : '+'
  const abs = Math.abs(seconds)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${sign}${pad(Math.floor(abs / 3600))}${pad(Math.floor(abs / 60) % 60)}${abs % 60 ? pad(abs % 60) : ''}`
}

/** The wall clock of `at` in the offset `seconds`, as iCalendar writes a local date-time. */
function wallClock(at: number, seconds: number): string {
  const d = new Date(at + seconds * 1000)
  const pad = (n: number, width = 2) => String(n).padStart(width, '0')
  return `${pad(d.getUTCFullYear(), 4)}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`
}

function observance(kind: 'DAYLIGHT' | 'STANDARD', start: string, from: number, to: number, name: string | null, rrule?: string): string[] {
  return [
    `BEGIN:${kind}`,
    `DTSTART:${start}`,
    ...(rrule ? [rrule] : []),
    `TZOFFSETFROM:${utcOffset(from)}`,
    `TZOFFSETTO:${utcOffset(to)}`,
    ...(name ? [`TZNAME:${name}`] : []),
    `END:${kind}`,
  ]
}

/**
 * A VTIMEZONE for an IANA zone covering the years `fromYear`..`toYear`, from the platform's own zone
 * data (what luxon and the REST API read through Intl), so readers need no zone database of their own
 * and agree with this server's: the offset at the start, one observance per change of the zone's
 * irregular history within those years, then one observance with a yearly RRULE per change of the rule
 * the zone keeps from then on (or nothing more, for a zone whose offset stays fixed). Its cost is
 * bounded whatever the years: no zone changes before 1800, and each follows its final rule by 2101.
 * Null for zones Intl does not know.
 */
export function vtimezone(zone: string, fromYear: number, toYear: number): string | null {
  const key = `${zone} ${fromYear} ${toYear}`
  if (built.has(key)) return built.get(key)!
  const made = buildVtimezone(zone, fromYear, toYear)
  if (built.size >= 500) built.delete(built.keys().next().value!)
  built.set(key, made)
  return made
}

const built = new Map<string, string | null>()

const HOUR = 3_600_000

/**
 * Whether a reader of the zone's VTIMEZONE gets the instant `ms` back from its wall clock there: the
 * VTIMEZONE holds that instant, its offset is in whole minutes within UTC-12:00..UTC+14:00 (readers
 * drop an offset's seconds and wrap larger ones: local mean times before 1900), and the zone shows that
 * wall clock once (not in the hour repeated when clocks go back, which readers resolve differently).
 * Feeds write other instants in UTC.
 */
export function readsBack(zone: string, ms: number): boolean {
  const model = zoneModel(zone)
  if (!model || !coversInstant(model, ms)) return false
  const offset = offsetAt(model, ms)
  if (offset % 60 !== 0 || offset < -12 * 3600 || offset > 14 * 3600) return false
  const wall = ms + offset * 1000
  for (const near of [offsetAt(model, ms - 25 * HOUR), offsetAt(model, ms + 25 * HOUR)]) {
    if (near !== offset && offsetAt(model, wall - near * 1000) === near) return false
  }
  return true
}

function buildVtimezone(zone: string, fromYear: number, toYear: number): string | null {
  const model = zoneModel(zone)
  if (!model) return null
  const start = utcMillis(fromYear)
  const offset = offsetAt(model, start)
  const kind = (year: number, to: number) => (isDaylight(model, year, to) ? 'DAYLIGHT' : 'STANDARD')
  const lines = ['BEGIN:VTIMEZONE', `TZID:${zone}`, ...observance(kind(fromYear, offset), wallClock(start, offset), offset, offset, zoneName(model, start))]
  const ruled = finalFrom(model, fromYear)
  // The irregular years the feed covers: each change as it happened.
  for (let year = Math.max(fromYear, FIRST_CHANGE_YEAR); year <= Math.min(toYear, ruled - 1); year++) {
    for (const change of yearChanges(model, year)) lines.push(...observance(kind(year, change.to), wallClock(change.at, change.from), change.from, change.to, zoneName(model, change.at)))
  }
  // From then on, forever: each yearly change once, with its RRULE, starting in the first year the feed needs it.
  if (toYear >= ruled && model.final) {
    const first = Math.max(fromYear, ruled)
    for (const rule of model.final.rules) {
      const at = ruleChange(rule, first)
      const change: ZoneChange = { at, from: rule.from, to: rule.to }
      const daylight = rule.to > Math.min(...model.final.rules.map((r) => r.to))
      lines.push(...observance(daylight ? 'DAYLIGHT' : 'STANDARD', wallClock(change.at, change.from), change.from, change.to, zoneName(model, at), `RRULE:FREQ=YEARLY;${rule.parts}`))
    }
  }
  lines.push('END:VTIMEZONE')
  return lines.join('\r\n')
}
