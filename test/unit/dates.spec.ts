import { describe, expect, it } from '@jest/globals'
import fc from 'fast-check'
import { DateTime } from 'luxon'
import { parseTime } from '../../endpoints/dates/parseTime.js'
import { strtotime } from '../../endpoints/dates/strtotime.js'
import { dateDetails, isoInZone, toDateTime, wallClock, WP_DATE_FORMAT, ZERO_DATE, zoneAbbreviation, zoneOf } from '../../lib/dates/wallClock.js'

// parseTime's grammar, form by form, is in strtotime.spec.ts; this file holds the wall-clock helpers,
// the number forms and the round trips between formatting and parsing.

const NY = 'America/New_York'
const NOW = DateTime.fromISO('2026-03-07T10:30:00', { zone: NY })
const ZONES = [NY, 'Europe/Berlin', 'Asia/Kolkata', 'Australia/Lord_Howe', 'UTC', 'Pacific/Chatham']

describe('wall clocks', () => {
  it('formats an instant as Y-m-d H:i:s in a zone, from an ISO string, a Date or a DateTime', () => {
    const iso = '2027-03-01T01:00:00.000Z'
    expect(wallClock(iso, NY)).toBe('2027-02-28 20:00:00')
    expect(wallClock(new Date(iso), 'UTC')).toBe('2027-03-01 01:00:00')
    expect(wallClock(DateTime.fromISO(iso), 'Asia/Kolkata')).toBe('2027-03-01 06:30:00')
    expect(WP_DATE_FORMAT).toBe('yyyy-MM-dd HH:mm:ss')
    expect(ZERO_DATE).toBe('0000-00-00 00:00:00')
  })

  it('reads an ISO string without a zone as UTC', () => {
    expect(toDateTime('2027-03-01T01:00:00').toUTC().toISO()).toBe('2027-03-01T01:00:00.000Z')
  })

  it('splits a wall clock into zero-padded string details', () => {
    expect(dateDetails('2027-03-01 09:05:00')).toEqual({ year: '2027', month: '03', day: '01', hour: '09', minutes: '05', seconds: '00' })
    expect(dateDetails(ZERO_DATE)).toEqual({ year: '0000', month: '00', day: '00', hour: '00', minutes: '00', seconds: '00' })
  })

  it.each([
    ['America/New_York', 'America/New_York'],
    [' UTC ', 'UTC'],
    ['utc', 'UTC'],
    ['UTC+2', 'UTC+2'],
    ['UTC-5:30', 'UTC-5:30'],
    ['UTC+5.5', 'UTC+5:30'],
    ['UTC+14', 'UTC+14'],
    ['UTC+15', null],
    ['UTC+2:60', null],
    ['Mars/Olympus', null],
    ['', null],
  ])('zoneOf(%j) is %j', (timezone, expected) => {
    expect(zoneOf(timezone)).toBe(expected)
  })

  it('abbreviates zones as PHP does: names where known, offsets otherwise, manual offsets as written', () => {
    const winter = DateTime.fromISO('2027-01-15T12:00:00Z')
    const summer = DateTime.fromISO('2027-07-15T12:00:00Z')
    expect(zoneAbbreviation(NY, winter)).toBe('EST')
    expect(zoneAbbreviation(NY, summer)).toBe('EDT')
    expect(zoneAbbreviation('Asia/Tokyo', winter)).toBe('JST')
    expect(zoneAbbreviation('UTC', winter)).toBe('UTC')
    expect(zoneAbbreviation('utc+2', winter)).toBe('UTC+2')
    expect(zoneAbbreviation('Asia/Yerevan', winter)).toBe('+04')
    expect(zoneAbbreviation('Asia/Kathmandu', winter)).toBe('+0545')
  })

  it('formats every instant exactly as luxon does, across transitions, odd offsets, old and far dates, twice', () => {
    const zones = [...ZONES, 'Asia/Kathmandu', 'Europe/London', 'America/St_Johns', 'Africa/Monrovia', 'UTC+5:30', 'UTC-9', 'Etc/GMT+3']
    // Each side of New York's and Berlin's 2027 transitions, second by second.
    const edges = ['2027-03-14T06:59:58Z', '2027-03-14T07:00:00Z', '2027-11-07T05:59:59Z', '2027-11-07T06:00:00Z', '2027-03-28T00:59:59Z', '2027-03-28T01:00:00Z']
    let compared = 0
    const check = (ms: number, zone: string) => {
      const luxon = DateTime.fromMillis(ms).setZone(zone).toFormat(WP_DATE_FORMAT)
      const iso = new Date(ms).toISOString()
      // Twice each: the second answer comes from the remembered offset.
      for (const instant of [iso, iso, new Date(ms), DateTime.fromMillis(ms)]) expect(wallClock(instant, zone)).toBe(luxon)
      compared++
    }
    for (const zone of zones) for (const edge of edges) for (const delta of [-1000, 0, 1000]) check(Date.parse(edge) + delta, zone)
    fc.assert(
      fc.property(fc.integer({ min: Date.parse('1850-01-01T00:00:00Z'), max: Date.parse('2200-01-01T00:00:00Z') }), fc.constantFrom(...zones), (ms, zone) => check(ms, zone)),
      { numRuns: 2000 },
    )
    expect(compared).toBeGreaterThan(2000)
  })

  it('writes ISO 8601 with the zone\'s offset exactly as luxon does (JSON-LD), "Z" only in fixed zones of offset 0', () => {
    const zones = [...ZONES, 'Europe/London', 'Asia/Kathmandu', 'America/St_Johns', 'UTC+5:30', 'UTC-9', 'UTC+0', 'Etc/GMT+3', 'Etc/UTC', 'Not/AZone']
    let compared = 0
    const check = (ms: number, zone: string) => {
      const luxon = DateTime.fromMillis(ms).setZone(zone).toISO({ suppressMilliseconds: true, includeOffset: true }) ?? ''
      for (const instant of [new Date(ms).toISOString(), new Date(ms)]) expect(isoInZone(instant, zone)).toBe(luxon)
      compared++
    }
    for (const zone of zones) for (const ms of [Date.parse('2027-03-14T06:59:59Z'), Date.parse('2027-03-14T07:00:00.250Z'), Date.parse('2027-11-07T06:00:00Z')]) check(ms, zone)
    expect(isoInZone('2027-01-15T12:00:00.000Z', 'UTC')).toBe('2027-01-15T12:00:00Z')
    expect(isoInZone('2027-01-15T12:00:00.000Z', 'Europe/London')).toBe('2027-01-15T12:00:00+00:00')
    fc.assert(
      fc.property(fc.integer({ min: Date.parse('1850-01-01T00:00:00Z'), max: Date.parse('2200-01-01T00:00:00Z') }), fc.constantFrom(...zones), (ms, zone) => check(ms, zone)),
      { numRuns: 2000 },
    )
    expect(compared).toBeGreaterThan(2000)
  })
})

