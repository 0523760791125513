import { DAY_MS, dayOf, instantOf, wallOf } from '../../lib/recurrence/zoneTime.js'
import { recurrenceLines, splitLine } from '../../lib/recurrence/contentLine.js'

/**
 * The recurrence editor's form and the RFC 5545 lines it stands for (the `recurrence` field's value;
 * lib/recurrence/parseRecurrence.ts is what the server accepts). Pure: no React, no Payload, so it is
 * unit-tested on its own. Dates in the form are wall clocks in the event's zone; the lines carry
 * them as `YYYYMMDDTHHMMSS` in that zone (no Z), UNTIL in UTC (`…Z`), an all-day event's as dates.
 */

export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const
export type Weekday = (typeof WEEKDAYS)[number]
export type Frequency = 'none' | 'DAILY' | 'WEEKLY' | 'MONTHLY' | 'YEARLY'

export interface RecurrenceForm {
  frequency: Frequency
  /** Every N days, weeks, months or years. */
  interval: number
  /** WEEKLY: the days of the week. */
  weekdays: Weekday[]
  /** MONTHLY: on a day of the month, or on the nth weekday ("the second Tuesday", "the last Friday"). */
  monthly: 'day' | 'weekday'
  monthDay: number
  /** 1 to 4, or -1 for the last. */
  position: number
  weekday: Weekday
  ends: 'never' | 'on' | 'after'
  /** `YYYY-MM-DD`, the last day occurrences may start on (in the event's zone). */
  until: string
  count: number
  /** Extra starts: `YYYY-MM-DDTHH:MM` wall clocks (timed events) or `YYYY-MM-DD` (all-day events). */
  extraDates: string[]
  /** Days whose occurrence is left out, `YYYY-MM-DD` (the occurrence at the start's time of day). */
  excludedDates: string[]
}

/** What the form reads the lines against: the event's first occurrence. */
export interface SeriesContext {
  /** The zone the series is expanded in (the event's, else the site's). */
  zone: string
  allDay: boolean
  /** The event's start, a UTC instant (ISO); the defaults (weekday, day of month) come from it. */
  start: string | null | undefined
}

export type FormResult = { ok: true; form: RecurrenceForm } | { ok: false; reason: string }

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

/** The start as wall ms in the zone, or today's midnight (UTC) when the event has no start yet. */
function startWallOf(ctx: SeriesContext): number {
  const ms = ctx.start ? Date.parse(ctx.start) : Number.NaN
  if (Number.isFinite(ms)) return ctx.allDay ? dayOf(wallOf(ms, ctx.zone)) : wallOf(ms, ctx.zone)
  return dayOf(Date.now())
}

