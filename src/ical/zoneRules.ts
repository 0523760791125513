/**
 * A zone's offset changes as the platform's zone data has them (Intl, which luxon and the REST API read),
 * in the shape a VTIMEZONE needs: the irregular changes of its history, year by year, and the yearly
 * rule (or fixed offset) it keeps from some year on, forever. Finding them costs a bounded number of
 * lookups per zone whatever the years asked for: the zone data has no change before 1844, and every
 * zone follows its final rule by 2101.
 */

const SECOND = 1000
const HOUR = 3_600_000
const DAY = 24 * HOUR

/** No zone changes its offset before this year (the first change in the zone data is in 1844). */
export const FIRST_CHANGE_YEAR = 1800
/** Every zone follows its final rule from this year on (the zone data lists changes up to 2087). */
const PROBE_YEAR = 2101
/** 28 years hold every kind of calendar year (each weekday for January 1st, leap or not). */
const PROBE_YEARS = 28
/** Two changes back to the same offset are never this close in the zone data (the closest are 3.99 days apart). */
const STEP = 2 * DAY

/** A change of offset: `at` is the first millisecond of the new offset; offsets in seconds east of UTC. */
export interface ZoneChange {
  at: number
  from: number
  to: number
}

/** A yearly change: on the date `date` picks, at the wall-clock second `time` of the old offset. */
export interface YearlyRule {
  from: number
  to: number
  /** The RRULE's parts naming the date: "BYMONTH=3;BYDAY=-1SU", "BYMONTH=3;BYMONTHDAY=23,…,29;BYDAY=FR", "BYYEARDAY=-67,…,-61;BYDAY=FR". */
  parts: string
  date: (year: number) => { month: number; day: number }
  time: number
}

interface ZoneModel {
  zone: string
  offsets: Intl.DateTimeFormat
  names: Intl.DateTimeFormat
  /** What the zone keeps from `holdsFrom` on: a fixed offset, or its yearly changes (null: none found that repeats). */
  final: { offset: number; rules: YearlyRule[] } | null
  /** The earliest year checked to follow `final`; `settled` once the year before is known not to. */
  holdsFrom: number
  settled: boolean
  /** Each year's changes, once scanned. */
  years: Map<number, ZoneChange[]>
}

let lookups = 0

/** How many times the zone data has been asked (what building VTIMEZONEs costs; tests bound it). */
export function zoneLookups(): number {
  return lookups
}

/** Milliseconds since the epoch of a UTC date (Date.UTC reads years below 100 as 19xx). */
export function utcMillis(year: number, month = 1, day = 1, time = 0): number {
  const date = new Date(0)
  date.setUTCFullYear(year, month - 1, day)
  return date.getTime() + time * SECOND
}

/** Seconds east of UTC of the model's zone at `ms`. */
export function offsetAt(model: ZoneModel, ms: number): number {
  lookups++
  const text = model.offsets.format(ms)
  const m = /GMT(?:([+-])(\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text)
  if (!m) throw new Error(`unexpected offset ${text}`)
  if (!m[1]) return 0
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 3600 + Number(m[3]) * 60 + Number(m[4] ?? 0))
}

/** The zone's short name at `ms` ("EST"), or null where it has only an offset ("GMT+1"). */
export function zoneName(model: ZoneModel, ms: number): string | null {
  lookups++
  const name = model.names.formatToParts(ms).find((p) => p.type === 'timeZoneName')?.value ?? ''
  return /^[A-Za-z]+$/.test(name) ? name : null
}

/** Whether the offset `to` in `year` is summer time: more than the least of January's and July's. */
export function isDaylight(model: ZoneModel, year: number, to: number): boolean {
  return to > Math.min(offsetAt(model, utcMillis(year, 1, 1)), offsetAt(model, utcMillis(year, 7, 1)))
}

