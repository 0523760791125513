import type { SeriesRule } from './types.js'

/** An RRULE's UNTIL as written, normalised by the caller (it depends on the event's zone and kind). */
export interface RawUntil {
  value: string
}

export type RuleResult = { ok: true; rule: Omit<SeriesRule, 'until'>; until?: RawUntil } | { ok: false; reasons: string[] }

const FREQS = ['SECONDLY', 'MINUTELY', 'HOURLY', 'DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const
const SUB_DAILY = new Set(['SECONDLY', 'MINUTELY', 'HOURLY'])
const WEEKDAY = '(MO|TU|WE|TH|FR|SA|SU)'
/** RFC 5545's order of the parts, kept in the canonical form so equal rules compare equal. */
const ORDER = ['FREQ', 'INTERVAL', 'COUNT', 'BYSECOND', 'BYMINUTE', 'BYHOUR', 'BYDAY', 'BYMONTHDAY', 'BYYEARDAY', 'BYWEEKNO', 'BYMONTH', 'BYSETPOS', 'WKST']

/** Integers in [min, max] (and their negatives when `signed`), zero excluded where signed. */
function intList(value: string, min: number, max: number, signed: boolean): boolean {
  return value.split(',').every((v) => {
    if (!(signed ? /^[+-]?\d{1,3}$/ : /^\d{1,3}$/).test(v)) return false
    const n = Math.abs(Number(v))
    return n >= min && n <= max && (!signed || n !== 0)
  })
}

/**
 * The parts of an RRULE value (after `RRULE:`), checked against RFC 5545 section 3.3.10 and this
 * service's limits: daily at the shortest, the time of day from the event's start (`startTime`:
 * hour, minute, second).
 */
export function parseRule(value: string, startTime: [number, number, number]): RuleResult {
  const reasons: string[] = []
  const parts = new Map<string, string>()
  for (const part of value.split(';')) {
    const eq = part.indexOf('=')
    const key = part.slice(0, eq).trim().toUpperCase()
    const val = part.slice(eq + 1).trim().toUpperCase()
    if (eq <= 0 || !val) reasons.push(`RRULE: "${part}" is not a NAME=VALUE part`)
    else if (parts.has(key)) reasons.push(`RRULE: ${key} is given more than once`)
    else parts.set(key, val)
  }
  if (reasons.length) return { ok: false, reasons }

  const freq = parts.get('FREQ')
  if (!freq) return { ok: false, reasons: ['RRULE: FREQ is missing'] }
  if (!(FREQS as readonly string[]).includes(freq)) return { ok: false, reasons: [`RRULE: FREQ=${freq} is not a frequency (DAILY, WEEKLY, MONTHLY or YEARLY)`] }
  if (SUB_DAILY.has(freq)) reasons.push(`RRULE: FREQ=${freq} repeats more than once a day; the shortest is DAILY`)

  for (const [key, val] of parts) {
    switch (key) {
      case 'FREQ':
        break
      case 'UNTIL':
        if (!/^\d{8}(T\d{6}Z?)?$/.test(val)) reasons.push(`RRULE: UNTIL=${val} is not a date (YYYYMMDD) or a date-time (YYYYMMDDTHHMMSS, with Z for UTC)`)
        break
      case 'COUNT':
      case 'INTERVAL':
        if (!/^\d{1,6}$/.test(val) || Number(val) < 1) reasons.push(`RRULE: ${key}=${val} is not a positive whole number`)
        break
      case 'BYSECOND':
      case 'BYMINUTE':
      case 'BYHOUR': {
        const max = key === 'BYHOUR' ? 23 : 59
        const own = startTime[key === 'BYHOUR' ? 0 : key === 'BYMINUTE' ? 1 : 2]
        if (!intList(val, 0, max, false)) reasons.push(`RRULE: ${key}=${val} is not a list of numbers from 0 to ${max}`)
        // One value equal to the start's is what the rule means anyway; anything else repeats the
        // event within a day or moves its time.
        else if (val.split(',').length !== 1 || Number(val) !== own) reasons.push(`RRULE: ${key}=${val} sets a time of day; occurrences start at the time of the event's start`)
        break
      }
      case 'BYDAY': {
        const days = val.split(',')
        const bad = days.find((d) => !new RegExp(`^([+-]?\\d{1,2})?${WEEKDAY}$`).test(d) || /^[+-]?0+\D/.test(d) || Math.abs(parseInt(d, 10)) > 53)
        if (bad !== undefined) reasons.push(`RRULE: BYDAY=${val} is not a list of weekdays (MO…SU, each optionally after a position such as 1 or -1)`)
        else if (days.some((d) => /^[+-]?\d/.test(d)) && freq !== 'MONTHLY' && freq !== 'YEARLY') reasons.push(`RRULE: BYDAY positions (such as 1MO) are for MONTHLY and YEARLY rules only`)
        else if (days.some((d) => Math.abs(parseInt(d, 10)) > 5) && freq === 'MONTHLY') reasons.push(`RRULE: BYDAY=${val}: a month has at most 5 of each weekday`)
        break
      }
      case 'BYMONTHDAY':
        if (!intList(val, 1, 31, true)) reasons.push(`RRULE: BYMONTHDAY=${val} is not a list of days from 1 to 31 (or -1 to -31)`)
        else if (freq === 'WEEKLY') reasons.push('RRULE: BYMONTHDAY cannot be used with FREQ=WEEKLY')
        break
      case 'BYYEARDAY':
        if (!intList(val, 1, 366, true)) reasons.push(`RRULE: BYYEARDAY=${val} is not a list of days from 1 to 366 (or -1 to -366)`)
        else if (freq === 'DAILY' || freq === 'WEEKLY' || freq === 'MONTHLY') reasons.push(`RRULE: BYYEARDAY cannot be used with FREQ=${freq}`)
        break
      case 'BYWEEKNO':
        if (!intList(val, 1, 53, true)) reasons.push(`RRULE: BYWEEKNO=${val} is not a list of weeks from 1 to 53 (or -1 to -53)`)
        else if (freq !== 'YEARLY') reasons.push('RRULE: BYWEEKNO is for FREQ=YEARLY only')
        break
      case 'BYMONTH':
        if (!intList(val, 1, 12, false)) reasons.push(`RRULE: BYMONTH=${val} is not a list of months from 1 to 12`)
        break
      case 'BYSETPOS':
        if (!intList(val, 1, 366, true)) reasons.push(`RRULE: BYSETPOS=${val} is not a list of positions from 1 to 366 (or -1 to -366)`)
        else if (![...parts.keys()].some((k) => k.startsWith('BY') && k !== 'BYSETPOS')) reasons.push('RRULE: BYSETPOS needs another BY part (such as BYDAY) to choose among')
        break
      case 'WKST':
        if (!new RegExp(`^${WEEKDAY}$`).test(val)) reasons.push(`RRULE: WKST=${val} is not a weekday (MO…SU)`)
        break
      default:
        reasons.push(`RRULE: ${key} is not a supported part`)
    }
  }
  if (parts.has('COUNT') && parts.has('UNTIL')) reasons.push('RRULE: COUNT and UNTIL cannot both be given')
  if (reasons.length) return { ok: false, reasons }

  const canonical = ORDER.filter((k) => parts.has(k) && !(k === 'INTERVAL' && parts.get(k) === '1'))
    .map((k) => `${k}=${k === 'COUNT' || k === 'INTERVAL' ? Number(parts.get(k)) : parts.get(k)}`)
    .join(';')
  const count = parts.get('COUNT')
  const until = parts.get('UNTIL')
  return {
    ok: true,
    rule: { parts: canonical, freq: freq as SeriesRule['freq'], ...(count ? { count: Number(count) } : {}) },
    ...(until ? { until: { value: until } } : {}),
  }
}
