import { splitLine } from './contentLine.js'
import { expandRecurrence } from './expandRecurrence.js'
import { parseRule } from './parseRule.js'
import { toMillis } from './toMillis.js'
import type { FirstOccurrence, ParseResult, RecurrenceSeries, SeriesRule } from './types.js'
import { DAY_MS, dayOf, icsWall, instantOf, knownZone, wallOf } from './zoneTime.js'

/** RECURRENCE_MAX_OCCURRENCES's default: the most occurrences a series may make within the horizon. */
export const DEFAULT_MAX_OCCURRENCES = 1000

export interface ParseOptions {
  /** The end of the stored horizon (exclusive); defaults to 24 months from now. */
  horizonEnd?: string | Date | number
  maxOccurrences?: number
}

/** A date or date-time value, read in the series' terms. */
type DateValue = { kind: 'day'; day: number } | { kind: 'instant'; ms: number }

/** `YYYYMMDD` or `YYYYMMDDTHHMMSS` as wall ms; null when it is no real date or time. */
function wallFrom(value: string): number | null {
  const m = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2}))?$/.exec(value)
  if (!m) return null
  const [y, mo, d, h = 0, mi = 0, s = 0] = m.slice(1).map((v) => (v === undefined ? undefined : Number(v)))
  const ms = Date.UTC(y!, mo! - 1, d!, h, mi, s)
  const back = new Date(ms)
  const same = back.getUTCFullYear() === y && back.getUTCMonth() === mo! - 1 && back.getUTCDate() === d && back.getUTCHours() === h && back.getUTCMinutes() === mi && back.getUTCSeconds() === s
  return same && y! >= 1 ? ms : null
}

/**
 * Reads a series from its RFC 5545 lines (Google Calendar's `recurrence[]`: `RRULE`, `RDATE`,
 * `EXDATE`, no `DTSTART`) and the event whose start and end give the first occurrence, or says why
 * not, in sentences an API can answer with. Date values are wall clocks in the event's zone
 * (`YYYYMMDDTHHMMSS`), in another with `TZID=`, or UTC with `Z`; an all-day event's are dates
 * (`VALUE=DATE:YYYYMMDD`). A rule making more than `maxOccurrences` occurrences from the first up to
 * the horizon is refused.
 */
