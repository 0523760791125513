import { describe, expect, it } from '@jest/globals'
import fc from 'fast-check'
import { parseRecurrence } from '../../lib/recurrence/index.js'
import { instantOf, wallOf } from '../../lib/recurrence/zoneTime.js'
import { type RecurrenceForm, type SeriesContext, WEEKDAYS, defaultForm, describeForm, formToLines, linesOfValue, linesToForm } from '../../src/admin/recurrenceLines.js'

// The admin's recurrence editor (src/admin/RecurrenceField.tsx) turns its form into RFC 5545 lines and
// back (src/admin/recurrenceLines.ts). What it writes must be what the server accepts, and what the
// server stores (its canonical lines: RDATE, EXDATE and UNTIL in UTC) must read back as the same form.

// Monday 1 March 2027, 19:00–21:00 in New York (EST); clocks move to EDT on Sunday 14 March.
const timed: SeriesContext = { zone: 'America/New_York', allDay: false, start: '2027-03-02T00:00:00.000Z' }
const END = '2027-03-02T02:00:00.000Z'
// Monday 1 March 2027, all day in Tokyo (its midnight is 15:00 UTC the day before).
const allDay: SeriesContext = { zone: 'Asia/Tokyo', allDay: true, start: '2027-02-28T15:00:00.000Z' }
const ALL_DAY_END = '2027-03-01T14:59:59.000Z'

const form = (ctx: SeriesContext, patch: Partial<RecurrenceForm>): RecurrenceForm => ({ ...defaultForm(ctx), ...patch })

/** The server's reading of the lines for the event (what validation and storage do). */
function server(lines: string[], ctx: SeriesContext) {
  const parsed = parseRecurrence(lines, { start: ctx.start!, end: ctx.allDay ? ALL_DAY_END : END, timezone: ctx.zone, allDay: ctx.allDay }, { horizonEnd: '2028-06-01T00:00:00Z', maxOccurrences: 5000 })
  if (!parsed.ok) throw new Error(`refused: ${parsed.reasons.join('; ')}`)
  return parsed.series
}

