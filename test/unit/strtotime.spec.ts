import { describe, expect, it } from '@jest/globals'
import { DateTime } from 'luxon'
import { parseTime } from '../../endpoints/dates/parseTime.js'

// A fixed "now": Saturday 7 March 2026, 10:30 in New York, the day before its change to summer time
// (8 March, 02:00 → 03:00), so "tomorrow" and "+1 day" land on the other side of it.
const NY = 'America/New_York'
const NOW = DateTime.fromISO('2026-03-07T10:30:00', { zone: NY })

// Each row: input → the instant expected, written in ISO with its offset. The list of date forms in
// docs/api.md, Dates accepted, is this table.
const TABLE: Array<[string, string]> = [
  // Unix timestamps
  ['1798761600', '2027-01-01T00:00:00Z'],
  ['@1798761600', '2027-01-01T00:00:00Z'],
  // ISO 8601 and SQL, with and without a zone
  ['2027-03-01', '2027-03-01T00:00:00-05:00'],
  ['20270301', '2027-03-01T00:00:00-05:00'],
  ['2027-03-01 20:00:00', '2027-03-01T20:00:00-05:00'],
  ['2027-03-01 20:00', '2027-03-01T20:00:00-05:00'],
  ['2027-03-01T20:00:00', '2027-03-01T20:00:00-05:00'],
  ['2027-03-01T20:00:00Z', '2027-03-01T20:00:00Z'],
  ['2027-03-01T20:00:00+02:00', '2027-03-01T18:00:00Z'],
  ['2027-03-01 20:00 UTC', '2027-03-01T20:00:00Z'],
  // written dates and 12-hour times
  ['2018-01-01 4pm', '2018-01-01T16:00:00-05:00'],
  ['January 1 2018 4pm', '2018-01-01T16:00:00-05:00'],
  ['January 1, 2018', '2018-01-01T00:00:00-05:00'],
  ['1 January 2018 16:30', '2018-01-01T16:30:00-05:00'],
  ['Jan 1 2018', '2018-01-01T00:00:00-05:00'],
  ['01/02/2018', '2018-01-02T00:00:00-05:00'],
  ['02.01.2018', '2018-01-02T00:00:00-05:00'],
  ['02-01-2018', '2018-01-02T00:00:00-05:00'],
  // words for days and times
  ['now', '2026-03-07T10:30:00-05:00'],
  ['today', '2026-03-07T00:00:00-05:00'],
  ['midnight', '2026-03-07T00:00:00-05:00'],
  ['noon', '2026-03-07T12:00:00-05:00'],
  ['tomorrow', '2026-03-08T00:00:00-05:00'],
  ['tomorrow noon', '2026-03-08T12:00:00-04:00'],
  ['yesterday 23:59', '2026-03-06T23:59:00-05:00'],
  // relative amounts (a day is a calendar day: 10:30 stays 10:30 across the change)
  ['+1 day', '2026-03-08T10:30:00-04:00'],
  ['+1 month', '2026-04-07T10:30:00-04:00'],
  ['-2 hours', '2026-03-07T08:30:00-05:00'],
  ['+1 week 2 days', '2026-03-16T10:30:00-04:00'],
  ['2 weeks ago', '2026-02-21T10:30:00-05:00'],
  ['next year', '2027-03-07T10:30:00-05:00'],
  ['last month', '2026-02-07T10:30:00-05:00'],
  // weekdays
  ['next friday', '2026-03-13T00:00:00-04:00'],
  ['last monday', '2026-03-02T00:00:00-05:00'],
  ['friday', '2026-03-13T00:00:00-04:00'],
  ['monday next week', '2026-03-09T00:00:00-04:00'],
  ['saturday this week', '2026-03-07T00:00:00-05:00'],
  // first/last day of, and the nth weekday of a month
  ['first day of next month', '2026-04-01T10:30:00-04:00'],
  ['last day of this month', '2026-03-31T10:30:00-04:00'],
  ['first day of january 2027', '2027-01-01T00:00:00-05:00'],
  ['first monday of next month', '2026-04-06T00:00:00-04:00'],
  ['last friday of january 2027', '2027-01-29T00:00:00-05:00'],
  ['second tuesday of this month', '2026-03-10T00:00:00-04:00'],
  ['first friday of january 2027 20:00', '2027-01-01T20:00:00-05:00'],
  ['last sat of next month 9:30am', '2026-04-25T09:30:00-04:00'],
  // a wall clock inside the skipped hour moves forward, as PHP does
  ['2026-03-08 02:30', '2026-03-08T03:30:00-04:00'],
]

const REFUSED = ['', '   ', 'not a date', 'abc 2027', 'next blursday', '2027-13-45', '1e400', 'first blursday of next month', 'a'.repeat(101)]

describe('parseTime (PHP strtotime grammar)', () => {
  it.each(TABLE)('%s', (input, expected) => {
    const found = parseTime(input, NY, NOW)
    expect(found?.toUTC().toISO({ suppressMilliseconds: true })).toBe(DateTime.fromISO(expected, { setZone: true }).toUTC().toISO({ suppressMilliseconds: true }))
  })

  it.each(REFUSED)('refuses %j', (input) => {
    expect(parseTime(input, NY, NOW)).toBeNull()
  })

  it('reads wall clocks in the zone it is given and relative forms from now in that zone', () => {
    const berlin = parseTime('2027-03-01 20:00', 'Europe/Berlin', NOW)
    expect(berlin?.toUTC().toISO()).toBe('2027-03-01T19:00:00.000Z')
    // 10:30 in New York is 16:30 in Berlin, so "today" there is the same date, at Berlin's midnight.
    expect(parseTime('today', 'Europe/Berlin', NOW)?.toUTC().toISO()).toBe('2026-03-06T23:00:00.000Z')
    // Berlin changes to summer time on 29 March: "last day of this month" at 16:30 is after it.
    expect(parseTime('last day of this month', 'Europe/Berlin', NOW)?.toISO()).toBe('2026-03-31T16:30:00.000+02:00')
    // Late evening in New York is already tomorrow in Tokyo.
    const late = DateTime.fromISO('2026-03-07T23:00:00', { zone: NY })
    expect(parseTime('today', 'Asia/Tokyo', late)?.toISODate()).toBe('2026-03-08')
  })

  it('gives the same answer whatever the process zone is (the grammar never reads it)', () => {
    const before = process.env.TZ
    const answers: string[] = []
    try {
      for (const tz of ['UTC', 'Pacific/Auckland', 'America/Los_Angeles']) {
        process.env.TZ = tz
        answers.push(String(parseTime('first monday of next month 9am', NY, NOW)?.toISO()) + parseTime('monday next week', NY, NOW)?.toISO())
      }
    } finally {
      process.env.TZ = before
    }
    expect(answers).toHaveLength(3)
    expect(new Set(answers).size).toBe(1)
  })

  it('leaves the global Date as it was, even after a refusal', () => {
    const before = globalThis.Date
    parseTime('not a date', NY, NOW)
    parseTime('next friday', NY, NOW)
    expect(globalThis.Date).toBe(before)
  })
})
