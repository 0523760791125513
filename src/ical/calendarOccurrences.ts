import ICAL from 'ical.js'
import { DateTime } from 'luxon'

/** One event to write: a single VEVENT, or one occurrence of a recurring one. */
export interface Occurrence {
  /** UID, plus the occurrence's start (UTC) for recurring events: what a re-import matches on. */
  key: string
  uid: string
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

/**
 * Steps of ical.js's recurrence iterator (candidate instants it tries) allowed per event and per file.
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

function occurrence(item: ICAL.Event, start: ICAL.Time, end: ICAL.Time | null, key: string, siteZone: string): Occurrence {
  const c = item.component
  const title = text(c, 'summary') || '(untitled)'
  const base = { key, uid: item.uid, title, description: text(c, 'description'), categories: [] as string[] } as Occurrence
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
    return { ...base, allDay: true, zone: '', start: first.toFormat(WALL), end: last.set({ hour: 23, minute: 59, second: 59 }).toFormat(WALL) }
  }
  const startProp = c.getFirstProperty('dtstart')
  const from = timeIn(start, (startProp?.getParameter('tzid') as string | undefined) ?? null, siteZone)
  const endProp = c.getFirstProperty('dtend')
  const to = end ? timeIn(end, (endProp?.getParameter('tzid') as string | undefined) ?? null, siteZone) : from
  const zoneName = from.zone === '' ? siteZone : from.zone
  // luxon reads manual offsets ("UTC+5:30") as fixed zones.
  const wall = (at: DateTime) => at.setZone(zoneName).toFormat(WALL)
  return { ...base, allDay: false, zone: from.zone, start: wall(from.at), end: wall(to.at < from.at ? from.at : to.at) }
}

export interface CalendarOccurrencesOptions {
  until: DateTime
  siteZone: string
  maxPerEvent?: number
  /** Iterator steps per recurring event and per file (MAX_RULE_STEPS, MAX_FILE_STEPS). */
  maxRuleSteps?: number
  maxFileSteps?: number
  /** A recurring event whose expansion was cut short (or skipped): its UID and why. */
  warn?: (line: string) => void
}

/**
 * The events of an iCalendar text: VTIMEZONEs registered, VEVENTs grouped by UID, recurring ones
 * (RRULE, RDATE, EXDATE, RECURRENCE-ID overrides) expanded by ical.js up to `until` (at most
 * `maxPerEvent` occurrences each, and a budget of iterator steps per event and per file: an event
 * past it keeps the occurrences found so far, with a warning), others as they are. Linear in the
 * number of VEVENTs: each event is given its own overrides (ical.js would otherwise search the whole
 * calendar for them, once per event).
 */
export function calendarOccurrences(source: string, options: CalendarOccurrencesOptions): Occurrence[] {
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

  const until = ICAL.Time.fromJSDate(options.until.toJSDate(), true)
  const max = options.maxPerEvent ?? 1000
  const ruleSteps = options.maxRuleSteps ?? MAX_RULE_STEPS
  let fileSteps = options.maxFileSteps ?? MAX_FILE_STEPS
  const warn = options.warn ?? (() => {})
  const found: Occurrence[] = []
  const unexpanded: string[] = []
  for (const [uid, master] of masters) {
    // The exceptions given (none is a list too): ical.js then does not scan the calendar for them.
    const event = new ICAL.Event(master, { exceptions: overrides.get(uid) ?? [] })
    overrides.delete(uid)
    if (!master.hasProperty('dtstart')) throw new CalendarParseError(`event "${uid}" has no DTSTART`)
    if (!event.isRecurring()) {
      found.push(occurrence(event, event.startDate, event.endDate, uid, options.siteZone))
      continue
    }
    if (fileSteps <= 0) {
      unexpanded.push(uid)
      continue
    }
    const iterator = event.iterator()
    let steps = 0
    countSteps(iterator, () => {
      fileSteps--
      if (++steps > ruleSteps || fileSteps < 0) throw new StepBudgetSpent()
    })
    let count = 0
    try {
      for (let next = iterator.next(); next && next.compare(until) <= 0 && count < max; next = iterator.next(), count++) {
        const details = event.getOccurrenceDetails(next)
        const key = `${uid}#${details.recurrenceId.toJSDate().toISOString()}`
        found.push(occurrence(details.item, details.startDate, details.endDate, key, options.siteZone))
      }
    } catch (error) {
      if (!(error instanceof StepBudgetSpent)) throw error
      const budget = steps > ruleSteps ? `${ruleSteps} steps an event may take` : `file's ${options.maxFileSteps ?? MAX_FILE_STEPS} steps`
      warn(`event "${uid}": its recurrence rule ${count ? `stopped after ${count} occurrences` : 'gave no occurrence'} within the ${budget}; ${count ? 'those are imported' : 'skipped'}`)
    }
  }
  if (unexpanded.length) {
    warn(`${unexpanded.length} recurring events skipped (the first "${unexpanded[0]}"): the file's ${options.maxFileSteps ?? MAX_FILE_STEPS} recurrence steps are spent`)
  }
  // Overrides without their master, and events without a UID, stand alone.
  for (const [uid, list] of overrides) for (const c of list) {
    const event = new ICAL.Event(c, { exceptions: [] })
    found.push(occurrence(event, event.startDate, event.endDate, `${uid}#${event.recurrenceId!.toJSDate().toISOString()}`, options.siteZone))
  }
  for (const c of loose) {
    const event = new ICAL.Event(c, { exceptions: [] })
    found.push(occurrence(event, event.startDate, event.endDate, `${text(c, 'summary')}@${event.startDate?.toString()}`, options.siteZone))
  }
  return found
}