/** `YYYY-MM-DD` of a wall ms. */
export function dayText(wall: number): string {
  const d = new Date(wall)
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`
}

/** `YYYY-MM-DDTHH:MM` of a wall ms (what a datetime-local input shows). */
function minuteText(wall: number): string {
  const d = new Date(wall)
  return `${dayText(wall)}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`
}

/** Wall ms of `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM[:SS]`; NaN when it is neither. */
export function wallOfText(text: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text.trim())
  if (!m) return Number.NaN
  const [y, mo, d, h = '0', mi = '0', s = '0'] = m.slice(1)
  const wall = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s))
  return dayText(wall) === `${y}-${mo}-${d}` ? wall : Number.NaN
}

/** RFC 5545's `YYYYMMDD` or `YYYYMMDDTHHMMSS` of a wall ms. */
function icsText(wall: number, dateOnly: boolean): string {
  const d = new Date(wall)
  const date = `${pad(d.getUTCFullYear(), 4)}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}`
  return dateOnly ? date : `${date}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`
}

/** Wall ms of an RFC 5545 `YYYYMMDD[THHMMSS]` (the Z, if any, stripped by the caller). */
function wallOfIcs(value: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2}))?$/.exec(value)
  return m ? wallOfText(`${m[1]}-${m[2]}-${m[3]}${m[4] ? `T${m[4]}:${m[5]}:${m[6]}` : ''}`) : Number.NaN
}

/** The weekday (MO…SU) of a wall ms. */
export function weekdayOf(wall: number): Weekday {
  return WEEKDAYS[(new Date(wall).getUTCDay() + 6) % 7]!
}

/** The form of an event that does not repeat, its defaults (weekday, day of month) from the start. */
export function defaultForm(ctx: SeriesContext): RecurrenceForm {
  const start = startWallOf(ctx)
  const date = new Date(start)
  return {
    frequency: 'none',
    interval: 1,
    weekdays: [weekdayOf(start)],
    monthly: 'day',
    monthDay: date.getUTCDate(),
    // The 5th of a weekday is its month's last.
    position: Math.ceil(date.getUTCDate() / 7) > 4 ? -1 : Math.ceil(date.getUTCDate() / 7),
    weekday: weekdayOf(start),
    ends: 'never',
    until: dayText(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 3, date.getUTCDate())),
    count: 10,
    extraDates: [],
    excludedDates: [],
  }
}

/** The field's value as lines: a list of strings, or one string of lines; null when it is neither (as the server reads it). */
export const linesOfValue = recurrenceLines

/** The parts of the rule the form offers; any other makes the rule one for the raw lines only. */
const FORM_PARTS = new Set(['FREQ', 'INTERVAL', 'COUNT', 'UNTIL', 'BYDAY', 'BYMONTHDAY'])

/**
 * An RDATE or EXDATE value as a wall ms in the event's zone: a wall clock, a UTC time (`…Z`), one in
 * another zone (`TZID=`), or a date (`VALUE=DATE`: an all-day event's day, or on a timed event the
 * start's time of day that day). NaN when unreadable.
 */
function dateValueWall(raw: string, params: Map<string, string>, ctx: SeriesContext, timeOfDay: number): number {
  if ((params.get('VALUE') ?? '').toUpperCase() === 'DATE' || /^\d{8}$/.test(raw)) {
    const day = wallOfIcs(raw)
    return ctx.allDay ? day : day + timeOfDay
  }
  if (ctx.allDay) return Number.NaN
  const wall = wallOfIcs(raw.replace(/Z$/, ''))
  if (!Number.isFinite(wall)) return Number.NaN
  if (raw.endsWith('Z')) return wallOf(wall, ctx.zone)
  const tzid = params.get('TZID')
  if (!tzid) return wall
  try {
    return wallOf(instantOf(wall, tzid), ctx.zone)
  } catch {
    return Number.NaN
  }
}

/**
 * The form the lines stand for, read against the event; `ok: false` (with the reason) when they say
 * more than the form can show (such as BYMONTH or an EXRULE): those are edited as raw lines.
 */
export function linesToForm(lines: readonly string[], ctx: SeriesContext): FormResult {
  const form = defaultForm(ctx)
  const start = startWallOf(ctx)
  const timeOfDay = ctx.allDay ? 0 : start - dayOf(start)
  let rules = 0
  for (const text of lines) {
    const split = splitLine(text)
    const line = split && { ...split, value: split.value.toUpperCase() }
    if (!line) return { ok: false, reason: `"${text}" is not an RFC 5545 line` }
    if (line.name === 'RRULE') {
      if (++rules > 1) return { ok: false, reason: 'more than one RRULE' }
      const parts = new Map<string, string>()
      for (const part of line.value.split(';')) {
        const eq = part.indexOf('=')
        parts.set(part.slice(0, eq), part.slice(eq + 1))
      }
      const other = [...parts.keys()].find((key) => !FORM_PARTS.has(key))
      if (other !== undefined) return { ok: false, reason: `the rule uses ${other || 'an empty part'}` }
      const freq = parts.get('FREQ')
      if (freq !== 'DAILY' && freq !== 'WEEKLY' && freq !== 'MONTHLY' && freq !== 'YEARLY') return { ok: false, reason: `FREQ=${freq ?? ''} is not offered` }
      form.frequency = freq
      const interval = parts.get('INTERVAL')
      if (interval !== undefined) {
        if (!/^\d{1,6}$/.test(interval) || Number(interval) < 1) return { ok: false, reason: `INTERVAL=${interval}` }
        form.interval = Number(interval)
      }
      const count = parts.get('COUNT')
      const until = parts.get('UNTIL')
      if (count !== undefined && until !== undefined) return { ok: false, reason: 'COUNT and UNTIL together' }
      if (count !== undefined) {
        if (!/^\d{1,6}$/.test(count) || Number(count) < 1) return { ok: false, reason: `COUNT=${count}` }
        form.ends = 'after'
        form.count = Number(count)
      }
      if (until !== undefined) {
        const last = untilDay(until, ctx, timeOfDay)
        if (!Number.isFinite(last)) return { ok: false, reason: `UNTIL=${until}` }
        form.ends = 'on'
        form.until = dayText(last)
      }
      const byDay = parts.get('BYDAY')
      const byMonthDay = parts.get('BYMONTHDAY')
      if (freq === 'WEEKLY') {
        if (byMonthDay !== undefined) return { ok: false, reason: 'BYMONTHDAY on a weekly rule' }
        if (byDay !== undefined) {
          const days = byDay.split(',')
          if (!days.every((d): d is Weekday => (WEEKDAYS as readonly string[]).includes(d))) return { ok: false, reason: `BYDAY=${byDay}` }
          form.weekdays = WEEKDAYS.filter((d) => days.includes(d))
        }
      } else if (freq === 'MONTHLY') {
        if (byDay !== undefined && byMonthDay !== undefined) return { ok: false, reason: 'BYDAY and BYMONTHDAY together' }
        if (byMonthDay !== undefined) {
          if (!/^\d{1,2}$/.test(byMonthDay) || Number(byMonthDay) < 1 || Number(byMonthDay) > 31) return { ok: false, reason: `BYMONTHDAY=${byMonthDay}` }
          form.monthDay = Number(byMonthDay)
        }
        if (byDay !== undefined) {
          const m = /^([+-]?\d)(MO|TU|WE|TH|FR|SA|SU)$/.exec(byDay)
          const position = m ? Number(m[1]) : 0
          if (!m || !((position >= 1 && position <= 4) || position === -1)) return { ok: false, reason: `BYDAY=${byDay}` }
          form.monthly = 'weekday'
          form.position = position
          form.weekday = m[2] as Weekday
        }
      } else if (byDay !== undefined || byMonthDay !== undefined) {
        return { ok: false, reason: `${byDay !== undefined ? 'BYDAY' : 'BYMONTHDAY'} on a ${freq.toLowerCase()} rule` }
      }
    } else if (line.name === 'RDATE' || line.name === 'EXDATE') {
      const other = [...line.params.keys()].find((p) => p !== 'VALUE' && p !== 'TZID')
      if (other) return { ok: false, reason: `${line.name};${other}` }
      const dateOnly = (line.params.get('VALUE') ?? '').toUpperCase() === 'DATE'
      // On a timed event, an EXDATE date removes every occurrence that day: the form's excluded
      // dates are single occurrences, so such a line stays a raw one.
      if (line.name === 'EXDATE' && dateOnly && !ctx.allDay) return { ok: false, reason: 'EXDATE;VALUE=DATE on a timed event' }
      for (const raw of line.value.split(',')) {
        const wall = dateValueWall(raw.trim(), line.params, ctx, timeOfDay)
        if (!Number.isFinite(wall)) return { ok: false, reason: `${line.name}:${raw}` }
        if (line.name === 'RDATE') form.extraDates.push(ctx.allDay ? dayText(wall) : minuteText(wall))
        else if (ctx.allDay || wall - dayOf(wall) === timeOfDay) form.excludedDates.push(dayText(wall))
        else return { ok: false, reason: `EXDATE at ${minuteText(wall).replace('T', ' ')}, not the event's time of day` }
      }
    } else {
      return { ok: false, reason: `${line.name} lines are not offered` }
    }
  }
  form.extraDates = [...new Set(form.extraDates)].sort()
  form.excludedDates = [...new Set(form.excludedDates)].sort()
  return { ok: true, form }
}

