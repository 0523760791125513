// The recurrence library against an independent implementation: random rules (FREQ daily to yearly,
// INTERVAL, BYDAY with and without positions, BYMONTHDAY, BYMONTH, BYSETPOS, COUNT or UNTIL) started in
// random IANA zones, expanded by lib/recurrence (rrule-temporal on wall clocks) and by ical.js (its own
// recurrence engine, reading the zone from the VTIMEZONE this service writes into its feeds), must
// give the same instants. Where a wall clock does not exist (DST gap) or exists twice (fold), ical.js
// resolves it its own way; there the expected instant is the documented policy: shifted forward by
// the gap, the earlier of the two. ical.js mishandles a DTSTART the rule does not match (it leaves it
// out, and with BYSETPOS picks wrong days in its first month), so each case starts on a date the rule
// makes: the second occurrence lib/recurrence gives from a random date (a wrong one fails the
// comparison, as ical.js would not make it).
import { describe, expect, it } from '@jest/globals'
import fc from 'fast-check'
import ICAL from 'ical.js'
import { DateTime } from 'luxon'
import { expandRecurrence, parseRecurrence } from '../../lib/recurrence/index.js'
import { vtimezone } from '../../src/ical/vtimezone.js'

const ZONES = ['America/New_York', 'Europe/London', 'Europe/Paris', 'Australia/Sydney', 'Australia/Lord_Howe', 'Pacific/Auckland', 'America/Santiago', 'America/St_Johns', 'Asia/Kolkata', 'Asia/Tokyo', 'America/Los_Angeles', 'Asia/Jerusalem', 'UTC']
const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU']
const DAY = 86_400_000
const pad = (n: number) => String(n).padStart(2, '0')

const offset = (zone: string, ms: number) => DateTime.fromMillis(ms, { zone }).offset * 60_000

/** RFC 5545 section 3.3.5 with this service's gap policy: a skipped wall clock read with the offset before the gap, a repeated one the earlier instant. */
function policyInstant(wall: number, zone: string): number {
  const before = offset(zone, wall - DAY)
  const after = offset(zone, wall + DAY)
  const valid = [wall - before, wall - after].filter((t, i) => offset(zone, t) === (i === 0 ? before : after))
  return valid.length ? Math.min(...valid) : wall - before
}

const ruleArb = fc.oneof(
  fc.record({ freq: fc.constant('DAILY'), interval: fc.integer({ min: 1, max: 3 }), byday: fc.option(fc.subarray(WEEKDAYS, { minLength: 1 }), { nil: undefined }) }),
  fc.record({ freq: fc.constant('WEEKLY'), interval: fc.integer({ min: 1, max: 3 }), byday: fc.option(fc.subarray(WEEKDAYS, { minLength: 1 }), { nil: undefined }) }),
  fc.record({
    freq: fc.constant('MONTHLY'),
    interval: fc.integer({ min: 1, max: 3 }),
    by: fc.oneof(
      fc.record({ kind: fc.constant('nth'), n: fc.constantFrom(1, 2, 3, 4, -1, -2), day: fc.constantFrom(...WEEKDAYS) }),
      fc.record({ kind: fc.constant('monthday'), days: fc.subarray([1, 2, 10, 15, 28, 29, 30, 31, -1, -2], { minLength: 1, maxLength: 3 }) }),
      fc.record({ kind: fc.constant('setpos'), days: fc.subarray(WEEKDAYS, { minLength: 1 }), pos: fc.constantFrom(1, 2, -1, -2) }),
      fc.constant({ kind: 'none' }),
    ),
  }),
  fc.record({
    freq: fc.constant('YEARLY'),
    interval: fc.integer({ min: 1, max: 2 }),
    bymonth: fc.option(fc.subarray([1, 2, 3, 4, 6, 10, 11, 12], { minLength: 1, maxLength: 3 }), { nil: undefined }),
    nth: fc.option(fc.record({ n: fc.constantFrom(1, 2, -1), day: fc.constantFrom(...WEEKDAYS) }), { nil: undefined }),
  }),
)

type RuleSpec = { freq: string; interval: number; byday?: string[]; by?: { kind: string; n?: number; day?: string; days?: Array<number | string>; pos?: number }; bymonth?: number[]; nth?: { n: number; day: string } }

function ruleParts(r: RuleSpec): string {
  const parts = [`FREQ=${r.freq}`]
  if (r.interval > 1) parts.push(`INTERVAL=${r.interval}`)
  if (r.byday) parts.push(`BYDAY=${r.byday.join(',')}`)
  if (r.by?.kind === 'nth') parts.push(`BYDAY=${r.by.n}${r.by.day}`)
  if (r.by?.kind === 'monthday') parts.push(`BYMONTHDAY=${r.by.days!.join(',')}`)
  if (r.by?.kind === 'setpos') parts.push(`BYDAY=${r.by.days!.join(',')}`, `BYSETPOS=${r.by.pos}`)
  if (r.bymonth) parts.push(`BYMONTH=${r.bymonth.join(',')}`)
  if (r.nth) parts.push(`BYDAY=${r.nth.n}${r.nth.day}`)
  return parts.join(';')
}