/** The first second at which the offset differs from the one at `from` (the change lies in (from, to]). */
function changeBetween(model: ZoneModel, from: number, to: number, before: number): number {
  let lo = from
  let hi = to
  while (hi - lo > SECOND) {
    const mid = Math.floor((lo + hi) / 2 / SECOND) * SECOND
    if (offsetAt(model, mid) === before) lo = mid
    else hi = mid
  }
  return hi
}

/** The changes within a UTC year, sampled every STEP then narrowed to the second; kept per zone. */
export function yearChanges(model: ZoneModel, year: number): ZoneChange[] {
  let changes = model.years.get(year)
  if (changes) return changes
  changes = []
  const start = utcMillis(year)
  // From the year's last second before to its own last: a change at its first second is its own.
  const last = utcMillis(year + 1) - SECOND
  let at = start - SECOND
  let offset = offsetAt(model, at)
  while (at < last) {
    const next = Math.min(at + STEP, last)
    const offsetNext = offsetAt(model, next)
    if (offsetNext !== offset) {
      changes.push({ at: changeBetween(model, at, next, offset), from: offset, to: offsetNext })
      offset = offsetNext
    }
    at = next
  }
  model.years.set(year, changes)
  return changes
}

const WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA']
const daysIn = (year: number, month: number) => new Date(utcMillis(year, month + 1, 1) - DAY).getUTCDate()
const range = (low: number, count: number) => Array.from({ length: count }, (_, i) => low + i).join(',')

/** The rule repeating the i-th change of each probe year, or null when no RRULE pattern fits them all. */
function yearlyRule(seen: ZoneChange[]): YearlyRule | null {
  const walls = seen.map((c) => {
    const wall = new Date(c.at + c.from * SECOND)
    const [year, month, day] = [wall.getUTCFullYear(), wall.getUTCMonth() + 1, wall.getUTCDate()]
    const midnight = utcMillis(year, month, day)
    // Days before the year's end: the same for a date after February, leap year or not.
    const fromEnd = Math.round((utcMillis(year + 1) - midnight) / DAY)
    return { c, year, month, day, fromEnd, weekday: wall.getUTCDay(), time: Math.round((wall.getTime() - midnight) / SECOND) }
  })
  const first = walls[0]!
  if (!walls.every((w) => w.c.from === first.c.from && w.c.to === first.c.to && w.time === first.time)) return null
  const base = { from: first.c.from, to: first.c.to, time: first.time }
  const days = walls.map((w) => w.day)
  const sameMonth = walls.every((w) => w.month === first.month)
  const { month } = first
  if (walls.every((w) => w.weekday === first.weekday)) {
    const wd = WEEKDAYS[first.weekday]!
    // The first day on or after the `start`-th of the month that is the weekday.
    const onOrAfter = (year: number, start: number) => ({ month, day: start + ((first.weekday - new Date(utcMillis(year, month, start)).getUTCDay() + 7) % 7) })
    const low = Math.min(...days)
    if (sameMonth) {
      const n = Math.ceil(first.day / 7)
      if (n <= 4 && days.every((d) => Math.ceil(d / 7) === n)) return { ...base, parts: `BYMONTH=${month};BYDAY=${n}${wd}`, date: (year) => onOrAfter(year, 7 * n - 6) }
      if (walls.every((w) => w.day > daysIn(w.year, month) - 7)) return { ...base, parts: `BYMONTH=${month};BYDAY=-1${wd}`, date: (year) => onOrAfter(year, daysIn(year, month) - 6) }
      if (Math.max(...days) - low <= 6 && low + 6 <= (month === 2 ? 28 : 30)) return { ...base, parts: `BYMONTH=${month};BYMONTHDAY=${range(low, 7)};BYDAY=${wd}`, date: (year) => onOrAfter(year, low) }
    }
    // A week across two months (Egypt's "last Thursday of October at 24:00"), counted from the year's end.
    const ends = walls.map((w) => w.fromEnd)
    const near = Math.min(...ends)
    if (walls.every((w) => w.month > 2) && Math.max(...ends) - near <= 6) {
      return {
        ...base,
        parts: `BYYEARDAY=${range(-(near + 6), 7)};BYDAY=${wd}`,
        date: (year) => {
          const last = new Date(utcMillis(year + 1) - near * DAY)
          const day = new Date(last.getTime() - ((last.getUTCDay() - first.weekday + 7) % 7) * DAY)
          return { month: day.getUTCMonth() + 1, day: day.getUTCDate() }
        },
      }
    }
    return null
  }
  if (sameMonth && days.every((d) => d === first.day)) return { ...base, parts: `BYMONTH=${month};BYMONTHDAY=${first.day}`, date: () => ({ month, day: first.day }) }
  return null
}