/**
 * The last day an UNTIL lets occurrences start on, in the event's zone (wall ms of its midnight):
 * the UNTIL's own day when its time is at or after the start's time of day, else the day before.
 */
function untilDay(until: string, ctx: SeriesContext, timeOfDay: number): number {
  const wall = wallOfIcs(until.replace(/Z$/, ''))
  if (!Number.isFinite(wall) || !/^\d{8}(T\d{6}Z?)?$/.test(until)) return Number.NaN
  if (until.length === 8) return wall
  const local = until.endsWith('Z') ? wallOf(wall, ctx.zone) : wall
  if (ctx.allDay) return dayOf(local)
  return local - dayOf(local) >= timeOfDay ? dayOf(local) : dayOf(local) - DAY_MS
}

/**
 * The lines a form stands for, in the server's canonical order (RRULE, RDATE, EXDATE; the rule's
 * parts as RFC 5545 orders them, UNTIL last). Parts the start implies (its weekday for a weekly rule,
 * its day for a monthly one) are left out, so the rule follows the start when it moves.
 */
export function formToLines(form: RecurrenceForm, ctx: SeriesContext): string[] {
  const lines: string[] = []
  const start = startWallOf(ctx)
  const timeOfDay = ctx.allDay ? 0 : start - dayOf(start)
  if (form.frequency !== 'none') {
    const parts = [`FREQ=${form.frequency}`]
    if (Number.isInteger(form.interval) && form.interval > 1) parts.push(`INTERVAL=${form.interval}`)
    if (form.ends === 'after') parts.push(`COUNT=${Math.max(1, Math.trunc(form.count) || 1)}`)
    if (form.frequency === 'WEEKLY') {
      const days = WEEKDAYS.filter((d) => form.weekdays.includes(d))
      if (days.length && !(days.length === 1 && days[0] === weekdayOf(start))) parts.push(`BYDAY=${days.join(',')}`)
    }
    if (form.frequency === 'MONTHLY') {
      if (form.monthly === 'weekday') parts.push(`BYDAY=${form.position}${form.weekday}`)
      else if (form.monthDay !== new Date(start).getUTCDate()) parts.push(`BYMONTHDAY=${form.monthDay}`)
    }
    const untilWall = form.ends === 'on' ? wallOfText(form.until) : Number.NaN
    if (Number.isFinite(untilWall)) {
      // The whole last day, in the event's zone, as the UTC instant RFC 5545 asks for.
      parts.push(`UNTIL=${ctx.allDay ? icsText(untilWall, true) : `${icsText(instantOf(untilWall + DAY_MS - 1000, ctx.zone), false)}Z`}`)
    }
    lines.push(`RRULE:${parts.join(';')}`)
  }
  const walls = (dates: string[], withTime: (wall: number) => number) =>
    [...new Set(dates.map((d) => wallOfText(d)).filter(Number.isFinite).map(withTime))].sort((a, b) => a - b).map((w) => icsText(w, ctx.allDay))
  const type = ctx.allDay ? ';VALUE=DATE' : ''
  const extra = walls(form.extraDates, (w) => (ctx.allDay ? dayOf(w) : w))
  if (extra.length) lines.push(`RDATE${type}:${extra.join(',')}`)
  const excluded = walls(form.excludedDates, (w) => dayOf(w) + timeOfDay)
  if (excluded.length) lines.push(`EXDATE${type}:${excluded.join(',')}`)
  return lines
}

