import ICAL from 'ical.js'
import { DateTime } from 'luxon'
import { horizonEnd, seriesOfEvent, type SeriesLimits } from '../../lib/recurrence/index.js'
import { importedRecurrence, utcValue } from './importedRecurrence.js'

/**
 * What a VEVENT becomes here: a single event; a series (one event whose `recurrence` holds the
 * lines); a changed occurrence of a series (an event of its own, RECURRENCE-ID); or a cancelled one
 * (RECURRENCE-ID with STATUS:CANCELLED, a state of the series' occurrence).
 */
export type EntryKind = 'single' | 'series' | 'changed' | 'cancelled'

/** One thing to write. */
export interface CalendarEntry {
  kind: EntryKind
  /** What a re-import matches on: the UID; for an occurrence of a series, plus its original start (UTC). */
  key: string
  uid: string
  /** A series' lines in the event model's form. */
  recurrence?: string[]
  /** A changed or cancelled occurrence: its series' key, and the start the series gives it (ISO UTC). */
  series?: string
  originalStart?: string
  /** The event's first start and end as instants (ISO UTC). */
  startAt: string
  endAt: string
  title: string
  description: string
  /** Wall clocks in `zone` ("yyyy-MM-dd HH:mm:ss"), as the event write arguments take them. */
  start: string
  end: string
  /** IANA zone, a manual offset ("UTC+5:30"), or "" for the site zone (floating times and all-day dates). */
  zone: string
  allDay: boolean
  location?: { name: string; address: string }
  categories: string[]
  organizer?: { name: string; email: string }
  url?: string
}

export class CalendarParseError extends Error {}

type Fields = Omit<CalendarEntry, 'kind' | 'key' | 'uid' | 'recurrence' | 'series' | 'originalStart'>

/**
 * Steps of ical.js's recurrence iterator (candidate instants it tries) allowed per event and per file,
 * when a series' dates are listed (a zone only the file defines).
 * An impossible rule (FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=30) never yields an occurrence, so neither
 * `until` nor the count of occurrences would ever stop it; a real one needs far fewer (an hourly
 * MINUTELY;BYMINUTE=0 rule takes 60 a occurrence, 60,000 for its 1,000).
 */
export const MAX_RULE_STEPS = 200_000
export const MAX_FILE_STEPS = 2_000_000

class StepBudgetSpent extends Error {}

/** Counts the iterator's steps: each candidate instant goes through check_contracting_rules once. */
function countSteps(iterator: ICAL.RecurExpansion, step: () => void): void {
  for (const rule of (iterator as unknown as { ruleIterators?: Array<{ check_contracting_rules: () => boolean }> }).ruleIterators ?? []) {
    const check = rule.check_contracting_rules.bind(rule)
    rule.check_contracting_rules = () => {
      step()
      return check()
    }
  }
}

const WALL = 'yyyy-MM-dd HH:mm:ss'

/** An IANA name in a TZID, as written or at the end of a vendor path ("/mozilla.org/20050126_1/Europe/Paris"). */
function ianaZone(tzid: string | undefined | null): string | null {
  if (!tzid) return null
  const candidates = [tzid, tzid.split('/').slice(-2).join('/'), tzid.split('/').slice(-3).join('/')]
  for (const name of candidates) if (/^[A-Za-z]/.test(name) && !/^utc$/i.test(name) && DateTime.now().setZone(name).isValid) return name
  return null
}

function manualOffset(seconds: number): string {
  const sign = seconds < 0 ? '-' : '+'
  const minutes = Math.round(Math.abs(seconds) / 60)
  const h = Math.floor(minutes / 60)
  const m = minutes % 60
  return m ? `UTC${sign}${h}:${String(m).padStart(2, '0')}` : `UTC${sign}${h}`
}

function parts(time: ICAL.Time) {
  return { year: time.year, month: time.month, day: time.day, hour: time.hour, minute: time.minute, second: time.second }
}

/**
 * A DATE-TIME as an instant and the zone to keep: UTC stays UTC; a TZID naming an IANA zone keeps it
 * (wall clock read with the platform's zone data); a zone only the file defines (VTIMEZONE) is read
 * with ical.js and kept as its X-LIC-LOCATION when that is IANA, else as the offset of that moment;
 * floating times are the site zone's.
 */
