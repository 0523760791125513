import { createRequire } from 'node:module'
import { DateTime } from 'luxon'

// locutus's port of PHP's strtotime() (its relative-format grammar, timestamps, zones in the text).
const locutusStrtotime = createRequire(import.meta.url)('locutus/php/datetime/strtotime') as (
  text: string,
  now?: number,
) => number | false

const RealDate = globalThis.Date

/** Set while locutus runs when the text carried its own zone (it then converts through setUTC*). */
let zoned = false

/**
 * A Date whose local time is UTC: locutus computes in the process's local zone through the global
 * Date, so while it runs "local" means the request's wall clock, whatever the process's zone is. Its
 * offset is NaN so a zone written in the text always goes through the setUTC* conversion (and is seen).
 */
class WallDate extends RealDate {
  constructor(...args: unknown[]) {
    if (args.length > 1) super(RealDate.UTC(...(args as [number, number])))
    else if (args.length === 1) super(args[0] as number)
    else super()
  }
  static override now = RealDate.now
  static override UTC = RealDate.UTC
  static override parse = RealDate.parse
  override getFullYear() { return this.getUTCFullYear() }
  override getMonth() { return this.getUTCMonth() }
  override getDate() { return this.getUTCDate() }
  override getDay() { return this.getUTCDay() }
  override getHours() { return this.getUTCHours() }
  override getMinutes() { return this.getUTCMinutes() }
  override getSeconds() { return this.getUTCSeconds() }
  override getMilliseconds() { return this.getUTCMilliseconds() }
  override getTimezoneOffset() { return Number.NaN }
  override setFullYear(...a: [number, number?, number?]) { return super.setUTCFullYear(...(a as [number])) }
  override setMonth(...a: [number, number?]) { return super.setUTCMonth(...(a as [number])) }
  override setDate(d: number) { return super.setUTCDate(d) }
  override setHours(...a: [number, number?, number?, number?]) { return super.setUTCHours(...(a as [number])) }
  override setUTCHours(...a: [number, number?, number?, number?]) {
    zoned = true
    return super.setUTCHours(...(a as [number]))
  }
}

/** A strtotime() text parsed once: the instant it names in a zone, relative forms counted from `now`. */
export type ZonedReading = (zone: string, now: DateTime) => DateTime | null

/**
 * PHP's strtotime() for `text`, with wall-clock forms read in `zone` and relative forms counted from
 * `now` in that zone. A zone or offset written in the text wins. Null when PHP would return false.
 */
export function strtotime(text: string, zone: string, now: DateTime): DateTime | null {
  return readStrtotime(text)?.(zone, now) ?? null
}

/**
 * `text` parsed by strtotime()'s grammar without a zone (null when PHP would return false whatever
 * the zone); the reading resolves it in any zone. A reading that resolves to nothing is null there.
 */
export function readStrtotime(text: string): ZonedReading | null {
  const ofMonth = readWeekdayOfMonth(text)
  // The whole text through locutus: first when the weekday-of-month form does not apply, else only
  // if that form finds nothing (as PHP's grammar would then read it).
  let whole: LocutusFields | null | undefined
  const wholeFields = (): LocutusFields | null => (whole === undefined ? (whole = readLocutus(text)) : whole)
  if (!ofMonth && !wholeFields()) return null
  return (zone, now) => {
    const found = ofMonth?.(zone, now)
    if (found) return found
    const fields = wholeFields()
    return fields ? fieldsInZone(fields, zone, now) : null
  }
}

const ORDINALS: Record<string, number> = { first: 1, next: 1, second: 2, third: 3, fourth: 4, fifth: 5, last: -1 }
const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']
const DAY_ABBREVIATIONS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']

/**
 * "first monday of next month", "last friday of january 2027 20:00", "third sat of this month": PHP's
 * weekday-of-month form, which locutus does not implement. The month is whatever the rest of the text
 * names (the current one when nothing follows "of"); the time is midnight unless the rest sets one.
 * Null when the text is not of this form, or its month is not a date.
 */