describe('the form as lines', () => {
  it('an event that does not repeat has no lines, and no lines read as "does not repeat"', () => {
    expect(formToLines(defaultForm(timed), timed)).toEqual([])
    expect(linesToForm([], timed)).toEqual({ ok: true, form: defaultForm(timed) })
    expect(linesOfValue(null)).toEqual([])
    expect(linesOfValue(undefined)).toEqual([])
    expect(linesOfValue('RRULE:FREQ=DAILY\n\n')).toEqual(['RRULE:FREQ=DAILY'])
    expect(linesOfValue({ not: 'lines' })).toBeNull()
  })

  it('defaults come from the start: its weekday, its day of the month, its place in the month', () => {
    const d = defaultForm(timed)
    expect(d).toMatchObject({ weekdays: ['MO'], monthDay: 1, position: 1, weekday: 'MO', until: '2027-06-01' })
    // Monday 29 March 2027 is the fifth Monday: offered as the last one.
    expect(defaultForm({ ...timed, start: '2027-03-29T23:00:00.000Z' })).toMatchObject({ position: -1, weekday: 'MO', monthDay: 29 })
  })

  it('weekly on chosen days, every 2 weeks, 10 times', () => {
    const f = form(timed, { frequency: 'WEEKLY', interval: 2, weekdays: ['TH', 'MO'], ends: 'after', count: 10 })
    expect(formToLines(f, timed)).toEqual(['RRULE:FREQ=WEEKLY;INTERVAL=2;COUNT=10;BYDAY=MO,TH'])
    expect(describeForm(f)).toBe('Every 2 weeks on Monday and Thursday, 10 times')
  })

  it('parts the start implies are left out (the rule follows the start), and read back from it', () => {
    expect(formToLines(form(timed, { frequency: 'WEEKLY' }), timed)).toEqual(['RRULE:FREQ=WEEKLY'])
    expect(formToLines(form(timed, { frequency: 'MONTHLY', monthDay: 1 }), timed)).toEqual(['RRULE:FREQ=MONTHLY'])
    expect(formToLines(form(timed, { frequency: 'MONTHLY', monthDay: 15 }), timed)).toEqual(['RRULE:FREQ=MONTHLY;BYMONTHDAY=15'])
    const read = linesToForm(['RRULE:FREQ=WEEKLY'], timed)
    expect(read.ok && read.form.weekdays).toEqual(['MO'])
  })

  it('monthly on the nth weekday, the last one included', () => {
    expect(formToLines(form(timed, { frequency: 'MONTHLY', monthly: 'weekday', position: 2, weekday: 'TU' }), timed)).toEqual(['RRULE:FREQ=MONTHLY;BYDAY=2TU'])
    const last = form(timed, { frequency: 'MONTHLY', monthly: 'weekday', position: -1, weekday: 'FR' })
    expect(formToLines(last, timed)).toEqual(['RRULE:FREQ=MONTHLY;BYDAY=-1FR'])
    expect(describeForm(last)).toBe('Monthly on the last Friday')
    expect(linesToForm(['RRULE:FREQ=MONTHLY;BYDAY=-1FR'], timed)).toEqual({ ok: true, form: last })
  })

  it('ends on a date: the whole last day in the event’s zone, as UTC (timed), or a date (all day)', () => {
    // 30 June 2027 23:59:59 in New York (EDT, UTC−4) is 03:59:59 UTC on 1 July.
    expect(formToLines(form(timed, { frequency: 'DAILY', ends: 'on', until: '2027-06-30' }), timed)).toEqual(['RRULE:FREQ=DAILY;UNTIL=20270701T035959Z'])
    expect(formToLines(form(allDay, { frequency: 'YEARLY', ends: 'on', until: '2031-03-01' }), allDay)).toEqual(['RRULE:FREQ=YEARLY;UNTIL=20310301'])
    // An UNTIL before the start's time of day ends the day before; a date or a floating time reads as written.
    const until = (value: string) => {
      const read = linesToForm([`RRULE:FREQ=DAILY;UNTIL=${value}`], timed)
      return read.ok ? read.form.until : read.reason
    }
    expect(until('20270701T035959Z')).toBe('2027-06-30')
    expect(until('20270630T120000Z')).toBe('2027-06-29')
    expect(until('20270630')).toBe('2027-06-30')
    expect(until('20270630T190000')).toBe('2027-06-30')
  })

  it('extra and excluded dates are wall clocks in the event’s zone; stored UTC values read back as such', () => {
    const f = form(timed, { frequency: 'WEEKLY', extraDates: ['2027-03-18T20:30'], excludedDates: ['2027-03-15', '2027-03-08'] })
    const lines = formToLines(f, timed)
    expect(lines).toEqual(['RRULE:FREQ=WEEKLY', 'RDATE:20270318T203000', 'EXDATE:20270308T190000,20270315T190000'])
    // The server stores them in UTC: 15 March 19:00 EDT is 23:00 UTC, 8 March 19:00 EST is 00:00 UTC on the 9th.
    const stored = server(lines, timed).lines
    expect(stored).toEqual(['RRULE:FREQ=WEEKLY', 'RDATE:20270319T003000Z', 'EXDATE:20270309T000000Z,20270315T230000Z'])
    expect(linesToForm(stored, timed)).toEqual({ ok: true, form: { ...f, excludedDates: ['2027-03-08', '2027-03-15'] } })
    // With TZID, in another zone: 1:30 in Paris on 19 March is 20:30 the day before in New York.
    const paris = linesToForm(['RDATE;TZID=Europe/Paris:20270319T013000'], timed)
    expect(paris.ok && paris.form.extraDates).toEqual(['2027-03-18T20:30'])
  })

  it('an extra date in the spring-forward gap is stored an hour later, as the server reads such a time', () => {
    const lines = formToLines(form(timed, { extraDates: ['2027-03-14T02:30'] }), timed)
    expect(lines).toEqual(['RDATE:20270314T023000'])
    const stored = server(lines, timed).lines
    expect(stored).toEqual(['RDATE:20270314T073000Z'])
    const back = linesToForm(stored, timed)
    expect(back.ok && back.form.extraDates).toEqual(['2027-03-14T03:30'])
  })

  it('an all-day series writes dates (VALUE=DATE)', () => {
    const f = form(allDay, { frequency: 'MONTHLY', extraDates: ['2027-04-10'], excludedDates: ['2027-05-01'] })
    expect(formToLines(f, allDay)).toEqual(['RRULE:FREQ=MONTHLY', 'RDATE;VALUE=DATE:20270410', 'EXDATE;VALUE=DATE:20270501'])
    expect(linesToForm(server(formToLines(f, allDay), allDay).lines, allDay)).toEqual({ ok: true, form: f })
  })

  it('lines that say more than the form offers are left to the raw lines, with the reason', () => {
    const custom = (lines: string[]) => {
      const read = linesToForm(lines, timed)
      return read.ok ? 'form' : read.reason
    }
    expect(custom(['RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU'])).toBe('the rule uses BYMONTH')
    expect(custom(['EXRULE:FREQ=WEEKLY'])).toBe('EXRULE lines are not offered')
    expect(custom(['RRULE:FREQ=MONTHLY;BYDAY=MO,TU'])).toBe('BYDAY=MO,TU')
    expect(custom(['RRULE:FREQ=DAILY', 'RRULE:FREQ=WEEKLY'])).toBe('more than one RRULE')
    expect(custom(['EXDATE;VALUE=DATE:20270308'])).toBe('EXDATE;VALUE=DATE on a timed event')
    expect(custom(['EXDATE:20270308T120000'])).toBe('EXDATE at 2027-03-08 12:00, not the event\'s time of day')
    expect(custom(['not a line'])).toBe('"not a line" is not an RFC 5545 line')
  })
})

