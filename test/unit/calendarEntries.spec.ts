// Reading an iCalendar file (import:ics): work grows with the number of VEVENTs, not with its square;
// a recurring VEVENT is one series in the event model's form, its overrides changed or cancelled
// occurrences; a rule the model refuses keeps the event as its first occurrence, with a warning; and
// in a zone only the file defines, a rule that never yields an occurrence stops at a step budget.
import { describe, expect, it, jest } from '@jest/globals'
import ICAL from 'ical.js'
import { calendarEntries } from '../../src/ical/calendarEntries.js'

const calendar = (events: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...events, 'END:VCALENDAR', ''].join('\r\n')
const vevent = (uid: string, lines: string[] = [], start = ['DTSTART:20270101T100000Z', 'DTEND:20270101T110000Z']) =>
  // The given lines first: a property's first value is the one read (SUMMARY:moved before the default).
  ['BEGIN:VEVENT', `UID:${uid}`, ...lines, 'DTSTAMP:20270101T000000Z', ...start, `SUMMARY:${uid}`, 'END:VEVENT'].join('\r\n')
const options = { siteZone: 'UTC', limits: { horizonMonths: 24, maxOccurrences: 1000 }, now: new Date('2027-01-01T00:00:00Z') }

/** A zone only the file defines, with daylight saving time (no IANA name to keep). */
const CUSTOM_ZONE = [
  'BEGIN:VTIMEZONE', 'TZID:Custom Eastern',
  'BEGIN:STANDARD', 'DTSTART:19701101T020000', 'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU', 'TZOFFSETFROM:-0400', 'TZOFFSETTO:-0500', 'END:STANDARD',
  'BEGIN:DAYLIGHT', 'DTSTART:19700308T020000', 'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU', 'TZOFFSETFROM:-0500', 'TZOFFSETTO:-0400', 'END:DAYLIGHT',
  'END:VTIMEZONE',
].join('\r\n')
const customStart = ['DTSTART;TZID=Custom Eastern:20270301T190000', 'DTEND;TZID=Custom Eastern:20270301T200000']
const NEVER = 'RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30'

