// The VTIMEZONE builder: what ical.js reads from it (and nothing else: no zone database of its own) is
// the offset luxon gives at every sampled instant, from year 1000 to year 9999, for zones with every
// kind of yearly rule; and building one asks the zone data a bounded number of times whatever the years.
import { describe, expect, it } from '@jest/globals'
import ICAL from 'ical.js'
import { DateTime } from 'luxon'
import { readsBack, vtimezone } from '../../src/ical/vtimezone.js'
import { zoneLookups } from '../../src/ical/zoneRules.js'

// Last Sunday (Paris, Sydney), nth Sunday (New York), Friday before the last Sunday (Jerusalem), a week
// across two months (Cairo), a rule at a UTC hour (Nuuk), a rule changing in 2087 (Gaza), half-hour
// summer time (Lord Howe), no summer time (Tokyo, Kolkata).
const ZONES = ['Europe/Paris', 'America/New_York', 'Australia/Sydney', 'Asia/Jerusalem', 'Africa/Cairo', 'America/Nuuk', 'Asia/Gaza', 'Australia/Lord_Howe', 'Asia/Tokyo', 'Asia/Kolkata']
const MAX_LOOKUPS_PER_ZONE = 330 * 300

/** The zone's offsets in seconds as ical.js reads them from the VTIMEZONE, at the wall clocks luxon shows for `instants`. */
function icalOffsets(block: string, zone: string, instants: number[]): number[] {
  const timezone = new ICAL.Timezone(new ICAL.Component(ICAL.parse(`BEGIN:VCALENDAR\r\n${block}\r\nEND:VCALENDAR`)).getFirstSubcomponent('vtimezone')!)
  const wall = (ms: number) => {
    const w = DateTime.fromMillis(ms, { zone })
    return ICAL.Time.fromData({ year: w.year, month: w.month, day: w.day, hour: w.hour, minute: w.minute, second: w.second })
  }
  // ical.js expands the yearly rules up to the latest year asked once: asked first, it is expanded once.
  timezone.utcOffset(wall(Math.max(...instants)))
  return instants.map((ms) => timezone.utcOffset(wall(ms)))
}

/** Instants spread over the years, away from the hour around each change (where wall clocks repeat or skip). */
function samples(zone: string, years: number[]): number[] {
  const out: number[] = []
  for (const year of years) {
    for (let month = 1; month <= 12; month++) {
      const ms = DateTime.fromObject({ year, month, day: 1 + ((year * 7 + month * 5) % 28), hour: (year + month) % 24 }, { zone: 'UTC' }).toMillis()
      const offset = DateTime.fromMillis(ms, { zone }).offset
      if (DateTime.fromMillis(ms - 3 * 3_600_000, { zone }).offset === offset && DateTime.fromMillis(ms + 3 * 3_600_000, { zone }).offset === offset) out.push(ms)
    }
  }
  return out
}

