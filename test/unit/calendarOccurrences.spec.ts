// The bounds of reading an iCalendar file (import:ics): work grows with the number of VEVENTs, not
// with its square, and a recurrence rule that never yields an occurrence stops at a step budget.
import { describe, expect, it, jest } from '@jest/globals'
import ICAL from 'ical.js'
import { DateTime } from 'luxon'
import { calendarOccurrences } from '../../src/ical/calendarOccurrences.js'

const calendar = (events: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...events, 'END:VCALENDAR', ''].join('\r\n')
const vevent = (uid: string, lines: string[] = []) =>
  // The given lines first: a property's first value is the one read (SUMMARY:moved before the default).
  ['BEGIN:VEVENT', `UID:${uid}`, ...lines, 'DTSTAMP:20270101T000000Z', 'DTSTART:20270101T100000Z', 'DTEND:20270101T110000Z', `SUMMARY:${uid}`, 'END:VEVENT'].join('\r\n')
const options = { until: DateTime.fromISO('2027-12-31T23:59:59Z'), siteZone: 'UTC' }

describe('calendarOccurrences', () => {
  it('reads the events of a calendar with a number of lookups that does not grow with their count', () => {
    // ical.js looks for an event's overrides among every VEVENT of its calendar unless it is given
    // them: one full scan per event made reading a file quadratic.
    const lookups = (count: number) => {
      const spy = jest.spyOn(ICAL.Component.prototype, 'getAllSubcomponents')
      try {
        const events = Array.from({ length: count }, (_, i) => vevent(`e${i}`))
        // Some recurring with an override, some without UID: every path of the reading.
        events.push(vevent('weekly', ['RRULE:FREQ=WEEKLY;COUNT=3']), vevent('weekly', ['RECURRENCE-ID:20270108T100000Z', 'SUMMARY:moved']))
        events.push(vevent('lost', ['RECURRENCE-ID:20270108T100000Z']), vevent('').replace('UID:\r\n', ''))
        const found = calendarOccurrences(calendar(events), options)
        expect(found).toHaveLength(count + 3 + 1 + 1)
        expect(found.find((o) => o.key === 'weekly#2027-01-08T10:00:00.000Z')?.title).toBe('moved')
        return spy.mock.calls.length
      } finally {
        spy.mockRestore()
      }
    }
    const small = lookups(100)
    expect(small).toBeGreaterThan(0)
    expect(lookups(400)).toBe(small)
  })

  it('stops a rule that never yields an occurrence within its step budget, warns, and reads the rest', () => {
    const warnings: string[] = []
    const source = calendar([
      vevent('impossible', ['RRULE:FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=30']),
      vevent('daily', ['RRULE:FREQ=DAILY;COUNT=3']),
    ])
    const found = calendarOccurrences(source, { ...options, until: DateTime.fromISO('2027-01-02T23:59:59Z'), maxRuleSteps: 5_000, warn: (line) => warnings.push(line) })
    expect(found.map((o) => o.key)).toEqual(['daily#2027-01-01T10:00:00.000Z', 'daily#2027-01-02T10:00:00.000Z'])
    expect(warnings).toEqual(['event "impossible": its recurrence rule gave no occurrence within the 5000 steps an event may take; skipped'])
  })

  it('spends a file-wide step budget across events, then skips the remaining recurring ones with one warning', () => {
    const warnings: string[] = []
    const impossible = Array.from({ length: 50 }, (_, i) => vevent(`x${i}`, ['RRULE:FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=30']))
    const found = calendarOccurrences(calendar([...impossible, vevent('single')]), { ...options, maxRuleSteps: 1_000, maxFileSteps: 3_000, warn: (line) => warnings.push(line) })
    expect(found.map((o) => o.key)).toEqual(['single'])
    expect(warnings).toHaveLength(4)
    expect(warnings[3]).toBe('47 recurring events skipped (the first "x3"): the file\'s 3000 recurrence steps are spent')
  })
})
