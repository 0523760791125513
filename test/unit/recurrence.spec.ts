// The recurrence library (lib/recurrence): RFC 5545's own examples as golden expansions, the DST
// policy (wall clocks kept, gaps shifted forward and counted, folds the earlier instant), UNTIL,
// EXDATE and RDATE in their forms, all-day series, and each refused input with its reason.
import { describe, expect, it } from '@jest/globals'
import { DateTime } from 'luxon'
import { expandRecurrence, parseRecurrence, type RecurrenceSeries } from '../../lib/recurrence/index.js'

const NY = 'America/New_York'

/** The UTC instant of a wall clock `YYYY-MM-DD HH:MM:SS` in a zone (luxon's reading, for fixtures). */
function at(local: string, zone: string): string {
  return DateTime.fromFormat(local, 'yyyy-MM-dd HH:mm:ss', { zone }).toUTC().toISO()!
}

interface Case {
  start: string
  end?: string
  zone?: string
  allDay?: boolean
  horizonEnd?: string
  maxOccurrences?: number
}

function series(lines: string[], c: Case): RecurrenceSeries {
  const zone = c.zone ?? NY
  const start = at(c.start, zone)
  const end = c.end ? at(c.end, zone) : DateTime.fromISO(start).plus({ hours: 1 }).toUTC().toISO()!
  const result = parseRecurrence(lines, { start, end, timezone: zone, allDay: c.allDay ?? false }, { horizonEnd: c.horizonEnd ?? '2030-01-01T00:00:00Z', maxOccurrences: c.maxOccurrences })
  if (!result.ok) throw new Error(result.reasons.join('; '))
  return result.series
}

/** Local starts of the occurrences. */
function starts(lines: string[], c: Case): string[] {
  return expandRecurrence(series(lines, c), { horizonEnd: c.horizonEnd ?? '2030-01-01T00:00:00Z' }).map((o) => o.startLocal)
}

function reasons(lines: string[], c: Partial<Case> = {}): string[] {
  const zone = c.zone ?? NY
  const start = at(c.start ?? '2026-01-06 19:00:00', zone)
  const result = parseRecurrence(lines, { start, end: start, timezone: zone, allDay: c.allDay ?? false }, { horizonEnd: c.horizonEnd ?? '2028-01-01T00:00:00Z' })
  return result.ok ? [] : result.reasons
}

const days = (list: string[], time = '09:00:00') => list.map((d) => `${d} ${time}`)