describe('number forms', () => {
  it('reads numbers and digit strings as Unix timestamps, eight digits as a date', () => {
    expect(parseTime(1798761600, NY)?.toUTC().toISO()).toBe('2027-01-01T00:00:00.000Z')
    expect(parseTime('1798761600', NY)?.toUTC().toISO()).toBe('2027-01-01T00:00:00.000Z')
    expect(parseTime('-86400', NY)?.toUTC().toISO()).toBe('1969-12-31T00:00:00.000Z')
    expect(parseTime('20270301', NY)?.toISO()).toBe('2027-03-01T00:00:00.000-05:00')
  })

  it('refuses timestamps out of range and values that are neither strings nor numbers', () => {
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, '100000000000', null, undefined, true, ['2027-03-01'], { date: '2027-03-01' }]) {
      expect([bad, parseTime(bad, NY, NOW)]).toEqual([bad, null])
    }
  })
})

describe('strtotime', () => {
  it('reads wall clocks in the zone, lets a zone in the text win, and counts relative forms from now', () => {
    expect(strtotime('2027-03-01 20:00', NY, NOW)?.toUTC().toISO()).toBe('2027-03-02T01:00:00.000Z')
    expect(strtotime('2027-03-01 20:00 UTC', NY, NOW)?.toUTC().toISO()).toBe('2027-03-01T20:00:00.000Z')
    expect(strtotime('+1 day', NY, NOW)?.toISO()).toBe('2026-03-08T10:30:00.000-04:00')
  })

  it('answers null where PHP answers false', () => {
    expect(strtotime('not a date', NY, NOW)).toBeNull()
  })
})

describe('round trips', () => {
  const instant = fc.date({ min: new Date('1971-01-01T00:00:00Z'), max: new Date('2090-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => new Date(Math.floor(d.getTime() / 1000) * 1000))

  it('a wall clock written in a zone reads back as the same wall clock in that zone', () => {
    fc.assert(
      fc.property(instant, fc.constantFrom(...ZONES), (date, zone) => {
        const wall = wallClock(date, zone)
        const parsed = parseTime(wall, zone, NOW)
        expect(parsed && wallClock(parsed, zone)).toBe(wall)
      }),
    )
  })

  it('in UTC, and as a timestamp, formatting then parsing gives the same instant', () => {
    fc.assert(
      fc.property(instant, (date) => {
        expect(parseTime(wallClock(date, 'UTC'), 'UTC', NOW)?.toMillis()).toBe(date.getTime())
        // Eight digits read as a date (YYYYMMDD), as PHP reads them: timestamps from 1973 on have nine or more.
        if (date.getTime() >= 1e11) expect(parseTime(String(date.getTime() / 1000), NY, NOW)?.toMillis()).toBe(date.getTime())
      }),
    )
  })

  it('an ISO 8601 instant with its offset reads back as itself in any zone', () => {
    fc.assert(
      fc.property(instant, fc.constantFrom(...ZONES), fc.constantFrom(...ZONES), (date, written, read) => {
        const iso = DateTime.fromJSDate(date).setZone(written).toISO({ suppressMilliseconds: true })!
        expect(parseTime(iso, read, NOW)?.toMillis()).toBe(date.getTime())
      }),
    )
  })

  it('date details put back together give the wall clock', () => {
    fc.assert(
      fc.property(instant, fc.constantFrom(...ZONES), (date, zone) => {
        const wall = wallClock(date, zone)
        const d = dateDetails(wall)
        expect(`${d.year}-${d.month}-${d.day} ${d.hour}:${d.minutes}:${d.seconds}`).toBe(wall)
      }),
    )
  })
})
