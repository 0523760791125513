// What an iCal feed costs: each event's VEVENT written once until a write, cache busters left out of
// the cache key, one build for concurrent requests, turns for the event loop while a feed is written;
// and the feeds' CORS headers, over a socket.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals'
import { ICalCalendar } from 'ical-generator'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'
import { rawRequest } from '../helpers/rawHttp.js'

jest.setTimeout(300_000)

const EVENTS = 60
const ZONES = ['Europe/Paris', 'America/New_York', 'UTC']
const FEED = '/ical/events.ics?start_date=2020-01-01&end_date=2099-12-31'
const TRUSTED = 'http://front.example.test'
const STRANGER = 'http://elsewhere.example.test'

let app: TestApp
const ids: number[] = []
// Every VEVENT a feed writes goes through ical-generator's createEvent once.
const createEvent = ICalCalendar.prototype.createEvent
let writes = 0
const written = jest.spyOn(ICalCalendar.prototype, 'createEvent').mockImplementation(function (this: ICalCalendar, ...args) {
  writes++
  return createEvent.apply(this, args)
})

beforeAll(async () => {
  app = await initTestApp({ corsOrigins: [TRUSTED] })
  for (let i = 0; i < EVENTS; i++) {
    const day = String(1 + (i % 28)).padStart(2, '0')
    const event = await app.payload.create({
      collection: 'events',
      data: { title: `Feed event ${i}`, startDate: `2027-03-${day}T19:00:00Z`, endDate: `2027-03-${day}T21:00:00Z`, timezone: ZONES[i % ZONES.length], status: 'publish' } as never,
    })
    ids.push(event.id)
  }
}, 300_000)
afterAll(async () => {
  written.mockRestore()
  await app?.close()
})

async function feed(path: string, headers: Record<string, string> = {}) {
  const res = await rawRequest(`${app.origin}${path}`, { headers })
  return { status: res.status, headers: res.headers, text: res.body.toString() }
}

const vevents = (text: string) => text.match(/BEGIN:VEVENT\r\n[\s\S]*?END:VEVENT\r\n/g) ?? []

/** A write the public sees: empties the response cache and the kept VEVENTs. */
const touch = (i: number, title: string) => app.payload.update({ collection: 'events', id: ids[i]!, data: { title } })

describe('the cost of a feed', () => {
  it('writes each event’s VEVENT once across feeds until a write, then again', async () => {
    writes = 0
    const first = await feed(FEED)
    expect(first.status).toBe(200)
    expect(first.headers['x-cache']).toBe('MISS')
    expect(vevents(first.text)).toHaveLength(EVENTS)
    expect(writes).toBe(EVENTS)

    // Another feed of the same events (another cache key), and one event's own feed: no VEVENT written again.
    const other = await feed('/ical/events.ics?start_date=2020-01-01&end_date=2098-12-31')
    expect(other.headers['x-cache']).toBe('MISS')
    expect(vevents(other.text).sort()).toEqual(vevents(first.text).sort())
    const single = await feed(`/ical/events/${ids[3]}.ics`)
    expect(vevents(single.text)).toHaveLength(1)
    expect(vevents(first.text)).toContain(vevents(single.text)[0])
    expect(writes).toBe(EVENTS)

    await touch(3, 'Feed event renamed')
    const after = await feed(FEED)
    expect(after.headers['x-cache']).toBe('MISS')
    expect(after.text).toContain('SUMMARY:Feed event renamed')
    expect(writes).toBe(2 * EVENTS)
  })

  it('leaves parameters a feed does not read out of the cache key (and of its URL)', async () => {
    const base = '/ical/events.ics?end_date=2099-12-30&start_date=2020-01-01'
    const first = await feed(`${base}&nc=${Math.random()}`)
    expect(first.headers['x-cache']).toBe('MISS')
    expect(first.text).not.toMatch(/nc=/)
    for (const path of [`${base}&nc=${Math.random()}`, `/ical/events.ics?_=${Date.now()}&start_date=2020-01-01&end_date=2099-12-30`, base]) {
      const again = await feed(path)
      expect(again.headers['x-cache']).toBe('HIT')
      expect(again.headers.etag).toBe(first.headers.etag)
    }
    // A parameter the feed reads is a feed of its own.
    const featured = await feed(`${base}&featured=true&nc=1`)
    expect(featured.headers['x-cache']).toBe('MISS')
    expect(vevents(featured.text)).toHaveLength(0)
  })

  it('builds one feed for concurrent anonymous requests, whatever their cache busters', async () => {
    await touch(5, 'Feed event renamed again')
    writes = 0
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => feed(`${FEED}&nc=${i}-${Math.random()}`)))
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200))
    expect(new Set(answers.map((a) => a.headers.etag)).size).toBe(1)
    expect(vevents(answers[0]!.text)).toHaveLength(EVENTS)
    expect(writes).toBe(EVENTS)
  })

  it('gives the event loop turns while it writes a feed', async () => {
    await touch(7, 'Feed event renamed once more')
    // Counts turns of the loop; each VEVENT written notes the count it was written at.
    let turns = 0
    let ticker: NodeJS.Immediate | undefined
    const tick = () => {
      turns++
      ticker = setImmediate(tick)
    }
    tick()
    const seen: number[] = []
    written.mockImplementation(function (this: ICalCalendar, ...args) {
      seen.push(turns)
      return createEvent.apply(this, args)
    })
    try {
      const res = await feed(`${FEED}&turns=1`)
      expect(res.status).toBe(200)
    } finally {
      clearImmediate(ticker)
    }
    expect(seen).toHaveLength(EVENTS)
    // Written in chunks of 25, with a turn of the loop between chunks.
    expect(new Set(seen).size).toBeGreaterThanOrEqual(Math.ceil(EVENTS / 25))
  })
})

describe('CORS on the feeds', () => {
  it('lets any origin read a feed, with credentials for CORS_ORIGINS only', async () => {
    const stranger = await feed(FEED, { origin: STRANGER })
    expect(stranger.status).toBe(200)
    expect(stranger.headers['access-control-allow-origin']).toBe(STRANGER)
    expect(stranger.headers['access-control-allow-methods']).toBe('OPTIONS, GET, POST, PUT, PATCH, DELETE')
    expect(stranger.headers['access-control-expose-headers']).toMatch(/\bETag\b/)
    expect(stranger.headers['access-control-allow-credentials']).toBeUndefined()
    expect(stranger.headers.vary).toMatch(/\bOrigin\b/)
    const trusted = await feed(`/ical/events/${ids[0]}.ics`, { origin: TRUSTED })
    expect(trusted.headers['access-control-allow-origin']).toBe(TRUSTED)
    expect(trusted.headers['access-control-allow-credentials']).toBe('true')
    const bare = await feed(FEED)
    expect(bare.headers['access-control-allow-origin']).toBeUndefined()
  })

  it('answers a preflight with 204, Authorization allowed', async () => {
    const res = await rawRequest(`${app.origin}${FEED}`, {
      method: 'OPTIONS',
      headers: { origin: STRANGER, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
    })
    expect(res.status).toBe(204)
    expect(res.headers['access-control-allow-origin']).toBe(STRANGER)
    expect(res.headers['access-control-allow-headers']).toMatch(/\bAuthorization\b/)
    expect(res.headers['access-control-allow-credentials']).toBeUndefined()
  })
})