/** ical.js's starts (epoch ms) before `horizon`, with the gap and fold policy applied where the wall clock is not unique. */
function icalStarts(zone: string, wall: number, rrule: string, horizon: number): number[] {
  const dtstart = DateTime.fromMillis(wall, { zone: 'UTC' }).toFormat("yyyyMMdd'T'HHmmss")
  if (zone !== 'UTC' && !ICAL.TimezoneService.has(zone)) {
    ICAL.TimezoneService.register(new ICAL.Component(ICAL.parse(`BEGIN:VCALENDAR\r\n${vtimezone(zone, 2020, 2035)!}\r\nEND:VCALENDAR`)).getFirstSubcomponent('vtimezone')!)
  }
  const text = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', 'BEGIN:VEVENT', 'UID:1', 'DTSTAMP:20260101T000000Z', zone === 'UTC' ? `DTSTART:${dtstart}Z` : `DTSTART;TZID=${zone}:${dtstart}`, `RRULE:${rrule}`, 'END:VEVENT', 'END:VCALENDAR'].join('\r\n')
  const iterator = new ICAL.Event(new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!).iterator()
  const out: number[] = []
  for (let step = 0; step < 5000; step++) {
    const next = iterator.next()
    if (!next) break
    const local = Date.UTC(next.year, next.month - 1, next.day, next.hour, next.minute, next.second)
    const instant = next.toUnixTime() * 1000
    const unique = instant + offset(zone, instant) === local && policyInstant(local, zone) === instant
    const at = unique ? instant : policyInstant(local, zone)
    if (at >= horizon) break
    out.push(at)
  }
  return out
}

describe('expansion agrees with ical.js on random rules in random zones', () => {
  it('the same instants, in order (200 rules)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.date({ min: new Date('2024-01-01T00:00:00Z'), max: new Date('2029-12-31T00:00:00Z'), noInvalidDate: true }),
        fc.integer({ min: 0, max: 23 }),
        fc.constantFrom(0, 15, 30, 45),
        ruleArb,
        fc.oneof(fc.record({ count: fc.integer({ min: 1, max: 40 }) }), fc.record({ untilDays: fc.integer({ min: 0, max: 900 }) })),
        (zone, day, hour, minute, rule, end) => {
          const rrule = (until?: string) => `${ruleParts(rule as RuleSpec)};${until ? `UNTIL=${until}` : `COUNT=${'count' in end ? end.count : 1}`}`
          const expand = (wall: number, until?: string) => {
            const start = policyInstant(wall, zone)
            const horizon = start + 2 * 366 * DAY
            const parsed = parseRecurrence([`RRULE:${rrule(until)}`], { start, end: start + 3_600_000, timezone: zone, allDay: false }, { horizonEnd: horizon, maxOccurrences: 5000 })
            if (!parsed.ok) throw new Error(parsed.reasons.join('; '))
            return { start, horizon, occurrences: expandRecurrence(parsed.series, { horizonEnd: horizon }) }
          }
          // Days 29 to 31 from DTSTART alone: ical.js rolls 29 February into 1 March where RFC 5545 skips the year (tested on its own).
          const random = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), Math.min(day.getUTCDate(), 28), hour, minute)
          const second = expand(random, 'untilDays' in end ? '20991231T000000Z' : undefined).occurrences[1]
          fc.pre(second !== undefined)
          const wall = Date.parse(`${second!.startLocal.slice(0, 10)}T${pad(hour)}:${pad(minute)}:00Z`)
          const until = 'untilDays' in end ? DateTime.fromMillis(policyInstant(wall, zone) + end.untilDays * DAY, { zone: 'UTC' }).toFormat("yyyyMMdd'T'HHmmss'Z'") : undefined
          const { start, horizon, occurrences } = expand(wall, until)
          // The event's stored start is a wall clock that exists.
          fc.pre(start + offset(zone, start) === wall)
          const iso = (list: number[]) => list.map((ms) => new Date(ms).toISOString())
          const ours = occurrences.map((o) => o.start.getTime())
          const theirs = icalStarts(zone, wall, rrule(until), horizon)
          expect({ zone, rrule: rrule(until), starts: iso(ours) }).toEqual({ zone, rrule: rrule(until), starts: iso(theirs) })
        },
      ),
      { numRuns: 200, seed: Number(process.env.RECURRENCE_SEED ?? 20261127) },
    )
  })
})