describe('vtimezone', () => {
  it.each(ZONES)('%s: ical.js reads luxon’s offsets from 2020 to year 9999, for a bounded cost', (zone) => {
    const before = zoneLookups()
    const block = vtimezone(zone, 2020, 10_000)!
    const cost = zoneLookups() - before
    expect(cost).toBeGreaterThan(0)
    expect(cost).toBeLessThanOrEqual(MAX_LOOKUPS_PER_ZONE)
    // One observance to start with, then the changes up to the final rule, then its yearly changes.
    expect(block.match(/^BEGIN:(STANDARD|DAYLIGHT)$/gm)!.length).toBeLessThan(200)
    const instants = samples(zone, [2020, 2021, 2026, 2027, 2028, 2031, 2035, 2050, 2099, 2100, 2101, 3000, 5555, 9999])
    expect(instants.length).toBeGreaterThan(100)
    const read = icalOffsets(block, zone, instants)
    let summer = 0
    for (const [i, ms] of instants.entries()) {
      const offset = DateTime.fromMillis(ms, { zone })
      if (offset.isInDST) summer++
      expect({ at: new Date(ms).toISOString(), offset: read[i] }).toEqual({ at: new Date(ms).toISOString(), offset: offset.offset * 60 })
    }
    if (['Asia/Tokyo', 'Asia/Kolkata'].includes(zone)) {
      expect(block).not.toContain('RRULE')
      expect(summer).toBe(0)
    } else {
      expect(block.match(/^RRULE:FREQ=YEARLY;/gm)).toHaveLength(2)
      expect(summer).toBeGreaterThan(0)
    }
    // ical.js expands the yearly rules to year 9999 (its own work, not the server's).
  }, 60_000)

  it('Europe/Paris from year 1000: local mean time, the irregular years one by one, then the EU rule', () => {
    const block = vtimezone('Europe/Paris', 999, 10_000)!
    expect(block).toMatch(/^DTSTART:09990101T000921\r\nTZOFFSETFROM:\+000921\r\nTZOFFSETTO:\+000921$/m)
    expect(block).toContain('DTSTART:19960331T020000\r\nRRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU\r\nTZOFFSETFROM:+0100\r\nTZOFFSETTO:+0200')
    expect(block).toContain('DTSTART:19961027T030000\r\nRRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU\r\nTZOFFSETFROM:+0200\r\nTZOFFSETTO:+0100')
    // Whole-minute offsets read alike; the local mean time's seconds are dropped by ical.js (feeds write such events in UTC).
    const instants = samples('Europe/Paris', [1000, 1911, 1916, 1940, 1942, 1944, 1945, 1976, 1980, 1995, 1996, 2027, 9999]).filter((ms) => DateTime.fromMillis(ms, { zone: 'Europe/Paris' }).offset % 1 === 0)
    expect(instants.length).toBeGreaterThan(100)
    const read = icalOffsets(block, 'Europe/Paris', instants)
    for (const [i, ms] of instants.entries()) {
      expect({ at: new Date(ms).toISOString(), offset: read[i] }).toEqual({ at: new Date(ms).toISOString(), offset: DateTime.fromMillis(ms, { zone: 'Europe/Paris' }).offset * 60 })
    }
  }, 60_000)

  it('writes a span of far years without asking the zone data again per year', () => {
    vtimezone('America/New_York', 2026, 2030)
    const before = zoneLookups()
    const block = vtimezone('America/New_York', 9000, 9999)!
    expect(zoneLookups() - before).toBeLessThan(20)
    expect(block).toContain('DTSTART:90000309T020000\r\nRRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU')
    expect(vtimezone('Not/AZone', 2026, 2027)).toBeNull()
  })

  it('says which instants a reader gets back from their wall clock (feeds write the others in UTC)', () => {
    const at = (iso: string) => Date.parse(iso)
    expect(readsBack('America/New_York', at('2028-07-01T23:00:00Z'))).toBe(true)
    expect(readsBack('America/New_York', at('2028-03-12T07:00:00Z'))).toBe(true)
    // 01:30 EDT and 01:30 EST on 5 November 2028: the hour New York's clocks repeat.
    expect(readsBack('America/New_York', at('2028-11-05T05:30:00Z'))).toBe(false)
    expect(readsBack('America/New_York', at('2028-11-05T06:30:00Z'))).toBe(false)
    expect(readsBack('America/New_York', at('2028-11-05T07:30:00Z'))).toBe(true)
    // Local mean times: Paris UTC+00:09:21 (seconds), Metlakatla before 1867 UTC+15:13:42 (past +14:00).
    expect(readsBack('Europe/Paris', at('1000-06-01T19:50:39Z'))).toBe(false)
    expect(readsBack('America/Metlakatla', at('1850-06-01T00:00:00Z'))).toBe(false)
    expect(readsBack('Europe/Paris', at('9999-07-14T18:00:00Z'))).toBe(true)
    expect(readsBack('Not/AZone', at('2028-07-01T23:00:00Z'))).toBe(false)
  })
})