describe('RFC 5545 section 3.8.5.3 examples (DTSTART;TZID=America/New_York)', () => {
  const c = (start: string): Case => ({ start, horizonEnd: '2001-01-01T00:00:00Z' })

  it('daily for 10 occurrences', () => {
    expect(starts(['RRULE:FREQ=DAILY;COUNT=10'], c('1997-09-02 09:00:00'))).toEqual(days(['1997-09-02', '1997-09-03', '1997-09-04', '1997-09-05', '1997-09-06', '1997-09-07', '1997-09-08', '1997-09-09', '1997-09-10', '1997-09-11']))
  })

  it('daily until December 24, 1997 (UNTIL in UTC): 113 occurrences, across the October change', () => {
    const list = starts(['RRULE:FREQ=DAILY;UNTIL=19971224T000000Z'], c('1997-09-02 09:00:00'))
    expect(list).toHaveLength(113)
    expect(list.at(-1)).toBe('1997-12-23 09:00:00')
    expect(list.every((s) => s.endsWith(' 09:00:00'))).toBe(true)
  })

  it('every 10 days, 5 occurrences', () => {
    expect(starts(['RRULE:FREQ=DAILY;INTERVAL=10;COUNT=5'], c('1997-09-02 09:00:00'))).toEqual(days(['1997-09-02', '1997-09-12', '1997-09-22', '1997-10-02', '1997-10-12']))
  })

  it('weekly on Tuesday and Thursday for five weeks', () => {
    expect(starts(['RRULE:FREQ=WEEKLY;UNTIL=19971007T000000Z;WKST=SU;BYDAY=TU,TH'], c('1997-09-02 09:00:00'))).toEqual(
      days(['1997-09-02', '1997-09-04', '1997-09-09', '1997-09-11', '1997-09-16', '1997-09-18', '1997-09-23', '1997-09-25', '1997-09-30', '1997-10-02']),
    )
  })

  it('monthly on the first Friday for 10 occurrences', () => {
    expect(starts(['RRULE:FREQ=MONTHLY;COUNT=10;BYDAY=1FR'], c('1997-09-05 09:00:00'))).toEqual(
      days(['1997-09-05', '1997-10-03', '1997-11-07', '1997-12-05', '1998-01-02', '1998-02-06', '1998-03-06', '1998-04-03', '1998-05-01', '1998-06-05']),
    )
  })

  it('monthly on the second-to-last Monday for 6 months', () => {
    expect(starts(['RRULE:FREQ=MONTHLY;COUNT=6;BYDAY=-2MO'], c('1997-09-22 09:00:00'))).toEqual(days(['1997-09-22', '1997-10-20', '1997-11-17', '1997-12-22', '1998-01-19', '1998-02-16']))
  })

  it('the last work day of the month (BYSETPOS=-1)', () => {
    expect(starts(['RRULE:FREQ=MONTHLY;COUNT=7;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1'], c('1997-09-30 09:00:00'))).toEqual(
      days(['1997-09-30', '1997-10-31', '1997-11-28', '1997-12-31', '1998-01-30', '1998-02-27', '1998-03-31']),
    )
  })

  it('the third instance of a Tuesday, Wednesday or Thursday, for the next 3 months', () => {
    expect(starts(['RRULE:FREQ=MONTHLY;COUNT=3;BYDAY=TU,WE,TH;BYSETPOS=3'], c('1997-09-04 09:00:00'))).toEqual(days(['1997-09-04', '1997-10-07', '1997-11-06']))
  })

  it('monthly on the 2nd and 15th for 10 occurrences', () => {
    expect(starts(['RRULE:FREQ=MONTHLY;COUNT=10;BYMONTHDAY=2,15'], c('1997-09-02 09:00:00'))).toEqual(
      days(['1997-09-02', '1997-09-15', '1997-10-02', '1997-10-15', '1997-11-02', '1997-11-15', '1997-12-02', '1997-12-15', '1998-01-02', '1998-01-15']),
    )
  })

  it('yearly in June and July for 10 occurrences', () => {
    expect(starts(['RRULE:FREQ=YEARLY;COUNT=10;BYMONTH=6,7'], { start: '1997-06-10 09:00:00', horizonEnd: '2002-01-01T00:00:00Z' })).toEqual(
      days(['1997-06-10', '1997-07-10', '1998-06-10', '1998-07-10', '1999-06-10', '1999-07-10', '2000-06-10', '2000-07-10', '2001-06-10', '2001-07-10']),
    )
  })

  it('every Friday the 13th, DTSTART excluded by an EXDATE with TZID', () => {
    expect(starts(['EXDATE;TZID=America/New_York:19970902T090000', 'RRULE:FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13'], c('1997-09-02 09:00:00'))).toEqual(
      days(['1998-02-13', '1998-03-13', '1998-11-13', '1999-08-13', '2000-10-13']),
    )
  })

  it('every 20th Monday of the year (BYDAY=20MO), and the first occurrence is DTSTART even off the rule', () => {
    expect(starts(['RRULE:FREQ=YEARLY;BYDAY=20MO;COUNT=3'], c('1997-05-19 09:00:00'))).toEqual(days(['1997-05-19', '1998-05-18', '1999-05-17']))
    expect(starts(['RRULE:FREQ=MONTHLY;BYDAY=1FR;COUNT=3'], c('1997-09-02 09:00:00'))).toEqual(days(['1997-09-02', '1997-09-05', '1997-10-03']))
  })
})