describe('calendarEntries', () => {
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
        const found = calendarEntries(calendar(events), options)
        expect(found).toHaveLength(count + 2 + 1 + 1)
        expect(found.find((o) => o.key === 'weekly#2027-01-08T10:00:00.000Z')).toMatchObject({ kind: 'changed', title: 'moved', series: 'weekly', originalStart: '2027-01-08T10:00:00.000Z' })
        return spy.mock.calls.length
      } finally {
        spy.mockRestore()
      }
    }
    const small = lookups(100)
    expect(small).toBeGreaterThan(0)
    expect(lookups(400)).toBe(small)
  })

  it('keeps a series as one entry, its lines in the model form, before its changed and cancelled occurrences', () => {
    const found = calendarEntries(
      calendar([
        vevent('c-override', ['RECURRENCE-ID;TZID=Europe/Paris:20270315T190000', 'STATUS:CANCELLED']),
        vevent('c-override', ['RECURRENCE-ID;TZID=Europe/Paris:20270405T190000', 'SUMMARY:Later'], ['DTSTART;TZID=Europe/Paris:20270405T200000', 'DTEND;TZID=Europe/Paris:20270405T210000']),
        vevent('c-override', ['RRULE:FREQ=WEEKLY;UNTIL=20270501T000000Z', 'EXDATE;TZID=Europe/Paris:20270322T190000', 'RDATE:20270410T190000'], ['DTSTART;TZID=Europe/Paris:20270301T190000', 'DTEND;TZID=Europe/Paris:20270301T210000']),
        vevent('days', ['RRULE:FREQ=DAILY;COUNT=3', 'EXDATE;VALUE=DATE:20270102'], ['DTSTART;VALUE=DATE:20270101', 'DTEND;VALUE=DATE:20270102']),
      ]),
      options,
    )
    expect(found.map((o) => [o.kind, o.key])).toEqual([
      ['series', 'c-override'],
      ['series', 'days'],
      ['cancelled', 'c-override#2027-03-15T18:00:00.000Z'],
      ['changed', 'c-override#2027-04-05T17:00:00.000Z'],
    ])
    // EXDATE given with TZID, read as the instant; a floating RDATE is the event's wall clock.
    expect(found[0]).toMatchObject({ zone: 'Europe/Paris', startAt: '2027-03-01T18:00:00.000Z', recurrence: ['RRULE:FREQ=WEEKLY;UNTIL=20270501T000000Z', 'RDATE:20270410T170000Z', 'EXDATE:20270322T180000Z'] })
    expect(found[1]).toMatchObject({ allDay: true, recurrence: ['RRULE:FREQ=DAILY;COUNT=3', 'EXDATE;VALUE=DATE:20270102'] })
    expect(found[3]).toMatchObject({ title: 'Later', start: '2027-04-05 20:00:00', series: 'c-override' })
  })

  it('imports a rule the model refuses as its first occurrence, with a warning; its other overrides stand alone', () => {
    const warnings: string[] = []
    const found = calendarEntries(
      calendar([vevent('hourly', ['RRULE:FREQ=HOURLY;COUNT=5']), vevent('hourly', ['RECURRENCE-ID:20270101T120000Z', 'SUMMARY:noon'])]),
      { ...options, warn: (line) => warnings.push(line) },
    )
    expect(found.map((o) => [o.kind, o.key, o.title])).toEqual([
      ['single', 'hourly#2027-01-01T12:00:00.000Z', 'noon'],
      ['single', 'hourly', 'hourly'],
    ])
    expect(warnings).toEqual(['event "hourly": its recurrence is refused here (RRULE: FREQ=HOURLY repeats more than once a day; the shortest is DAILY); only its first occurrence is imported, as a single event'])
  })

  it('lists the dates of a series in a zone only the file defines, keeping its wall clock across DST', () => {
    const warnings: string[] = []
    const found = calendarEntries(calendar([CUSTOM_ZONE, vevent('weekly', ['RRULE:FREQ=WEEKLY;COUNT=3'], customStart)]), { ...options, warn: (line) => warnings.push(line) })
    // 8 March is EST, 15 March (after the change on the 14th) EDT: 19:00 local both times.
    expect(found).toMatchObject([{ kind: 'series', zone: 'UTC-5', startAt: '2027-03-02T00:00:00.000Z', recurrence: ['RDATE:20270309T000000Z,20270315T230000Z'] }])
    expect(warnings).toEqual([expect.stringMatching(/^event "weekly": its time zone "Custom Eastern" is defined by the file alone and changes offset; its occurrences until 2029-03-02 are imported as dates/)])
  })

  it('stops a rule that never yields an occurrence within its step budget, warns, and reads the rest', () => {
    const warnings: string[] = []
    const source = calendar([CUSTOM_ZONE, vevent('impossible', [NEVER], customStart), vevent('daily', ['RRULE:FREQ=DAILY;COUNT=3'])])
    const found = calendarEntries(source, { ...options, maxRuleSteps: 5_000, warn: (line) => warnings.push(line) })
    expect(found.map((o) => [o.kind, o.key])).toEqual([['single', 'impossible'], ['series', 'daily']])
    expect(warnings).toEqual(['event "impossible": its recurrence rule gave no occurrence after the first within the 5000 steps an event may take; only that one is imported, as a single event'])
  })

  it('spends a file-wide step budget across events, then imports the remaining ones as their first occurrence', () => {
    const warnings: string[] = []
    const impossible = Array.from({ length: 50 }, (_, i) => vevent(`x${i}`, [NEVER], customStart))
    const found = calendarEntries(calendar([CUSTOM_ZONE, ...impossible, vevent('single')]), { ...options, maxRuleSteps: 1_000, maxFileSteps: 3_000, warn: (line) => warnings.push(line) })
    expect(found).toHaveLength(51)
    expect(found.every((o) => o.kind === 'single')).toBe(true)
    expect(warnings).toHaveLength(50)
    expect(warnings[3]).toBe('event "x3": the file\'s 3000 recurrence steps are spent; only its first occurrence is imported, as a single event')
  })
})
