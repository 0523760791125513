import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { createActors, type Actor } from '../helpers/actors.js'
import { apiClient } from '../helpers/http.js'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'

// PHP strtotime() forms over HTTP: the archive filters and event writes accept them, and a refusal
// names the parameter. The site's zone is fixed so wall-clock filters have a known meaning.
let app: TestApp
let api: ReturnType<typeof apiClient>
let admin: Actor
let june: number

beforeAll(async () => {
  app = await initTestApp({ siteTimezone: 'America/New_York' })
  api = apiClient(app.api)
  admin = (await createActors(app, 'dates')).administrator
  // 10 June 2027, 19:00 to 22:00 in New York.
  const doc = await app.payload.create({
    collection: 'events',
    data: { title: 'June concert', _status: 'published', startDate: '2027-06-10T23:00:00.000Z', endDate: '2027-06-11T02:00:00.000Z', timezone: 'America/New_York' },
    overrideAccess: true,
  } as never)
  june = doc.id as number
}, 120_000)

afterAll(async () => {
  await app?.close()
})

const listed = async (query: Record<string, string>) => {
  const res = await api.get(`/events?${new URLSearchParams(query)}`)
  expect(res.status).toBe(200)
  return (res.body.events as Array<{ id: number }>).map((e) => e.id)
}

describe('archive filters take PHP strtotime() forms', () => {
  it.each([
    [{ start_date: 'June 1 2027 4pm', end_date: 'last day of june 2027' }, true],
    [{ start_date: '2027-06-10 4pm', end_date: 'first day of july 2027' }, true],
    [{ start_date: 'first day of july 2027' }, false],
    [{ start_date: '@1812322800', end_date: 'second friday of june 2027' }, true], // 2027-06-06 20:00 UTC … 11 June
    [{ start_date: 'first monday of june 2027', end_date: 'June 9 2027' }, false],
    // Inclusive mode reads the day in the site zone (start of day / 23:59:59, reference 5.2)…
    [{ starts_after: 'June 9 2027 11pm', starts_before: 'June 10 2027 1am' }, true],
    [{ starts_after: 'June 10 2027 6pm' }, false],
    // …strict mode the instant, as UTC.
    [{ strict_dates: 'true', starts_after: 'June 10 2027 10pm', starts_before: 'June 11 2027 midnight' }, true],
    [{ strict_dates: 'true', starts_after: 'June 10 2027 11:30pm' }, false],
  ])('%j → listed: %s', async (query, expected) => {
    expect((await listed(query as Record<string, string>)).includes(june)).toBe(expected)
  })

  it('accepts relative forms counted from now', async () => {
    for (const start of ['monday next week', 'first day of next month', 'last day of this month', 'tomorrow noon', '+1 week 2 days']) {
      const res = await api.get(`/events?start_date=${encodeURIComponent(start)}`)
      expect([start, res.status]).toEqual([start, 200])
    }
  })

  it('refuses what strtotime() does not read, naming the parameter and why', async () => {
    const res = await api.get('/events?start_date=next%20blursday&end_date=2027-06-30')
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): start_date',
      data: { status: 400, params: { start_date: "Not a date PHP's strtotime() understands." } },
    })
    expect(Object.keys(res.body.data.params)).toEqual(['start_date'])
  })

  it('says why in the language of the segment', async () => {
    const res = await fetch(`${app.origin}/fr/wp-json/calendar/events/v1/events?starts_after=blursday`)
    expect(res.status).toBe(400)
    const body = await res.json()
    expect(body.data.params).toEqual({ starts_after: 'Pas une date que strtotime() de PHP comprend.' })
  })
})

describe('event writes take PHP strtotime() forms in the event zone', () => {
  it.each([
    ['January 1 2028 4pm', 'January 1 2028 6pm', '2028-01-01 15:00:00', '2028-01-01 17:00:00'],
    ['2028-01-01 4pm', '2028-01-01 5:30pm', '2028-01-01 15:00:00', '2028-01-01 16:30:00'],
    ['first friday of january 2028 20:00', 'first friday of january 2028 23:00', '2028-01-07 19:00:00', '2028-01-07 22:00:00'],
    ['@1830340800', '@1830344400', '2028-01-01 12:00:00', '2028-01-01 13:00:00'],
  ])('start %s, end %s', async (start, end, utcStart, utcEnd) => {
    const res = await api.post('/events', { title: `Written ${start}`, start_date: start, end_date: end, timezone: 'Europe/Berlin' }, admin.headers)
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ timezone: 'Europe/Berlin', utc_start_date: utcStart, utc_end_date: utcEnd })
  })

  it('reads a relative start from now in the event zone', async () => {
    const res = await api.post('/events', { title: 'Next month', start_date: 'first day of next month 10:00', end_date: 'first day of next month 12:00', timezone: 'Asia/Tokyo' }, admin.headers)
    expect(res.status).toBe(201)
    expect(res.body.start_date).toMatch(/^\d{4}-\d{2}-01 10:00:00$/)
    expect(res.body.end_date).toMatch(/^\d{4}-\d{2}-01 12:00:00$/)
  })

  it('refuses an unreadable end_date with rest_invalid_param naming it', async () => {
    const res = await api.post('/events', { title: 'Bad', start_date: 'tomorrow 4pm', end_date: 'the day after never' }, admin.headers)
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ code: 'rest_invalid_param', data: { params: { end_date: "Not a date PHP's strtotime() understands." } } })
  })
})