describe('round trips through the server', () => {
  const weekdays = fc.uniqueArray(fc.constantFrom(...WEEKDAYS), { minLength: 1, maxLength: 7 })
  const day = fc.integer({ min: 0, max: 400 }).map((n) => new Date(Date.UTC(2027, 2, 2 + n)).toISOString().slice(0, 10))
  // Wall clocks that exist in New York (one in the spring-forward gap is stored shifted: tested above).
  const minute = fc
    .tuple(day, fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 15, 30, 45))
    .map(([d, h, m]) => `${d}T${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`)
    .filter((text) => {
      const wall = Date.parse(`${text}:00Z`)
      return wallOf(instantOf(wall, timed.zone), timed.zone) === wall
    })
  const formOf = (ctx: SeriesContext) =>
    fc.record({
      frequency: fc.constantFrom('none', 'DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'),
      interval: fc.integer({ min: 1, max: 4 }),
      weekdays,
      monthly: fc.constantFrom('day', 'weekday'),
      monthDay: fc.integer({ min: 1, max: 31 }),
      position: fc.constantFrom(1, 2, 3, 4, -1),
      weekday: fc.constantFrom(...WEEKDAYS),
      ends: fc.constantFrom('never', 'on', 'after'),
      until: day,
      count: fc.integer({ min: 1, max: 60 }),
      extraDates: fc.uniqueArray(ctx.allDay ? day : minute, { maxLength: 3 }),
      excludedDates: fc.uniqueArray(day, { maxLength: 3 }),
    }) as fc.Arbitrary<RecurrenceForm>

  for (const [name, ctx] of [
    ['timed, New York', timed],
    ['all day, Tokyo', allDay],
  ] as const) {
    it(`${name}: form → lines the server accepts → its stored lines → the same lines`, () => {
      let repeating = 0
      fc.assert(
        fc.property(formOf(ctx), (f) => {
          const lines = formToLines(f, ctx)
          const stored = server(lines, ctx).lines
          const back = linesToForm(stored, ctx)
          expect(back.ok).toBe(true)
          if (back.ok) expect(formToLines(back.form, ctx)).toEqual(lines)
          // And the form's own lines read back as the form they came from.
          const own = linesToForm(lines, ctx)
          if (own.ok) expect(formToLines(own.form, ctx)).toEqual(lines)
          if (f.frequency !== 'none') repeating++
        }),
        { numRuns: 200 },
      )
      expect(repeating).toBeGreaterThan(80)
    })
  }
})