function timeIn(time: ICAL.Time, tzid: string | null, siteZone: string): { at: DateTime; zone: string } {
  const zone = time.zone
  if (zone === ICAL.Timezone.utcTimezone || zone?.tzid === 'UTC' || zone?.tzid === 'Z') return { at: DateTime.fromObject(parts(time), { zone: 'UTC' }), zone: 'UTC' }
  const named = ianaZone(tzid ?? zone?.tzid)
  if (named) return { at: DateTime.fromObject(parts(time), { zone: named }), zone: named }
  if (zone && zone !== ICAL.Timezone.localTimezone && zone.component) {
    const at = DateTime.fromSeconds(time.toUnixTime(), { zone: 'UTC' })
    const location = ianaZone(zone.component.getFirstPropertyValue('x-lic-location') as string | null)
    if (location) return { at, zone: location }
    const offset = manualOffset(time.utcOffset())
    return { at, zone: offset }
  }
  return { at: DateTime.fromObject(parts(time), { zone: siteZone }), zone: '' }
}

function text(component: ICAL.Component, name: string): string {
  const value = component.getFirstPropertyValue(name)
  return typeof value === 'string' ? value.trim() : ''
}

/** A VEVENT's own fields, from the start and end given (its own, or those of one of its occurrences). */
function fields(item: ICAL.Event, start: ICAL.Time, end: ICAL.Time | null, siteZone: string): Fields {
  const c = item.component
  const title = text(c, 'summary') || '(untitled)'
  const base = { title, description: text(c, 'description'), categories: [] as string[] } as unknown as Fields
  base.categories = [...new Set(c.getAllProperties('categories').flatMap((p) => p.getValues().map((v) => String(v).trim())).filter(Boolean))]
  const place = text(c, 'location')
  if (place) {
    // "Name\nAddress" (what feeds like this one write) or "Name, street, city".
    const [name, ...rest] = place.includes('\n') ? place.split('\n') : place.split(',')
    base.location = { name: name!.trim(), address: rest.join(', ').replace(/\s*\n\s*/g, ', ').trim() }
  }
  const organizer = c.getFirstProperty('organizer')
  if (organizer) {
    const email = String(organizer.getFirstValue() ?? '').replace(/^mailto:/i, '').trim()
    const name = String(organizer.getParameter('cn') ?? '').trim() || email
    if (email || name) base.organizer = { name, email }
  }
  const url = text(c, 'url')
  if (/^https?:\/\//i.test(url)) base.url = url

  if (start.isDate) {
    // Whole days: DTEND is exclusive (one day when absent); the event spans 00:00:00–23:59:59 of its days.
    const first = DateTime.fromObject({ year: start.year, month: start.month, day: start.day }, { zone: 'UTC' })
    let last = end ? DateTime.fromObject({ year: end.year, month: end.month, day: end.day }, { zone: 'UTC' }).minus({ days: 1 }) : first
    if (last < first) last = first
    const lastSecond = last.set({ hour: 23, minute: 59, second: 59 })
    // Dates carry no zone: the event is the site zone's (zone ""), where its instants are read.
    const inSite = (at: DateTime) => DateTime.fromObject(at.toObject(), { zone: siteZone }).toUTC().toISO()!
    return { ...base, allDay: true, zone: '', start: first.toFormat(WALL), end: lastSecond.toFormat(WALL), startAt: inSite(first), endAt: inSite(lastSecond) }
  }
  const startProp = c.getFirstProperty('dtstart')
  const from = timeIn(start, (startProp?.getParameter('tzid') as string | undefined) ?? null, siteZone)
  const endProp = c.getFirstProperty('dtend')
  const to = end ? timeIn(end, (endProp?.getParameter('tzid') as string | undefined) ?? null, siteZone) : from
  const zoneName = from.zone === '' ? siteZone : from.zone
  // luxon reads manual offsets ("UTC+5:30") as fixed zones.
  const wall = (at: DateTime) => at.setZone(zoneName).toFormat(WALL)
  const last = to.at < from.at ? from.at : to.at
  return { ...base, allDay: false, zone: from.zone, start: wall(from.at), end: wall(last), startAt: from.at.toUTC().toISO()!, endAt: last.toUTC().toISO()! }
}

export interface CalendarEntriesOptions {
  siteZone: string
  /** The event model's limits (RECURRENCE_HORIZON_MONTHS, RECURRENCE_MAX_OCCURRENCES): a series past them is refused. */
  limits: Omit<SeriesLimits, 'siteTimezone'>
  /**
   * How far a series in a zone only the file defines (one that changes offset and has no IANA name)
   * has its dates listed; at most, and by default, the model's horizon.
   */
  until?: DateTime
  /** Iterator steps per such series and per file (MAX_RULE_STEPS, MAX_FILE_STEPS). */
  maxRuleSteps?: number
  maxFileSteps?: number
  /** A recurring event changed on the way in (refused rule, listed dates, a cut-short listing): its UID and why. */
  warn?: (line: string) => void
  now?: Date
}

/** Offsets a zone defined by the file (a VTIMEZONE) takes; more than one: it has daylight saving time. */
function offsetsOf(time: ICAL.Time): number {
  const component = time.zone?.component
  if (!component) return 1
  return new Set(component.getAllSubcomponents().map((c) => String(c.getFirstPropertyValue('tzoffsetto')))).size
}

/**
 * The entries of an iCalendar text: VTIMEZONEs registered, VEVENTs grouped by UID. A VEVENT with
 * RRULE, RDATE or EXDATE is one series, its lines converted to the model's form and checked against
 * its limits; the VEVENTs with its UID and a RECURRENCE-ID are its changed occurrences, or cancelled
 * ones (STATUS:CANCELLED). A series the model refuses (a rule repeating within a day, too many
 * occurrences…) is imported as its first occurrence, with a warning, and its other overrides as
 * events of their own. A series in a zone only the file defines and that changes offset (no IANA name:
 * the model could not keep its wall clocks across DST) has its occurrences listed as RDATEs, expanded by
 * ical.js within a budget of iterator steps per event and per file. Overrides without their series,
 * and events without a UID, stand alone. Linear in the number of VEVENTs: each series is given its own
 * overrides (ical.js would otherwise search the whole calendar for them, once per event). Series come
 * before their occurrences.
 */
export function calendarEntries(source: string, options: CalendarEntriesOptions): CalendarEntry[] {
  let root: ICAL.Component
  try {
    root = new ICAL.Component(ICAL.parse(source))
  } catch (error) {
    throw new CalendarParseError(`not an iCalendar file: ${(error as Error).message}`)
  }
  if (root.name !== 'vcalendar') throw new CalendarParseError(`not an iCalendar file: it holds a ${root.name.toUpperCase()}, not a VCALENDAR`)
  for (const zone of root.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone)

  const masters = new Map<string, ICAL.Component>()
  const overrides = new Map<string, ICAL.Component[]>()
  const loose: ICAL.Component[] = []
  for (const vevent of root.getAllSubcomponents('vevent')) {
    const uid = text(vevent, 'uid')
    if (!uid) {
      loose.push(vevent)
      continue
    }
    if (!vevent.hasProperty('recurrence-id')) masters.set(uid, vevent)
    else if (overrides.has(uid)) overrides.get(uid)!.push(vevent)
    else overrides.set(uid, [vevent])
  }

  const { siteZone } = options
  const limits = { ...options.limits, siteTimezone: siteZone }
  const now = options.now ?? new Date()
  const ruleSteps = options.maxRuleSteps ?? MAX_RULE_STEPS
  let fileSteps = options.maxFileSteps ?? MAX_FILE_STEPS
  const warn = options.warn ?? (() => {})
  const found: CalendarEntry[] = []
  const occurrences: CalendarEntry[] = []
  const standalone = (c: ICAL.Component, uid: string): CalendarEntry => {
    const event = new ICAL.Event(c, { exceptions: [] })
    return { kind: 'single', key: `${uid}#${event.recurrenceId!.toJSDate().toISOString()}`, uid, ...fields(event, event.startDate, event.endDate, siteZone) }
  }
  /** The instant of a DATE-TIME as the importer reads zones; a date is its midnight in `zone`. */
  const instantOf = (time: ICAL.Time, tzid: string | null, zone: string): DateTime =>
    time.isDate ? DateTime.fromObject({ year: time.year, month: time.month, day: time.day }, { zone }) : timeIn(time, tzid, siteZone).at

  /** A listing of a series' occurrences after its first (RDATE values in UTC), by ical.js, within the step budgets. */
  const listed = (event: ICAL.Event, uid: string, until: DateTime): string[] => {
    const iterator = event.iterator()
    let steps = 0
    countSteps(iterator, () => {
      fileSteps--
      if (++steps > ruleSteps || fileSteps < 0) throw new StepBudgetSpent()
    })
    const bound = ICAL.Time.fromJSDate(until.toJSDate(), true)
    const starts: string[] = []
    try {
      for (let next = iterator.next(); next && next.compare(bound) < 0; next = iterator.next()) {
        if (starts.length > limits.maxOccurrences) break
        starts.push(utcValue(DateTime.fromSeconds(next.toUnixTime(), { zone: 'UTC' })))
      }
    } catch (error) {
      if (!(error instanceof StepBudgetSpent)) throw error
      const budget = steps > ruleSteps ? `${ruleSteps} steps an event may take` : `file's ${options.maxFileSteps ?? MAX_FILE_STEPS} steps`
      warn(
        starts.length > 1
          ? `event "${uid}": its recurrence rule stopped after ${starts.length} occurrences within the ${budget}; those are imported`
          : `event "${uid}": its recurrence rule gave no occurrence after the first within the ${budget}; only that one is imported, as a single event`,
      )
    }
    return starts.slice(1)
  }

  for (const [uid, master] of masters) {
    // The exceptions given (none is a list too): ical.js then does not scan the calendar for them.
    const own = overrides.get(uid) ?? []
    const event = new ICAL.Event(master, { exceptions: own })
    overrides.delete(uid)
    if (!master.hasProperty('dtstart')) throw new CalendarParseError(`event "${uid}" has no DTSTART`)
    const first = fields(event, event.startDate, event.endDate, siteZone)
    if (!event.isRecurring()) {
      found.push({ kind: 'single', key: uid, uid, ...first })
      continue
    }
    const zone = first.allDay ? siteZone : first.zone || siteZone
    const check = (recurrence: string[]) => seriesOfEvent({ recurrence, startDate: first.startAt, endDate: first.endAt, timezone: first.zone, allDay: first.allDay }, limits, now)
    let lines = importedRecurrence(master, first.allDay, (time, tzid) => instantOf(time, tzid, zone))
    const rule = check(lines)
    if (rule.ok && !first.allDay && /^UTC[+-]/.test(first.zone) && offsetsOf(event.startDate) > 1) {
      // A zone the file alone defines, with daylight saving time: its dates, listed.
      const horizon = DateTime.fromJSDate(horizonEnd(new Date(first.startAt), limits.horizonMonths, now))
      const until = options.until && options.until < horizon ? options.until : horizon
      if (fileSteps <= 0) {
        warn(`event "${uid}": the file's ${options.maxFileSteps ?? MAX_FILE_STEPS} recurrence steps are spent; only its first occurrence is imported, as a single event`)
        lines = []
      } else {
        const dates = listed(event, uid, until)
        lines = dates.length ? [`RDATE:${dates.join(',')}`] : []
        if (dates.length) warn(`event "${uid}": its time zone "${event.startDate.zone?.tzid}" is defined by the file alone and changes offset; its occurrences until ${until.toISODate()} are imported as dates (RDATE), not as its rule`)
      }
    }
    const checked = !rule.ok ? rule : lines.length ? check(lines) : null
    if (checked?.ok && checked.series) {
      found.push({ kind: 'series', key: uid, uid, recurrence: checked.series.lines, ...first })
      for (const c of own) {
        const rid = c.getFirstProperty('recurrence-id')!
        const originalStart = instantOf(rid.getFirstValue() as ICAL.Time, (rid.getParameter('tzid') as string | undefined) ?? null, zone).toUTC().toISO()!
        const key = `${uid}#${new Date(originalStart).toISOString()}`
        const item = new ICAL.Event(c, { exceptions: [] })
        const kind = /^cancelled$/i.test(text(c, 'status')) ? 'cancelled' : 'changed'
        occurrences.push({ kind, key, uid, series: uid, originalStart: new Date(originalStart).toISOString(), ...fields(item, item.startDate, item.endDate, siteZone) })
      }
      continue
    }
    if (checked && !checked.ok) warn(`event "${uid}": its recurrence is refused here (${checked.reasons.join('; ')}); only its first occurrence is imported, as a single event`)
    // The first occurrence as the file has it (an override of it included), the other overrides as events of their own.
    const firstStart = new Date(first.startAt).getTime()
    let single: CalendarEntry | null = { kind: 'single', key: uid, uid, ...first }
    for (const c of own) {
      const rid = c.getFirstProperty('recurrence-id')!
      const at = instantOf(rid.getFirstValue() as ICAL.Time, (rid.getParameter('tzid') as string | undefined) ?? null, zone).toMillis()
      const cancelled = /^cancelled$/i.test(text(c, 'status'))
      if (at === firstStart) {
        const item = new ICAL.Event(c, { exceptions: [] })
        single = cancelled ? null : { ...single!, ...fields(item, item.startDate, item.endDate, siteZone) }
      } else if (!cancelled) found.push(standalone(c, uid))
    }
    if (single) found.push(single)
  }
  // Overrides without their series, and events without a UID, stand alone.
  for (const [uid, list] of overrides) for (const c of list) found.push(standalone(c, uid))
  for (const c of loose) {
    const event = new ICAL.Event(c, { exceptions: [] })
    found.push({ kind: 'single', key: `${text(c, 'summary')}@${event.startDate?.toString()}`, uid: '', ...fields(event, event.startDate, event.endDate, siteZone) })
  }
  return [...found, ...occurrences]
}
