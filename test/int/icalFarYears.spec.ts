// iCal feeds of events in far years: a VTIMEZONE costs a bounded number of zone lookups whatever the
// years (it once scanned every year the feed spanned, about 15 ms each: minutes for a feed reaching year
// 9999), and a reader of the feed (ical.js, with only the feed's VTIMEZONEs) gets the REST API's instants.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals'
import ICAL from 'ical.js'
import { zoneLookups } from '../../src/ical/zoneRules.js'
import { createActors, type Actor } from '../helpers/actors.js'
import { apiClient } from '../helpers/http.js'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'

jest.setTimeout(300_000)

let app: TestApp
let api: ReturnType<typeof apiClient>
let editor: Actor
/** Events by key, as GET /events/<id> answers them. */
const wire: Record<string, { id: number; utc_start_date: string; utc_end_date: string; timezone: string; start_date: string }> = {}

// No zone changes before 1800, and every zone follows its final rule by 2101 (src/ical/zoneRules.ts): a
// zone's VTIMEZONE scans at most those 330 years, each sampled every two days and narrowed to the second.
const MAX_LOOKUPS_PER_ZONE = 330 * 300

async function create(key: string, body: Record<string, unknown>) {
  const res = await api.post('/events', { status: 'publish', ...body }, editor.headers)
  expect(res.status).toBe(201)
  const read = await api.get(`/events/${res.body.id}`)
  expect(read.status).toBe(200)
  wire[key] = read.body
}

/** Each event of a feed as ical.js reads it, by event ID: only the feed's own VTIMEZONEs are known. */
function readFeed(text: string) {
  const root = new ICAL.Component(ICAL.parse(text))
  const zones = root.getAllSubcomponents('vtimezone')
  for (const zone of zones) ICAL.TimezoneService.register(zone)
  try {
    const events = new Map<number, { start: number; end: number; tzid: string | null }>()
    for (const c of root.getAllSubcomponents('vevent')) {
      const event = new ICAL.Event(c)
      events.set(Number(event.uid.split('@')[0]), { start: event.startDate.toJSDate().getTime(), end: event.endDate.toJSDate().getTime(), tzid: (c.getFirstProperty('dtstart')!.getParameter('tzid') as string | undefined) ?? null })
    }
    return { events, zones: zones.map((z) => z.getFirstPropertyValue('tzid')) }
  } finally {
    for (const zone of zones) ICAL.TimezoneService.remove(String(zone.getFirstPropertyValue('tzid')))
  }
}

const instant = (utc: string) => new Date(`${utc.replace(' ', 'T')}Z`).getTime()

async function feed(path: string) {
  const before = zoneLookups()
  const res = await fetch(`${app.origin}${path}`)
  expect(res.status).toBe(200)
  return { text: await res.text(), lookups: zoneLookups() - before }
}

/** Every event of `keys` is in the feed, at the REST API's instants. */
function expectSameInstants(parsed: ReturnType<typeof readFeed>, keys: string[]) {
  expect(keys.length).toBeGreaterThan(0)
  for (const key of keys) {
    const w = wire[key]!
    const event = parsed.events.get(w.id)
    expect({ key, start: event?.start, end: event?.end }).toEqual({ key, start: instant(w.utc_start_date), end: instant(w.utc_end_date) })
  }
}

beforeAll(async () => {
  app = await initTestApp()
  api = apiClient(app.api)
  editor = (await createActors(app)).editor!
  // The far ends of what the API takes, in summer and in winter, in zones that change for summer time.
  await create('summer9999', { title: 'Summer 9999', start_date: '9999-07-14 20:00:00', end_date: '9999-07-14 23:00:00', timezone: 'Europe/Paris' })
  await create('winter9999', { title: 'Winter 9999', start_date: '9999-12-30 20:00:00', end_date: '9999-12-30 22:00:00', timezone: 'America/New_York' })
  await create('year1000', { title: 'Year 1000', start_date: '1000-06-01 20:00:00', end_date: '1000-06-01 22:00:00', timezone: 'Europe/Paris' })
  // Near today, across the DST changes of several years: the night of each spring change, summer, winter.
  for (const year of [2027, 2028, 2029, 2030]) {
    await create(`summer${year}`, { title: `Summer ${year}`, start_date: `${year}-07-01 19:00:00`, end_date: `${year}-07-01 21:00:00`, timezone: 'America/New_York' })
    await create(`winter${year}`, { title: `Winter ${year}`, start_date: `${year}-01-15 19:00:00`, end_date: `${year}-01-15 21:00:00`, timezone: 'Europe/Paris' })
  }
  await create('springParis', { title: 'Spring night', start_date: '2029-03-25 01:30:00', end_date: '2029-03-25 04:30:00', timezone: 'Europe/Paris' })
  await create('springNewYork', { title: 'Spring night NY', start_date: '2028-03-12 01:30:00', end_date: '2028-03-12 04:00:00', timezone: 'America/New_York' })
  await create('autumnSydney', { title: 'Autumn night', start_date: '2030-04-07 01:30:00', end_date: '2030-04-07 05:00:00', timezone: 'Australia/Sydney' })
  // The hour New York's clocks repeat (01:00–02:00 on 2028-11-05): whichever instant the API took, a reader gets it.
  await create('repeatedHour', { title: 'Repeated hour', start_date: '2028-11-05 01:30:00', end_date: '2028-11-05 03:00:00', timezone: 'America/New_York' })
}, 300_000)