/** "Weekly on Tuesday and Thursday, 10 times": the form in words, for the field's summary. */
export function describeForm(form: RecurrenceForm): string {
  if (form.frequency === 'none') return form.extraDates.length ? `Does not repeat, plus ${form.extraDates.length} extra date${form.extraDates.length > 1 ? 's' : ''}` : 'Does not repeat'
  const unit = { DAILY: 'day', WEEKLY: 'week', MONTHLY: 'month', YEARLY: 'year' }[form.frequency]
  let text = form.interval > 1 ? `Every ${form.interval} ${unit}s` : { DAILY: 'Daily', WEEKLY: 'Weekly', MONTHLY: 'Monthly', YEARLY: 'Yearly' }[form.frequency]
  if (form.frequency === 'WEEKLY') text += ` on ${listWords(WEEKDAYS.filter((d) => form.weekdays.includes(d)).map((d) => WEEKDAY_NAMES[d]))}`
  if (form.frequency === 'MONTHLY') text += form.monthly === 'day' ? ` on day ${form.monthDay}` : ` on the ${POSITION_NAMES[String(form.position)]} ${WEEKDAY_NAMES[form.weekday]}`
  if (form.ends === 'on') text += `, until ${form.until}`
  if (form.ends === 'after') text += `, ${form.count} time${form.count === 1 ? '' : 's'}`
  return text
}

export const WEEKDAY_NAMES: Record<Weekday, string> = { MO: 'Monday', TU: 'Tuesday', WE: 'Wednesday', TH: 'Thursday', FR: 'Friday', SA: 'Saturday', SU: 'Sunday' }
export const POSITION_NAMES: Record<string, string> = { '1': 'first', '2': 'second', '3': 'third', '4': 'fourth', '-1': 'last' }

function listWords(words: string[]): string {
  return words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`
}
