import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { createPost } from '../helpers/fixtures.js'
import { apiClient } from '../helpers/http.js'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'

// Every filter of GET /events applies to the occurrences of a recurring event through its series (the
// dates through their own): a weekly Boston series and a Paris single event, told apart by venue,
// organizer, tag, category, featured, geolocation and search, each filter alone and with a date window.
// Over HTTP on the running app.

const BASE = 10_000_000
const WINDOW = 'start_date=2027-03-01&end_date=2027-04-30&per_page=50'
let app: TestApp
let client: ReturnType<typeof apiClient>
let series: number
let single: number
let occurrences: number[]
const ids: Record<string, number> = {}

beforeAll(async () => {
  app = await initTestApp({ siteTimezone: 'America/New_York' })
  client = apiClient(app.api)
  ids.boston = await createPost(app.payload, 'venues', { title: 'Symphony Hall', city: 'Boston', latitude: 42.3429, longitude: -71.0857 })
  ids.paris = await createPost(app.payload, 'venues', { title: 'Paris Park', city: 'Paris', latitude: 48.8566, longitude: 2.3522 })
  ids.choir = await createPost(app.payload, 'organizers', { title: 'Boston Choir' })
  ids.fair = await createPost(app.payload, 'organizers', { title: 'Fair Society' })
  ids.voices = await createPost(app.payload, 'event-tags', { name: 'Voices' })
  ids.outdoors = await createPost(app.payload, 'event-tags', { name: 'Outdoors' })
  ids.music = await createPost(app.payload, 'event-categories', { name: 'Music' })
  ids.fairs = await createPost(app.payload, 'event-categories', { name: 'Fairs' })
  // Tuesdays 19:00 in Boston, six times from 2 March 2027, across the 14 March DST change.
  series = await createPost(app.payload, 'events', {
    title: 'Harmony rehearsal',
    startDate: '2027-03-03T00:00:00.000Z',
    endDate: '2027-03-03T02:00:00.000Z',
    timezone: 'America/New_York',
    venues: [ids.boston],
    organizers: [ids.choir],
    tags: [ids.voices],
    categories: [ids.music],
    featured: true,
    recurrence: ['RRULE:FREQ=WEEKLY;COUNT=6'],
  })
  single = await createPost(app.payload, 'events', {
    title: 'Spring fair',
    startDate: '2027-03-20T10:00:00.000Z',
    endDate: '2027-03-20T16:00:00.000Z',
    timezone: 'Europe/Paris',
    venues: [ids.paris],
    organizers: [ids.fair],
    tags: [ids.outdoors],
    categories: [ids.fairs],
  })
  const rows = await app.payload.find({ collection: 'occurrences', where: { event: { equals: series } }, sort: 'startDate', pagination: false, overrideAccess: true })
  occurrences = rows.docs.map((row) => BASE + row.id)
}, 120_000)

afterAll(async () => {
  await app?.close()
})

const listed = async (query: string) => {
  const res = await client.get(`/events?${WINDOW}&${query}`)
  expect(res.status).toBe(200)
  expect(res.body.total).toBe(res.body.events.length)
  return (res.body.events as Array<{ id: number }>).map((e) => e.id)
}

describe('filters on recurring events', () => {
  it('lists the six occurrences and the single event without a filter', async () => {
    expect(occurrences).toHaveLength(6)
    expect((await listed('')).sort()).toEqual([...occurrences, single].sort())
  })

  it.each([
    ['venue', () => `venue=${ids.boston}`, () => `venue=${ids.paris}`],
    ['organizer', () => `organizer=${ids.choir}`, () => `organizer=${ids.fair}`],
    ['tags', () => `tags=${ids.voices}`, () => `tags=outdoors`],
    ['categories', () => `categories=music`, () => `categories=${ids.fairs}`],
    ['featured', () => 'featured=true', () => 'featured=false'],
    ['geolocation', () => 'geoloc=1&geoloc_lat=42.36&geoloc_lng=-71.06', () => 'geoloc=1&geoloc_lat=48.85&geoloc_lng=2.35'],
    ['search', () => 'search=harmony', () => 'search=fair'],
  ])('%s: the series\' occurrences, or the single event', async (_name, toSeries, toSingle) => {
    expect(await listed(toSeries())).toEqual(occurrences)
    expect(await listed(toSingle())).toEqual([single])
  })

  it('a date window within the series keeps its occurrences there, with any other filter', async () => {
    // 16 to 23 March: the third and fourth Tuesdays (EDT by then).
    const res = await client.get(`/events?start_date=2027-03-16&end_date=2027-03-23&venue=${ids.boston}&tags=${ids.voices}&featured=true`)
    expect(res.status).toBe(200)
    expect(res.body.events.map((e: { id: number; start_date: string }) => [e.id, e.start_date])).toEqual([
      [occurrences[2], '2027-03-16 19:00:00'],
      [occurrences[3], '2027-03-23 19:00:00'],
    ])
  })
})