function readWeekdayOfMonth(text: string): ZonedReading | null {
  const m = /^\s*(first|next|second|third|fourth|fifth|last)\s+([a-z]+)\s+of\b\s*(.*)$/i.exec(text)
  if (!m) return null
  const word = m[2]!.toLowerCase()
  const weekday = Math.max(DAYS.indexOf(word), DAY_ABBREVIATIONS.indexOf(word)) + 1
  if (weekday < 1) return null
  const rest = m[3]!.trim()
  const restFields = rest ? readLocutus(rest) : undefined
  if (restFields === null) return null
  const ordinal = ORDINALS[m[1]!.toLowerCase()]!
  return (zone, now) => {
    // Counted from midnight on the 1st: "next month" on 31 January is February, not March, and the
    // time of day is the one the rest names, or midnight.
    const base = now.setZone(zone).startOf('month')
    const month = restFields ? fieldsInZone(restFields, zone, base) : base
    if (!month) return null
    const time = { hour: month.hour, minute: month.minute, second: month.second }
    if (ordinal < 0) {
      const last = month.endOf('month').startOf('day')
      return last.minus({ days: (last.weekday - weekday + 7) % 7 }).set(time)
    }
    const first = month.startOf('month')
    return first.plus({ days: ((weekday - first.weekday + 7) % 7) + (ordinal - 1) * 7 }).set(time)
  }
}

/**
 * locutus parses into a state (fields set, relative shifts, zone) and then resolves it against `now`
 * in its private toDate(). That method is wrapped once, here, so a parse can stop before it: the
 * state is kept and resolved later, in whatever zone and from whatever now a reading needs.
 */
type LocutusFields = Record<string, unknown>
interface LocutusState {
  toDate(this: LocutusState, relativeTo: Date): Date
}
let stateProto: LocutusState | undefined
let parsing: LocutusFields | null = null
{
  const realCreate = Object.create
  Object.create = ((proto: object | null, properties?: PropertyDescriptorMap) => {
    if (proto && typeof (proto as Partial<LocutusState>).toDate === 'function') stateProto ??= proto as LocutusState
    return properties ? realCreate(proto, properties) : realCreate(proto)
  }) as typeof Object.create
  try {
    locutusStrtotime('now', 0)
  } finally {
    Object.create = realCreate
  }
  if (!stateProto) throw new Error('locutus strtotime: parse state not found')
  const toDate = stateProto.toDate
  stateProto.toDate = function (this: LocutusState, relativeTo: Date): Date {
    if (!parsing) return toDate.call(this, relativeTo)
    Object.assign(parsing, this)
    return new RealDate(Number.NaN)
  }
}

/** The state locutus parsed `text` into, or null when it does not parse. */
function readLocutus(text: string): LocutusFields | null {
  const state: LocutusFields = {}
  let parsed: number | false
  parsing = state
  globalThis.Date = WallDate as DateConstructor
  try {
    parsed = locutusStrtotime(text, 0)
  } catch {
    return null
  } finally {
    parsing = null
    globalThis.Date = RealDate
  }
  return parsed === false ? null : state
}

/** The instant a parsed locutus state names in `zone`, counted from `now` there (locutus's toDate). */
function fieldsInZone(fields: LocutusFields, zone: string, now: DateTime): DateTime | null {
  const wallNow = now.setZone(zone).setZone('UTC', { keepLocalTime: true })
  const state = Object.assign(Object.create(stateProto!) as LocutusState, fields)
  let seconds: number
  zoned = false
  globalThis.Date = WallDate as DateConstructor
  try {
    seconds = Math.floor(+state.toDate(new WallDate(Math.floor(wallNow.toSeconds()) * 1000)) / 1000)
  } catch {
    return null
  } finally {
    globalThis.Date = RealDate
  }
  if (!Number.isFinite(seconds)) return null
  const frame = DateTime.fromSeconds(seconds, { zone: 'UTC' })
  const found = zoned ? frame.setZone(zone) : frame.setZone(zone, { keepLocalTime: true })
  return found.isValid ? found : null
}
