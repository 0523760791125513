// Date filters at the far end of the calendar: the end of 9999-12-31 in a zone behind UTC (or the
// second after it) is past year 9999 in UTC, which a four-digit ISO date cannot name. Such a bound
// matched nothing (`end_date=9999-12-31` gave an empty list and an empty iCal feed) and is now held
// at the latest instant a stored date can have.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { createEvent } from '../helpers/fixtures.js'
import { apiClient } from '../helpers/http.js'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'

let app: TestApp
let api: ReturnType<typeof apiClient>
const titles = ['Far one', 'Far two', 'Far three']

beforeAll(async () => {
  // Behind UTC: the end of a day there is the next day in UTC.
  app = await initTestApp({ siteTimezone: 'America/New_York' })
  api = apiClient(app.api)
  for (const [i, title] of titles.entries()) {
    await createEvent(app.payload, title, { startDate: `2027-0${i + 1}-10T15:00:00.000Z`, endDate: `2027-0${i + 1}-10T17:00:00.000Z` })
  }
}, 180_000)

afterAll(async () => {
  await app?.close()
})

const listed = async (query: string) => {
  const res = await api.get(`/events?per_page=50&${query}`)
  expect(res.status).toBe(200)
  return { total: res.body.total as number, titles: (res.body.events as Array<{ title: string }>).map((e) => e.title).sort() }
}

describe('the iCal feed over the whole calendar', () => {
  // First, before the year-9999 event exists: a feed reaching that year builds its zone's VTIMEZONE over 8,000 years.
  it('start_date=1000-01-01&end_date=9999-12-31 holds every event', async () => {
    const res = await fetch(`${app.origin}/ical/events.ics?start_date=1000-01-01&end_date=9999-12-31`)
    expect(res.status).toBe(200)
    const text = await res.text()
    const summaries = [...text.matchAll(/^SUMMARY:(.*)\r?$/gm)].map((m) => m[1]).sort()
    expect(summaries).toEqual([...titles].sort())
  })
})

describe('GET /events with dates at the end of year 9999', () => {
  it('end_date=9999-12-31 lists every event up to that day, the last one included', async () => {
    // The latest event a site can hold: it ends on the last day of year 9999, in the site's zone.
    await createEvent(app.payload, 'Last day', { startDate: '9999-12-31T12:00:00.000Z', endDate: '9999-12-31T20:00:00.000Z' })
    const all = [...titles, 'Last day'].sort()
    expect(await listed('start_date=2020-01-01&end_date=9999-12-31')).toEqual({ total: 4, titles: all })
    // The day before: the last event is not in it; the others are, as they were before.
    expect(await listed('start_date=2020-01-01&end_date=9999-12-30')).toEqual({ total: 3, titles: [...titles].sort() })
  })

  it('strict dates and the exclusive filters at the last second of year 9999', async () => {
    expect((await listed('start_date=2020-01-01&end_date=9999-12-31 23:59:59&strict_dates=true')).total).toBe(4)
    expect((await listed('ends_before=9999-12-31 23:59:59')).total).toBe(4)
    // Nothing starts after the last second a stored date can name (before, `+010000-…` matched everything).
    expect((await listed('starts_after=9999-12-31 23:59:59')).total).toBe(0)
    expect((await listed('start_date=9999-12-31&end_date=9999-12-31')).titles).toEqual(['Last day'])
  })
})