/** The instant of a rule's change in `year`. */
export function ruleChange(rule: YearlyRule, year: number): number {
  const { month, day } = rule.date(year)
  return utcMillis(year, month, day, rule.time) - rule.from * SECOND
}

/** The changes `final` makes in `year`, in order. */
function predicted(final: NonNullable<ZoneModel['final']>, year: number): ZoneChange[] {
  return final.rules.map((r) => ({ at: ruleChange(r, year), from: r.from, to: r.to })).sort((a, b) => a.at - b.at)
}

function sameChanges(a: ZoneChange[], b: ZoneChange[]): boolean {
  return a.length === b.length && a.every((c, i) => c.at === b[i]!.at && c.from === b[i]!.from && c.to === b[i]!.to)
}

/** The zone's final rule, from the probe years' changes. */
function finalRule(model: ZoneModel): ZoneModel['final'] {
  const years = Array.from({ length: PROBE_YEARS }, (_, i) => yearChanges(model, PROBE_YEAR + i))
  const offset = offsetAt(model, utcMillis(PROBE_YEAR))
  if (years.every((y) => y.length === 0)) return { offset, rules: [] }
  const count = years[0]!.length
  if (!years.every((y) => y.length === count)) return null
  const rules: YearlyRule[] = []
  for (let i = 0; i < count; i++) {
    const rule = yearlyRule(years.map((y) => y[i]!))
    if (!rule) return null
    rules.push(rule)
  }
  const final = { offset, rules }
  return years.every((y, i) => sameChanges(y, predicted(final, PROBE_YEAR + i))) ? final : null
}

const models = new Map<string, ZoneModel | null>()

/** The zone's model, or null for a zone Intl does not know. */
export function zoneModel(zone: string): ZoneModel | null {
  if (models.has(zone)) return models.get(zone)!
  let model: ZoneModel | null = null
  try {
    const offsets = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    const names = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' })
    model = { zone, offsets, names, final: null, holdsFrom: PROBE_YEAR, settled: false, years: new Map() }
    model.final = finalRule(model)
  } catch (error) {
    if (!(error instanceof RangeError)) throw error
  }
  // Zone names are the zone data's few hundred (events store canonical names); the bound is a guard.
  if (models.size >= 1000) models.delete(models.keys().next().value!)
  models.set(zone, model)
  return model
}

/** Whether the model's VTIMEZONE holds the offset at `ms`: always, unless its final rule has no RRULE shape (no zone today). */
export function coversInstant(model: ZoneModel, ms: number): boolean {
  return model.final !== null || ms < utcMillis(PROBE_YEAR + PROBE_YEARS)
}

/**
 * The first year from which the zone follows its final rule, checked back year by year to `year` at
 * the earliest (and never before FIRST_CHANGE_YEAR); PROBE_YEAR + PROBE_YEARS when it has none.
 */
export function finalFrom(model: ZoneModel, year: number): number {
  if (!model.final) return PROBE_YEAR + PROBE_YEARS
  const floor = Math.max(year, FIRST_CHANGE_YEAR)
  while (!model.settled && model.holdsFrom > floor) {
    const before = model.holdsFrom - 1
    const follows = sameChanges(yearChanges(model, before), predicted(model.final, before)) && (model.final.rules.length > 0 || offsetAt(model, utcMillis(before)) === model.final.offset)
    if (follows) model.holdsFrom = before
    else model.settled = true
  }
  return model.holdsFrom
}