describe('daylight saving time', () => {
  it('a wall clock in the spring-forward gap is shifted forward by the gap and still counts (New York, 02:30)', () => {
    const list = expandRecurrence(series(['RRULE:FREQ=DAILY;COUNT=4'], { start: '2026-03-07 02:30:00' }), { horizonEnd: '2027-01-01T00:00:00Z' })
    expect(list.map((o) => o.startLocal)).toEqual(['2026-03-07 02:30:00', '2026-03-08 03:30:00', '2026-03-09 02:30:00', '2026-03-10 02:30:00'])
    expect(list.map((o) => o.start.toISOString())).toEqual(['2026-03-07T07:30:00.000Z', '2026-03-08T07:30:00.000Z', '2026-03-09T06:30:00.000Z', '2026-03-10T06:30:00.000Z'])
    expect(list[1]!.originalStart).toEqual(list[1]!.start)
  })

  it('a repeated wall clock is the earlier instant (New York, 01:30 on the fall-back day)', () => {
    const list = expandRecurrence(series(['RRULE:FREQ=DAILY;COUNT=3'], { start: '2026-10-31 01:30:00' }), { horizonEnd: '2027-01-01T00:00:00Z' })
    expect(list.map((o) => o.start.toISOString())).toEqual(['2026-10-31T05:30:00.000Z', '2026-11-01T05:30:00.000Z', '2026-11-02T06:30:00.000Z'])
  })

  it('a weekly 19:00 stays 19:00 local across the change (New York, November)', () => {
    const list = expandRecurrence(series(['RRULE:FREQ=WEEKLY;COUNT=3'], { start: '2026-10-27 19:00:00', end: '2026-10-27 21:00:00' }), { horizonEnd: '2027-01-01T00:00:00Z' })
    expect(list.map((o) => [o.startLocal, o.endLocal])).toEqual([
      ['2026-10-27 19:00:00', '2026-10-27 21:00:00'],
      ['2026-11-03 19:00:00', '2026-11-03 21:00:00'],
      ['2026-11-10 19:00:00', '2026-11-10 21:00:00'],
    ])
    expect(list.map((o) => o.start.toISOString())).toEqual(['2026-10-27T23:00:00.000Z', '2026-11-04T00:00:00.000Z', '2026-11-11T00:00:00.000Z'])
  })

  it('Europe/London: 01:30 is shifted to 02:30 BST in March and is the BST instant in October', () => {
    const spring = expandRecurrence(series(['RRULE:FREQ=WEEKLY;COUNT=2'], { start: '2026-03-22 01:30:00', zone: 'Europe/London' }), { horizonEnd: '2027-01-01T00:00:00Z' })
    expect(spring.map((o) => [o.startLocal, o.start.toISOString()])).toEqual([
      ['2026-03-22 01:30:00', '2026-03-22T01:30:00.000Z'],
      ['2026-03-29 02:30:00', '2026-03-29T01:30:00.000Z'],
    ])
    const fall = expandRecurrence(series(['RRULE:FREQ=WEEKLY;COUNT=2'], { start: '2026-10-18 01:30:00', zone: 'Europe/London' }), { horizonEnd: '2027-01-01T00:00:00Z' })
    expect(fall.map((o) => o.start.toISOString())).toEqual(['2026-10-18T00:30:00.000Z', '2026-10-25T00:30:00.000Z'])
  })

  it('Australia/Sydney: a weekly 19:00 keeps its wall clock when summer time ends in April and starts in October', () => {
    const april = expandRecurrence(series(['RRULE:FREQ=WEEKLY;COUNT=2'], { start: '2026-03-29 19:00:00', zone: 'Australia/Sydney' }), { horizonEnd: '2027-01-01T00:00:00Z' })
    expect(april.map((o) => [o.startLocal, o.start.toISOString()])).toEqual([
      ['2026-03-29 19:00:00', '2026-03-29T08:00:00.000Z'],
      ['2026-04-05 19:00:00', '2026-04-05T09:00:00.000Z'],
    ])
    const october = expandRecurrence(series(['RRULE:FREQ=WEEKLY;COUNT=2'], { start: '2026-09-27 02:30:00', zone: 'Australia/Sydney' }), { horizonEnd: '2027-01-01T00:00:00Z' })
    expect(october.map((o) => o.startLocal)).toEqual(['2026-09-27 02:30:00', '2026-10-04 03:30:00'])
  })

  it('an occurrence lasts as long as the first in absolute time, so its end moves on a change day', () => {
    const list = expandRecurrence(series(['RRULE:FREQ=DAILY;COUNT=2'], { start: '2026-03-07 01:00:00', end: '2026-03-07 03:00:00' }), { horizonEnd: '2027-01-01T00:00:00Z' })
    expect(list[1]!.startLocal).toBe('2026-03-08 01:00:00')
    expect(list[1]!.endLocal).toBe('2026-03-08 04:00:00')
    expect(list[1]!.end.getTime() - list[1]!.start.getTime()).toBe(2 * 3600_000)
  })
})

