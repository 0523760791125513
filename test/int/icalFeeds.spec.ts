import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals'
import ICAL from 'ical.js'
import nodeIcal from 'node-ical'
import { createActors, type Actor } from '../helpers/actors.js'
import { apiClient } from '../helpers/http.js'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'

jest.setTimeout(300_000)

let app: TestApp
let api: ReturnType<typeof apiClient>
let editor: Actor
const ids: Record<string, number> = {}

/** The events of a feed as ical.js reads them (its VTIMEZONEs registered first). */
function icalJs(text: string) {
  const root = new ICAL.Component(ICAL.parse(text))
  for (const zone of root.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone)
  return root.getAllSubcomponents('vevent').map((c) => {
    const event = new ICAL.Event(c)
    return {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate,
      end: event.endDate,
      description: c.getFirstPropertyValue('description'),
      location: c.getFirstPropertyValue('location'),
      geo: c.getFirstPropertyValue('geo'),
      categories: c.getAllProperties('categories').flatMap((p) => p.getValues()),
      sequence: Number(c.getFirstPropertyValue('sequence')),
      url: c.getFirstPropertyValue('url'),
    }
  })
}

/** The events of a feed as node-ical reads them. */
function nodeIcalEvents(text: string) {
  return Object.values(nodeIcal.sync.parseICS(text)).filter((c) => c?.type === 'VEVENT') as nodeIcal.VEvent[]
}