afterAll(async () => {
  await app?.close()
})

describe('a feed from year 1000 to year 9999', () => {
  let first: Awaited<ReturnType<typeof feed>>
  beforeAll(async () => {
    first = await feed('/ical/events.ics?start_date=1000-01-01&end_date=9999-12-31')
  })

  it('is answered with a bounded number of zone lookups, and few more for another feed of far years', async () => {
    expect(first.lookups).toBeGreaterThan(0)
    // Three zones (Paris, New York, Sydney), each scanned once.
    expect(first.lookups).toBeLessThanOrEqual(3 * MAX_LOOKUPS_PER_ZONE)
    // Other events, other years (2027 to 9999), another VTIMEZONE per zone: what the zones' scans found is reused.
    const other = await feed('/ical/events.ics?start_date=1000-01-01&end_date=9999-12-31&search=Summer')
    expect(readFeed(other.text).events.size).toBe(5)
    expect(other.lookups).toBeGreaterThan(0)
    expect(other.lookups).toBeLessThan(100)
  })

  it('gives ical.js the REST API’s instants, in year 1000, in year 9999 and across DST', () => {
    const parsed = readFeed(first.text)
    expect(parsed.zones.sort()).toEqual(['America/New_York', 'Australia/Sydney', 'Europe/Paris'])
    expectSameInstants(parsed, Object.keys(wire))
    // Year 9999 keeps summer time: 20:00 in Paris is 18:00 UTC; 30 December in New York is EST.
    expect(wire.summer9999!.utc_start_date).toBe('9999-07-14 18:00:00')
    expect(wire.winter9999!.utc_start_date).toBe('9999-12-31 01:00:00')
    // Written in their zone, their times read back through the feed's VTIMEZONE.
    for (const key of ['summer9999', 'winter9999', 'summer2027', 'winter2030', 'springParis', 'autumnSydney']) {
      expect(parsed.events.get(wire[key]!.id)!.tzid).toBe(wire[key]!.timezone)
    }
    // Paris before 1911 kept its local mean time (UTC+00:09:21), which readers round to the minute: that event is written in UTC.
    expect(wire.year1000!.utc_start_date).toBe('1000-06-01 19:50:39')
    expect(parsed.events.get(wire.year1000!.id)!.tzid).toBeNull()
    expect(parsed.events.get(wire.repeatedHour!.id)!.tzid).toBeNull()
  })

  it('writes each yearly change once with an RRULE, not one per year', () => {
    const paris = /BEGIN:VTIMEZONE\r\nTZID:Europe\/Paris\r\n[\s\S]*?END:VTIMEZONE/.exec(first.text)![0]
    expect(paris).toContain('RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU')
    expect(paris).toContain('RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU')
    // Observances of the irregular years before 1996 only: a few hundred at most, none past 1996.
    const starts = [...paris.matchAll(/^DTSTART:(\d{4})/gm)].map((m) => Number(m[1]))
    expect(starts.length).toBeGreaterThan(2)
    expect(starts.length).toBeLessThan(400)
    expect(Math.max(...starts)).toBe(1996)
  })
})

describe('feeds of one event', () => {
  it('year 9999 and year 1000, each cheap and read at the REST API’s instants', async () => {
    for (const key of ['summer9999', 'winter9999', 'year1000', 'springNewYork', 'autumnSydney']) {
      const single = await feed(`/ical/events/${wire[key]!.id}.ics`)
      const parsed = readFeed(single.text)
      expect(parsed.events.size).toBe(1)
      expectSameInstants(parsed, [key])
      // The zones are known by now: writing another span of years asks the zone data a few times only.
      expect(single.lookups).toBeLessThan(100)
    }
  })
})