describe('UNTIL, COUNT, EXDATE, RDATE', () => {
  const weekly = { start: '2026-01-06 19:00:00', horizonEnd: '2027-01-01T00:00:00Z' }
  const tuesdays = (n: number) => ['2026-01-06', '2026-01-13', '2026-01-20', '2026-01-27', '2026-02-03'].slice(0, n).map((d) => `${d} 19:00:00`)

  it('UNTIL is inclusive, in UTC, as a wall clock in the zone, or as a whole local day', () => {
    // 2026-01-27 19:00 in New York is 2026-01-28T00:00Z: an UNTIL read as local time would lose it.
    expect(starts(['RRULE:FREQ=WEEKLY;UNTIL=20260128T000000Z'], weekly)).toEqual(tuesdays(4))
    expect(starts(['RRULE:FREQ=WEEKLY;UNTIL=20260127T190000'], weekly)).toEqual(tuesdays(4))
    expect(starts(['RRULE:FREQ=WEEKLY;UNTIL=20260127'], weekly)).toEqual(tuesdays(4))
    expect(starts(['RRULE:FREQ=WEEKLY;UNTIL=20260127T235959Z'], weekly)).toEqual(tuesdays(3))
    expect(series(['RRULE:FREQ=WEEKLY;UNTIL=20260127'], weekly).lines).toEqual(['RRULE:FREQ=WEEKLY;UNTIL=20260128T045959Z'])
  })

  it('EXDATE matches the instant however it is written: in the zone, with TZID, or in UTC', () => {
    const lines = ['RRULE:FREQ=WEEKLY;COUNT=5', 'EXDATE:20260113T190000', 'EXDATE:20260121T000000Z', 'EXDATE;TZID=Europe/Paris:20260128T010000', 'EXDATE:20260203T180000']
    expect(starts(lines, weekly)).toEqual(['2026-01-06 19:00:00', '2026-02-03 19:00:00'])
  })

  it('an EXDATE date on a timed series removes that day’s occurrence', () => {
    expect(starts(['RRULE:FREQ=WEEKLY;COUNT=3', 'EXDATE;VALUE=DATE:20260113'], weekly)).toEqual(['2026-01-06 19:00:00', '2026-01-20 19:00:00'])
  })

  it('COUNT is counted before EXDATE', () => {
    expect(starts(['RRULE:FREQ=WEEKLY;COUNT=5', 'EXDATE:20260120T190000'], weekly)).toEqual(['2026-01-06 19:00:00', '2026-01-13 19:00:00', '2026-01-27 19:00:00', '2026-02-03 19:00:00'])
  })

  it('RDATEs are added in order, past UNTIL too, and one equal to an occurrence is merged', () => {
    const lines = ['RRULE:FREQ=WEEKLY;UNTIL=20260114T000000Z', 'RDATE:20260113T190000,20260301T100000', 'RDATE;VALUE=DATE:20260108']
    expect(starts(lines, weekly)).toEqual(['2026-01-06 19:00:00', '2026-01-08 19:00:00', '2026-01-13 19:00:00', '2026-03-01 10:00:00'])
  })

  it('RDATEs alone make a series', () => {
    expect(starts(['RDATE;TZID=America/New_York:20260201T120000'], weekly)).toEqual(['2026-01-06 19:00:00', '2026-02-01 12:00:00'])
  })

  it('the 31st of the month skips the months without one (not clamped)', () => {
    expect(starts(['RRULE:FREQ=MONTHLY;COUNT=4'], { start: '2026-01-31 10:00:00' })).toEqual(['2026-01-31 10:00:00', '2026-03-31 10:00:00', '2026-05-31 10:00:00', '2026-07-31 10:00:00'])
  })

  it('open-ended rules stop at the horizon; `from` and `maxOccurrences` give a part of the same list', () => {
    const s = series(['RRULE:FREQ=WEEKLY;BYDAY=TU,TH'], { start: '2026-01-06 19:00:00' })
    const all = expandRecurrence(s, { horizonEnd: '2026-07-01T00:00:00Z' })
    expect(all).toHaveLength(51)
    expect(all.at(-1)!.startLocal).toBe('2026-06-30 19:00:00')
    const later = expandRecurrence(s, { from: '2026-03-10T23:00:00Z', horizonEnd: '2026-07-01T00:00:00Z' })
    expect(later).toEqual(all.filter((o) => o.start.getTime() >= Date.parse('2026-03-10T23:00:00Z')))
    expect(expandRecurrence(s, { horizonEnd: '2026-07-01T00:00:00Z', maxOccurrences: 5 })).toEqual(all.slice(0, 5))
    const counted = series(['RRULE:FREQ=DAILY;COUNT=10'], { start: '2026-01-06 19:00:00' })
    expect(expandRecurrence(counted, { from: '2026-01-12T00:00:00Z', horizonEnd: '2027-01-01T00:00:00Z' }).map((o) => o.startLocal)).toEqual(
      ['11', '12', '13', '14', '15'].map((d) => `2026-01-${d} 19:00:00`),
    )
  })

  it('`from` and `maxOccurrences` together: an occurrence just before `from` does not count toward the cap', () => {
    // Saturdays at 09:00; asked from the Monday after one, three of them, as the admin's preview asks.
    const s = series(['RRULE:FREQ=WEEKLY'], { start: '2025-01-04 09:00:00', zone: 'Europe/London' })
    const from = '2026-12-07T00:00:00Z'
    const three = expandRecurrence(s, { from, horizonEnd: '2028-12-07T00:00:00Z', maxOccurrences: 3 })
    expect(three.map((o) => o.startLocal)).toEqual(['2026-12-12 09:00:00', '2026-12-19 09:00:00', '2026-12-26 09:00:00'])
    expect(three).toEqual(expandRecurrence(s, { from, horizonEnd: '2028-12-07T00:00:00Z' }).slice(0, 3))
  })
})