export function parseRecurrence(lines: string[], first: FirstOccurrence, options: ParseOptions = {}): ParseResult {
  const reasons: string[] = []
  const zone = knownZone(first.timezone)
  const start = toMillis(first.start)
  const end = toMillis(first.end)
  if (!zone) return { ok: false, reasons: [`the time zone "${first.timezone}" is not known`] }
  if (!Number.isFinite(start) || !Number.isFinite(end)) return { ok: false, reasons: ['the event has no valid start and end'] }
  const allDay = first.allDay
  const startWall = wallOf(start, zone)
  const timeOfDay = startWall - dayOf(startWall)
  const startTime: [number, number, number] = allDay ? [0, 0, 0] : [Math.floor(timeOfDay / 3_600_000), Math.floor(timeOfDay / 60_000) % 60, Math.floor(timeOfDay / 1000) % 60]

  let rule: SeriesRule | null = null
  let ruleCount = 0
  const rdates = new Set<number>()
  const exdates = new Set<number>()
  const exdays = new Set<number>()

  /** One date value of an RDATE or EXDATE line, or a reason. */
  const readDate = (name: string, raw: string, params: Map<string, string>): DateValue | string => {
    const type = (params.get('VALUE') ?? 'DATE-TIME').toUpperCase()
    const tzid = params.get('TZID')
    if (type === 'DATE') {
      const wall = /^\d{8}$/.test(raw) ? wallFrom(raw) : null
      return wall === null ? `${name}: ${raw} is not a date (YYYYMMDD)` : { kind: 'day', day: wall }
    }
    if (type !== 'DATE-TIME') return `${name}: VALUE=${type} is not supported (DATE or DATE-TIME)`
    if (allDay) return `${name}: an all-day event's dates are dates (${name};VALUE=DATE:YYYYMMDD)`
    const utc = raw.endsWith('Z')
    const wall = /^\d{8}T\d{6}Z?$/.test(raw) ? wallFrom(raw.replace(/Z$/, '')) : null
    if (wall === null) return `${name}: ${raw} is not a date-time (YYYYMMDDTHHMMSS, with Z for UTC)`
    if (utc) return tzid ? `${name}: a UTC time (ending in Z) takes no TZID` : { kind: 'instant', ms: wall }
    const inZone = tzid === undefined ? zone : knownZone(tzid)
    if (!inZone) return `${name}: TZID=${tzid} is not a known time zone`
    return { kind: 'instant', ms: instantOf(wall, inZone) }
  }

  lines.forEach((text, index) => {
    const line = splitLine(text)
    const where = `line ${index + 1}`
    if (!line) return void reasons.push(`${where}: "${text}" is not a NAME:VALUE content line`)
    switch (line.name) {
      case 'RRULE': {
        if (line.params.size) return void reasons.push('RRULE: takes no parameters')
        if (++ruleCount > 1) return void reasons.push('RRULE: a series has one rule at most')
        const parsed = parseRule(line.value, startTime)
        if (!parsed.ok) return void reasons.push(...parsed.reasons)
        rule = { ...parsed.rule }
        if (parsed.until) {
          const raw = parsed.until.value
          const wall = wallFrom(raw.replace(/Z$/, ''))
          if (wall === null) return void reasons.push(`RRULE: UNTIL=${raw} is not a real date`)
          // RFC 5545 wants UNTIL in UTC for a zoned start and a date for an all-day one; the other
          // forms are read as people mean them: a floating time in the event's zone, a date as its whole day.
          if (allDay) rule.until = dayOf(raw.endsWith('Z') ? wallOf(wall, zone) : wall)
          else if (raw.endsWith('Z')) rule.until = wall
          else if (raw.length === 8) rule.until = instantOf(wall + DAY_MS, zone) - 1
          else rule.until = instantOf(wall, zone)
        }
        return
      }
      case 'RDATE':
      case 'EXDATE': {
        for (const [param] of line.params) if (param !== 'VALUE' && param !== 'TZID') return void reasons.push(`${line.name}: the parameter ${param} is not supported`)
        if (!line.value) return void reasons.push(`${line.name}: no date given`)
        for (const raw of line.value.split(',')) {
          const value = readDate(line.name, raw.trim().toUpperCase(), line.params)
          if (typeof value === 'string') return void reasons.push(value)
          if (value.kind === 'instant') (line.name === 'RDATE' ? rdates : exdates).add(value.ms)
          else if (allDay) (line.name === 'RDATE' ? rdates : exdates).add(value.day)
          // A date on a timed series: an extra occurrence at the event's time of day, or every
          // occurrence of that day removed.
          else if (line.name === 'RDATE') rdates.add(instantOf(value.day + timeOfDay, zone))
          else exdays.add(value.day)
        }
        return
      }
      case 'DTSTART':
      case 'DTEND':
        return void reasons.push(`${line.name}: not accepted; the event's start and end are the first occurrence`)
      case 'EXRULE':
        return void reasons.push('EXRULE: not supported (RFC 5545 deprecates it); list the dates to leave out as EXDATE')
      default:
        return void reasons.push(`${line.name}: not a recurrence property (RRULE, RDATE or EXDATE)`)
    }
  })
  if (reasons.length) return { ok: false, reasons }

  const sorted = (set: Set<number>) => [...set].sort((a, b) => a - b)
  const series: RecurrenceSeries = {
    zone,
    allDay,
    start,
    startWall,
    durationMs: Math.max(0, end - start),
    spanDays: allDay ? Math.max(0, Math.round((dayOf(wallOf(end, zone)) - dayOf(startWall)) / DAY_MS)) : 0,
    rule,
    rdates: sorted(rdates),
    exdates: sorted(exdates),
    exdays: sorted(exdays),
    lines: [],
  }
  series.lines = canonicalLines(series)

  const max = options.maxOccurrences ?? DEFAULT_MAX_OCCURRENCES
  const horizonEnd = options.horizonEnd ?? monthsFromNow(24)
  try {
    const made = expandRecurrence(series, { horizonEnd, maxOccurrences: max + 1 }).length
    if (made > max) reasons.push(`RRULE: makes more than ${max} occurrences before ${new Date(toMillis(horizonEnd)).toISOString().slice(0, 10)}; end it sooner (COUNT or UNTIL) or repeat less often`)
  } catch (error) {
    reasons.push(`RRULE: cannot be expanded (${error instanceof Error ? error.message : String(error)})`)
  }
  return reasons.length ? { ok: false, reasons } : { ok: true, series }
}

function monthsFromNow(months: number): number {
  const now = new Date()
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + months, now.getUTCDate(), now.getUTCHours(), now.getUTCMinutes())
}

/**
 * The series' lines as stored and written into iCal: one RRULE with UNTIL in UTC (a date for all-day
 * series), then one RDATE and one EXDATE line with sorted values, in UTC for timed series.
 */
export function canonicalLines(series: RecurrenceSeries): string[] {
  const lines: string[] = []
  const rule = series.rule
  if (rule) {
    const until = rule.until === undefined ? '' : `;UNTIL=${series.allDay ? icsWall(rule.until, true) : `${icsWall(rule.until)}Z`}`
    lines.push(`RRULE:${rule.parts}${until}`)
  }
  const values = (list: number[]) => list.map((v) => (series.allDay ? icsWall(v, true) : `${icsWall(v)}Z`)).join(',')
  const type = series.allDay ? ';VALUE=DATE' : ''
  if (series.rdates.length) lines.push(`RDATE${type}:${values(series.rdates)}`)
  if (series.exdates.length) lines.push(`EXDATE${type}:${values(series.exdates)}`)
  if (series.exdays.length) lines.push(`EXDATE;VALUE=DATE:${series.exdays.map((d) => icsWall(d, true)).join(',')}`)
  return lines
}