async function feed(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${app.origin}${path}`, { headers })
  return { status: res.status, headers: res.headers, text: await res.text() }
}

async function create(key: string, body: Record<string, unknown>) {
  const res = await api.post('/events', { status: 'publish', ...body }, editor.headers)
  expect(res.status).toBe(201)
  ids[key] = res.body.id
  return res.body
}

const wire: Record<string, any> = {}

beforeAll(async () => {
  app = await initTestApp()
  api = apiClient(app.api)
  editor = (await createActors(app)).editor!
  const venue = await app.payload.create({ collection: 'venues', data: { title: 'Le Duc des Lombards', address: '42 rue des Lombards', city: 'Paris', country: 'France', latitude: 48.8597, longitude: 2.3491, status: 'publish' } as never })
  // 01:30 on each zone's DST transition day of 2027 (Paris and New York spring forward, Sydney falls back).
  wire.paris = await create('paris', { title: 'Paris night', start_date: '2027-03-28 01:30:00', end_date: '2027-03-28 04:30:00', timezone: 'Europe/Paris', venue: venue.id, categories: ['Music'], description: '<p>Jazz &amp; <strong>blues</strong></p><p>Second line</p>' })
  wire.newYork = await create('newYork', { title: 'New York night', start_date: '2027-03-14 01:30:00', end_date: '2027-03-14 04:00:00', timezone: 'America/New_York', categories: ['Theatre'] })
  wire.sydney = await create('sydney', { title: 'Sydney night', start_date: '2027-04-04 01:30:00', end_date: '2027-04-04 05:00:00', timezone: 'Australia/Sydney' })
  wire.allDay = await create('allDay', { title: 'May day fair', start_date: '2027-05-01 00:00:00', end_date: '2027-05-02 23:59:59', all_day: true, timezone: 'Europe/Paris' })
  wire.secret = await create('secret', { title: 'Secret gig', start_date: '2027-06-01 20:00:00', end_date: '2027-06-01 22:00:00', timezone: 'Europe/Paris', venue: venue.id, categories: ['Music'], description: 'Secret words' })
  // The namespace has no password argument (as the reference): set where editors set it.
  await app.payload.update({ collection: 'events', id: ids.secret!, data: { password: 'sesame' } as never })
  await create('draft', { title: 'Draft gig', start_date: '2027-06-02 20:00:00', end_date: '2027-06-02 22:00:00', status: 'draft' })
}, 300_000)

afterAll(async () => {
  await app?.close()
})

describe('GET /ical/events.ics', () => {
  let text = ''
  beforeAll(async () => {
    const res = await feed('/ical/events.ics?start_date=2027-01-01')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/calendar/)
    text = res.text
  })

  it('lists what the caller may see, each once with a stable UID, read alike by ical.js and node-ical', () => {
    const host = new URL(process.env.SITE_URL ?? 'http://localhost:3000').host
    const byJs = icalJs(text)
    const byNode = nodeIcalEvents(text)
    const expected = ['paris', 'newYork', 'sydney', 'allDay', 'secret'].map((k) => `${ids[k]}@${host}`)
    expect(byJs.map((e) => e.uid).sort()).toEqual([...expected].sort())
    expect(byNode.map((e) => e.uid).sort()).toEqual([...expected].sort())
    expect(text).not.toContain('Draft gig')
    for (const zone of ['Europe/Paris', 'America/New_York', 'Australia/Sydney']) expect(text).toContain(`TZID:${zone}\r\n`)
  })

  it('gives the same instants as the REST API in every zone, across the DST change', () => {
    const byJs = new Map(icalJs(text).map((e) => [e.uid.split('@')[0], e]))
    const byNode = new Map(nodeIcalEvents(text).map((e) => [e.uid.split('@')[0], e]))
    for (const key of ['paris', 'newYork', 'sydney']) {
      const w = wire[key]
      const start = new Date(`${w.utc_start_date.replace(' ', 'T')}Z`).getTime()
      const end = new Date(`${w.utc_end_date.replace(' ', 'T')}Z`).getTime()
      expect(byJs.get(String(ids[key]))!.start.toJSDate().getTime()).toBe(start)
      expect(byJs.get(String(ids[key]))!.end.toJSDate().getTime()).toBe(end)
      expect(byJs.get(String(ids[key]))!.start.zone?.tzid).toBe(w.timezone)
      expect(byNode.get(String(ids[key]))!.start.getTime()).toBe(start)
      expect(byNode.get(String(ids[key]))!.end!.getTime()).toBe(end)
      expect(byJs.get(String(ids[key]))!.start.toString()).toBe(w.start_date.replace(' ', 'T'))
    }
    // Paris: 01:30 CET is 00:30 UTC; the end, 04:30, is already CEST (02:30 UTC).
    expect(byJs.get(String(ids.paris))!.end.toJSDate().toISOString()).toBe('2027-03-28T02:30:00.000Z')
    // Sydney: 01:30 AEDT (UTC+11) is 14:30 UTC the day before; 05:00 is AEST (UTC+10).
    expect(byJs.get(String(ids.sydney))!.start.toJSDate().toISOString()).toBe('2027-04-03T14:30:00.000Z')
    expect(byJs.get(String(ids.sydney))!.end.toJSDate().toISOString()).toBe('2027-04-03T19:00:00.000Z')
  })

  it('writes all-day events as dates with an exclusive end', () => {
    const js = icalJs(text).find((e) => e.uid.startsWith(`${ids.allDay}@`))!
    expect(js.start.isDate).toBe(true)
    expect(js.start.toString()).toBe('2027-05-01')
    expect(js.end.toString()).toBe('2027-05-03')
    const node = nodeIcalEvents(text).find((e) => e.uid.startsWith(`${ids.allDay}@`))!
    expect(node.datetype).toBe('date')
    expect(text).toContain('DTSTART;VALUE=DATE:20270501')
  })

  it('carries location, geo, categories, URL and a plain-text description', () => {
    const paris = icalJs(text).find((e) => e.uid.startsWith(`${ids.paris}@`))!
    expect(paris.location).toContain('Le Duc des Lombards')
    expect(paris.location).toContain('42 rue des Lombards')
    expect(paris.geo).toEqual([48.8597, 2.3491])
    expect(paris.categories).toEqual(['Music'])
    expect(paris.url).toBe(wire.paris.url)
    expect(paris.description).toBe('Jazz & blues\nSecond line')
  })

  it('leaves out what an event password hides unless ?password= unlocks it', async () => {
    const secret = icalJs(text).find((e) => e.uid.startsWith(`${ids.secret}@`))!
    expect(secret.summary).toBe('Secret gig')
    expect(secret.description).toBeNull()
    expect(secret.location).toBeNull()
    expect(secret.categories).toEqual([])
    expect(text).not.toContain('Secret words')
    const unlocked = await feed('/ical/events.ics?start_date=2027-01-01&password=sesame')
    expect(unlocked.text).toContain('Secret words')
    expect(unlocked.headers.get('x-cache')).toBeNull()
    const single = await feed(`/ical/events/${ids.secret}.ics`)
    expect(single.status).toBe(200)
    expect(single.text).not.toContain('Secret words')
  })

  it('applies the filters of GET /events', async () => {
    const music = icalJs((await feed('/ical/events.ics?start_date=2027-01-01&categories=music')).text)
    expect(music.map((e) => e.summary)).toEqual(['Paris night'])
    const list = await api.get('/events?start_date=2027-01-01&categories=theatre')
    expect(list.body.total).toBe(1)
    const theatre = icalJs((await feed('/ical/events.ics?start_date=2027-01-01&categories=theatre')).text)
    expect(theatre.map((e) => e.summary)).toEqual(list.body.events.map((e: { title: string }) => e.title))
    const bad = await feed('/ical/events.ics?start_date=not-a-date')
    expect(bad.status).toBe(400)
    expect(JSON.parse(bad.text).code).toBe('rest_invalid_param')
  })

  it('shows drafts to nobody anonymous, and to their editor', async () => {
    expect((await feed(`/ical/events/${ids.draft}.ics`)).status).toBe(403)
    const asEditor = await feed(`/ical/events.ics?start_date=2027-01-01&status=draft`, editor.headers)
    expect(icalJs(asEditor.text).map((e) => e.summary)).toEqual(['Draft gig'])
    expect((await feed('/ical/events/999999.ics')).status).toBe(404)
    expect((await feed('/ical/events/abc.ics')).status).toBe(404)
  })
})

describe('caching', () => {
  it('sends one event\'s feed as a file, stored or not, and its errors without one', async () => {
    const path = `/ical/events/${ids.newYork}.ics`
    for (const expected of ['MISS', 'HIT']) {
      const res = await feed(path)
      expect([res.status, res.headers.get('x-cache'), res.headers.get('content-type')]).toEqual([200, expected, 'text/calendar; charset=utf-8'])
      expect(res.headers.get('content-disposition')).toBe(`inline; filename="event-${ids.newYork}.ics"`)
      expect(res.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate')
    }
    const own = await feed(path, editor.headers)
    expect([own.headers.get('x-cache'), own.headers.get('cache-control')]).toEqual([null, 'private, no-cache, max-age=0'])
    expect(own.headers.get('content-disposition')).toBe(`inline; filename="event-${ids.newYork}.ics"`)
    const missing = await feed('/ical/events/999999.ics')
    expect([missing.status, missing.headers.get('content-disposition'), missing.headers.get('x-cache')]).toEqual([404, null, null])
  })

  it('answers 304 to a matching ETag and a new feed after a write, with a higher SEQUENCE', async () => {
    const path = '/ical/events.ics?start_date=2027-01-01'
    const first = await feed(path)
    const etag = first.headers.get('etag')!
    expect(etag).toMatch(/^"/)
    expect((await feed(path)).headers.get('x-cache')).toBe('HIT')
    const again = await fetch(`${app.origin}${path}`, { headers: { 'if-none-match': etag } })
    expect(again.status).toBe(304)
    const before = icalJs(first.text).find((e) => e.uid.startsWith(`${ids.newYork}@`))!

    await new Promise((resolve) => setTimeout(resolve, 1100))
    const patched = await api.patch(`/events/${ids.newYork}`, { title: 'New York night (moved)' }, editor.headers)
    expect(patched.status).toBe(200)
    const after = await fetch(`${app.origin}${path}`, { headers: { 'if-none-match': etag } })
    expect(after.status).toBe(200)
    const changed = icalJs(await after.text()).find((e) => e.uid.startsWith(`${ids.newYork}@`))!
    expect(changed.summary).toBe('New York night (moved)')
    expect(changed.sequence).toBeGreaterThan(before.sequence)
    expect(after.headers.get('etag')).not.toBe(etag)

    const single = await feed(`/ical/events/${ids.newYork}.ics`)
    expect(icalJs(single.text).map((e) => e.summary)).toEqual(['New York night (moved)'])
  })
})

describe('category filters', () => {
  it('match events of child categories, as the list does (include_children)', async () => {
    const music = await app.payload.find({ collection: 'event-categories', where: { slug: { equals: 'music' } }, limit: 1 })
    expect(music.docs.length).toBe(1)
    await app.payload.create({ collection: 'event-categories', data: { name: 'Jazz', parent: music.docs[0]!.id } as never })
    await create('jazzOnly', { title: 'Jazz only', start_date: '2027-07-01 20:00:00', end_date: '2027-07-01 22:00:00', timezone: 'Europe/Paris', categories: ['Jazz'] })
    const list = await api.get('/events?start_date=2027-01-01&categories=music')
    const titles = list.body.events.map((e: { title: string }) => e.title)
    expect(titles).toContain('Jazz only')
    const fed = icalJs((await feed('/ical/events.ics?start_date=2027-01-01&categories=music')).text)
    expect(fed.map((e) => e.summary).sort()).toEqual([...titles].sort())
  })
})