describe('all-day series', () => {
  it('expand as plain dates: no zone shift, each spanning the first one’s days, 00:00:00 to 23:59:59 local', () => {
    for (const zone of ['Pacific/Auckland', 'America/Los_Angeles', 'UTC']) {
      const s = series(['RRULE:FREQ=MONTHLY;UNTIL=20260801', 'EXDATE;VALUE=DATE:20260531', 'RDATE;VALUE=DATE:20260615'], {
        start: '2026-01-31 00:00:00',
        end: '2026-02-01 23:59:59',
        zone,
        allDay: true,
      })
      const list = expandRecurrence(s, { horizonEnd: '2027-01-01T00:00:00Z' })
      expect(list.map((o) => [o.startLocal, o.endLocal])).toEqual([
        ['2026-01-31 00:00:00', '2026-02-01 23:59:59'],
        ['2026-03-31 00:00:00', '2026-04-01 23:59:59'],
        ['2026-06-15 00:00:00', '2026-06-16 23:59:59'],
        ['2026-07-31 00:00:00', '2026-08-01 23:59:59'],
      ])
      expect(list[1]!.start.toISOString()).toBe(at('2026-03-31 00:00:00', zone))
      expect(s.lines).toEqual(['RRULE:FREQ=MONTHLY;UNTIL=20260801', 'RDATE;VALUE=DATE:20260615', 'EXDATE;VALUE=DATE:20260531'])
    }
  })
})

describe('refused input, each with its reason', () => {
  it.each([
    [['RRULE:FREQ=HOURLY'], 'RRULE: FREQ=HOURLY repeats more than once a day; the shortest is DAILY'],
    [['RRULE:FREQ=MINUTELY;COUNT=5'], 'RRULE: FREQ=MINUTELY repeats more than once a day; the shortest is DAILY'],
    [['DTSTART;TZID=America/New_York:20260106T190000'], "DTSTART: not accepted; the event's start and end are the first occurrence"],
    [['RRULE:FREQ=DAILY;COUNT=3;UNTIL=20260201'], 'RRULE: COUNT and UNTIL cannot both be given'],
    [['RRULE:FREQ=DAILY'], 'RRULE: makes more than 1000 occurrences before 2029-01-01; end it sooner (COUNT or UNTIL) or repeat less often'],
    [['RRULE:FREQ=DAILY;COUNT=2', 'RRULE:FREQ=WEEKLY;COUNT=2'], 'RRULE: a series has one rule at most'],
    [['RRULE:FREQ=FORTNIGHTLY'], 'RRULE: FREQ=FORTNIGHTLY is not a frequency (DAILY, WEEKLY, MONTHLY or YEARLY)'],
    [['RRULE:COUNT=3'], 'RRULE: FREQ is missing'],
    [['RRULE:FREQ=WEEKLY;BYDAY=XX'], 'RRULE: BYDAY=XX is not a list of weekdays (MO…SU, each optionally after a position such as 1 or -1)'],
    [['RRULE:FREQ=WEEKLY;BYDAY=1MO'], 'RRULE: BYDAY positions (such as 1MO) are for MONTHLY and YEARLY rules only'],
    [['RRULE:FREQ=DAILY;RSCALE=GREGORIAN'], 'RRULE: RSCALE is not a supported part'],
    [['RRULE:FREQ=DAILY;INTERVAL=0'], 'RRULE: INTERVAL=0 is not a positive whole number'],
    [['RRULE:FREQ=MONTHLY;BYMONTHDAY=32'], 'RRULE: BYMONTHDAY=32 is not a list of days from 1 to 31 (or -1 to -31)'],
    [['RRULE:FREQ=DAILY;BYHOUR=9,17'], "RRULE: BYHOUR=9,17 sets a time of day; occurrences start at the time of the event's start"],
    [['RRULE:FREQ=DAILY;BYSETPOS=1'], 'RRULE: BYSETPOS needs another BY part (such as BYDAY) to choose among'],
    [['RRULE:FREQ=DAILY;UNTIL=2026-02-01'], 'RRULE: UNTIL=2026-02-01 is not a date (YYYYMMDD) or a date-time (YYYYMMDDTHHMMSS, with Z for UTC)'],
    [['RRULE;X=1:FREQ=DAILY;COUNT=2'], 'RRULE: takes no parameters'],
    [['EXRULE:FREQ=DAILY'], 'EXRULE: not supported (RFC 5545 deprecates it); list the dates to leave out as EXDATE'],
    [['X-FOO:bar'], 'X-FOO: not a recurrence property (RRULE, RDATE or EXDATE)'],
    [['every tuesday'], 'line 1: "every tuesday" is not a NAME:VALUE content line'],
    [['RDATE:2026-02-01'], 'RDATE: 2026-02-01 is not a date-time (YYYYMMDDTHHMMSS, with Z for UTC)'],
    [['RDATE;VALUE=DATE:20260230'], 'RDATE: 20260230 is not a date (YYYYMMDD)'],
    [['RDATE;VALUE=PERIOD:20260201T100000/PT1H'], 'RDATE: VALUE=PERIOD is not supported (DATE or DATE-TIME)'],
    [['EXDATE;TZID=Mars/Olympus:20260113T190000'], 'EXDATE: TZID=Mars/Olympus is not a known time zone'],
    [['EXDATE;TZID=Europe/Paris:20260113T190000Z'], 'EXDATE: a UTC time (ending in Z) takes no TZID'],
    [['EXDATE;RANGE=THISANDFUTURE:20260113T190000'], 'EXDATE: the parameter RANGE is not supported'],
  ])('%j', (lines, reason) => {
    expect(reasons(lines, { horizonEnd: '2029-01-01T00:00:00Z' })).toEqual([reason])
  })

  it('an all-day series takes dates, not times', () => {
    expect(reasons(['RDATE:20260201T100000'], { start: '2026-01-06 00:00:00', allDay: true })).toEqual(["RDATE: an all-day event's dates are dates (RDATE;VALUE=DATE:YYYYMMDD)"])
  })

  it('every reason at once, and an unknown zone', () => {
    expect(reasons(['RRULE:FREQ=HOURLY', 'X-A:1'])).toHaveLength(2)
    expect(parseRecurrence([], { start: 0, end: 0, timezone: 'Nowhere/Land', allDay: false })).toEqual({ ok: false, reasons: ['the time zone "Nowhere/Land" is not known'] })
  })

  it('a daily series for two years is within the default cap; lines are case-insensitive', () => {
    expect(reasons(['rrule:freq=daily;count=730'])).toEqual([])
  })
})
