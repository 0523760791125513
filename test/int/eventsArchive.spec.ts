import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { DateTime } from 'luxon'
import { createActors, type Actor } from '../helpers/actors.js'
import { apiClient } from '../helpers/http.js'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'

let app: TestApp
let api: ReturnType<typeof apiClient>
let actors: Record<string, Actor>
const ids: Record<string, number> = {}

const iso = (dt: DateTime) => dt.toUTC().toISO()!
const now = DateTime.utc()
// Fixed future days well inside the default two-year window.
const day = (d: string, time = '19:00') => DateTime.fromISO(`${d}T${time}`, { zone: 'UTC' })

async function event(key: string, data: Record<string, unknown>) {
  const start = (data.start as DateTime) ?? day('2027-03-10')
  const end = (data.end as DateTime) ?? start.plus({ hours: 2 })
  delete data.start
  delete data.end
  const doc = await app.payload.create({ collection: 'events', data: { title: key, startDate: iso(start), endDate: iso(end), ...data } })
  ids[key] = doc.id as number
  return doc
}

const titles = (body: { events: Array<{ title: string }> }) => body.events.map((e) => e.title)

beforeAll(async () => {
  app = await initTestApp()
  api = apiClient(app.api)
  actors = await createActors(app)
  const p = app.payload
  const music = await p.create({ collection: 'event-categories', data: { name: 'Music' } })
  const jazz = await p.create({ collection: 'event-categories', data: { name: 'Jazz Night', slug: 'jazz', parent: music.id } })
  const sports = await p.create({ collection: 'event-categories', data: { name: 'Sports' } })
  const outdoor = await p.create({ collection: 'event-tags', data: { name: 'Outdoor' } })
  const family = await p.create({ collection: 'event-tags', data: { name: 'Family Friendly' } })
  const hall = await p.create({ collection: 'venues', data: { title: 'Symphony Hall', city: 'Boston', latitude: 42.3429, longitude: -71.0857 } })
  const park = await p.create({ collection: 'venues', data: { title: 'Paris Park', city: 'Paris', latitude: 48.8566, longitude: 2.3522 } })
  const hidden = await p.create({ collection: 'venues', data: { title: 'Secret Venue', status: 'draft' } })
  const acme = await p.create({ collection: 'organizers', data: { title: 'Acme', email: 'info@acme.example.org' } })
  const jane = await p.create({ collection: 'organizers', data: { title: 'Jane Doe' } })
  Object.assign(ids, { music: music.id, jazz: jazz.id, sports: sports.id, outdoor: outdoor.id, family: family.id })
  Object.assign(ids, { hall: hall.id, park: park.id, hiddenVenue: hidden.id, acme: acme.id, jane: jane.id })

  await event('Jazz concert', { start: day('2027-03-01'), categories: [jazz.id], tags: [outdoor.id], venues: [hall.id], organizers: [acme.id, jane.id], featured: true })
  await event('Rock concert', { start: day('2027-03-02'), categories: [music.id], tags: [family.id], venues: [park.id] })
  await event('Football match', { start: day('2027-03-03'), categories: [sports.id], tags: [outdoor.id, family.id], venues: [park.id], ticketed: true })
  await event('Chess club', { start: day('2027-03-04'), organizers: [jane.id] })
  await event('Poetry reading', { start: day('2027-03-05'), venues: [hidden.id], description: null })
  await event('Hidden listing', { start: day('2027-03-06'), hideFromListings: true })
  await event('Draft show', { start: day('2027-03-07'), status: 'draft' })
  await event('Private party', { start: day('2027-03-08'), status: 'private' })
  await event('Pending talk', { start: day('2027-03-09'), status: 'pending' })
  await event('Future gala', { start: day('2027-03-10'), status: 'future' })
  const trashed = await event('Trashed fair', { start: day('2027-03-11') })
  await p.update({ collection: 'events', id: trashed.id, data: { deletedAt: new Date().toISOString() }, trash: true })
  await event('Password gig', { start: day('2027-03-12'), password: 'sesame', cost: '25', excerpt: 'Backstage secret', venues: [hall.id] })
  await event('Long ago', { start: now.minus({ days: 10 }) })
  await event('Started yesterday', { start: now.minus({ days: 1 }).startOf('day').plus({ hours: 12 }) })
  await event('Far future', { start: now.plus({ years: 3 }) })
  await event('Child session', { start: day('2027-03-13'), parent: ids['Jazz concert'] })
})

afterAll(async () => {
  await app?.close()
})

describe('GET /events defaults', () => {
  it('lists published, listed events in the default window, ordered by start date, with the archive headers', async () => {
    const res = await api.get('/events')
    expect(res.status).toBe(200)
    expect(Object.keys(res.body)).toEqual(['events', 'rest_url', 'total', 'total_pages'])
    expect(titles(res.body)).toEqual([
      'Started yesterday', 'Jazz concert', 'Rock concert', 'Football match', 'Chess club', 'Poetry reading', 'Password gig', 'Child session',
    ])
    expect(res.body.total).toBe(8)
    expect(res.body.total_pages).toBe(1)
    expect(res.headers.get('x-tec-total')).toBe('8')
    expect(res.headers.get('x-tec-totalpages')).toBe('1')
    expect(res.headers.get('allow')).toBe('GET')
    const start = now.minus({ days: 1 }).toFormat('yyyy-MM-dd')
    const end = now.plus({ months: 24 }).toFormat('yyyy-MM-dd')
    expect(res.body.rest_url).toBe(`${app.api.replace('127.0.0.1', 'localhost').replace(/:\d+\//, ':3000/')}/events/?page=1&per_page=10&start_date=${start} 00:00:00&end_date=${end} 23:59:59&status=publish`)
  })

  it('never shows drafts, pending, private, future, trashed or hidden events to anonymous callers or subscribers', async () => {
    for (const actor of [actors.anonymous!, actors.subscriber!]) {
      const res = await api.get('/events?per_page=50&start_date=2020-01-01', actor.headers)
      expect(titles(res.body)).not.toEqual(expect.arrayContaining(['Draft show']))
      for (const title of ['Draft show', 'Private party', 'Pending talk', 'Future gala', 'Trashed fair', 'Hidden listing']) {
        expect(titles(res.body)).not.toContain(title)
      }
      expect(res.body.total).toBe(9)
    }
  })

  it('shows editors every untrashed status by default, but still no hidden-from-listings event', async () => {
    const res = await api.get('/events?per_page=50', actors.editor!.headers)
    expect(titles(res.body)).toEqual(expect.arrayContaining(['Draft show', 'Private party', 'Pending talk', 'Future gala']))
    expect(titles(res.body)).not.toContain('Trashed fair')
    expect(titles(res.body)).not.toContain('Hidden listing')
    expect(res.body.rest_url).toContain('&status=any')
  })

  it('shows authors their own drafts but not other people\'s', async () => {
    await app.payload.create({
      collection: 'events',
      data: { title: 'Author draft', startDate: iso(day('2027-04-01')), endDate: iso(day('2027-04-01', '21:00')), status: 'draft', author: actors.author!.id },
    })
    const res = await api.get('/events?per_page=50', actors.author!.headers)
    expect(titles(res.body)).toContain('Author draft')
    expect(titles(res.body)).not.toContain('Draft show')
    const anonymous = await api.get('/events?per_page=50')
    expect(titles(anonymous.body)).not.toContain('Author draft')
  })
})

describe('paging', () => {
  it('links next and previous pages keeping every filter, and 404s past the end', async () => {
    const first = await api.get('/events?per_page=3&categories=jazz,music,sports&tags=outdoor,family-friendly')
    expect(first.body.total).toBe(3)
    const all = await api.get('/events?per_page=2')
    expect(all.body.total).toBe(8)
    expect(all.body.total_pages).toBe(4)
    expect(all.body.next_rest_url).toMatch(/\/events\/\?per_page=2&start_date=\d{4}-\d\d-\d\d\+00%3A00%3A00&end_date=.*&status=publish&page=2$/)
    expect(all.body.previous_rest_url).toBeUndefined()

    const second = await api.get('/events?per_page=2&page=2')
    expect(Object.keys(second.body)).toEqual(['events', 'rest_url', 'next_rest_url', 'previous_rest_url', 'total', 'total_pages'])
    expect(second.body.previous_rest_url).not.toMatch(/[?&]page=/)
    expect(second.body.rest_url).toContain('?page=2&per_page=2')
    const last = await api.get('/events?per_page=2&page=4')
    expect(last.body.next_rest_url).toBeUndefined()
    expect(last.body.previous_rest_url).toMatch(/&page=3$/)
    const following = await api.get(new URL(second.body.next_rest_url).search.replace(/^/, '/events'))
    expect(following.body.events.map((e: { id: number }) => e.id)).toEqual(
      (await api.get('/events?per_page=2&page=3')).body.events.map((e: { id: number }) => e.id),
    )

    const past = await api.get('/events?per_page=2&page=5')
    expect(past.status).toBe(404)
    expect(past.body).toEqual({ code: 'event-archive-page-not-found', message: 'The requested event archive page does not exist', data: { status: 404 } })
  })

  it('keeps category and tag filters in the paging links (deliberate difference 3)', async () => {
    const res = await api.get('/events?per_page=1&tags=outdoor')
    expect(res.body.total).toBe(2)
    expect(res.body.next_rest_url).toContain('tags=outdoor')
    const next = await api.get(`/events${new URL(res.body.next_rest_url).search}`)
    expect(titles(next.body)).toEqual(['Football match'])
  })

  it('answers 200 with an empty list for page 1 without matches', async () => {
    const res = await api.get('/events?search=nothing-matches-this')
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ events: [], total: 0, total_pages: 0 })
  })

  it('caps per_page at 50 and rejects pages and sizes that are not positive integers', async () => {
    const capped = await api.get('/events?per_page=100')
    expect(capped.status).toBe(200)
    expect(capped.body.rest_url).toContain('per_page=50')
    for (const query of ['page=0', 'page=-1', 'page=foo', 'page=1.5', 'per_page=0', 'per_page=abc', 'per_page=-1']) {
      const res = await api.get(`/events?${query}`)
      expect(res.status).toBe(400)
      const name = query.split('=')[0]!
      expect(res.body).toEqual({
        code: 'rest_invalid_param',
        message: `Invalid parameter(s): ${name}`,
        data: { status: 400, params: { [name]: 'Invalid parameter.' }, details: [] },
      })
    }
  })
})

describe('date filters', () => {
  it('start_date and end_date include whole days by default', async () => {
    const res = await api.get('/events?start_date=2027-03-02&end_date=2027-03-03')
    expect(titles(res.body)).toEqual(['Rock concert', 'Football match'])
    expect(res.body.rest_url).toContain('start_date=2027-03-02 00:00:00&end_date=2027-03-03 23:59:59')
  })

  it('strict_dates applies the exact times', async () => {
    const res = await api.get('/events?start_date=2027-03-02 20:00:00&end_date=2027-03-04 23:00:00&strict_dates=true')
    expect(titles(res.body)).toEqual(['Football match', 'Chess club'])
  })

  it('starts_* and ends_* compare exclusively against the end of the given day and drop the default window', async () => {
    expect(titles((await api.get('/events?starts_after=2027-03-11')).body)).toEqual(['Password gig', 'Child session', 'Far future'])
    expect(titles((await api.get('/events?starts_before=2027-03-01&start_date=2020-01-01')).body)).toEqual(['Long ago', 'Started yesterday', 'Jazz concert'])
    expect(titles((await api.get('/events?ends_before=2027-03-02&ends_after=2027-03-01')).body)).toEqual(['Rock concert'])
    const withStart = await api.get('/events?starts_before=2027-03-02&start_date=2027-03-02')
    expect(titles(withStart.body)).toEqual(['Rock concert'])
  })

  it('accepts strtotime-style values and rejects the rest', async () => {
    const relative = await api.get('/events?start_date=-2 weeks&end_date=%2B1 week')
    expect(titles(relative.body)).toEqual(['Long ago', 'Started yesterday'])
    // PHP reads 2027-02-30 as 2 March (it overflows days up to 31); 2027-02-32 it refuses.
    expect((await api.get('/events?ends_before=2027-02-30')).status).toBe(200)
    const bad = await api.get('/events?start_date=not a date&ends_before=2027-02-32')
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.data.params)).toEqual(['start_date', 'ends_before'])
  })

  it('include ignores every date filter and orders by post date', async () => {
    const res = await api.get(`/events?include=${ids['Far future']},${ids['Long ago']}&start_date=2027-01-01`)
    expect(titles(res.body)).toEqual(['Long ago', 'Far future'])
    expect(res.body.rest_url).toContain(`include=${ids['Far future']},${ids['Long ago']}`)
    expect(res.body.rest_url).not.toContain('start_date')
    expect((await api.get('/events?include=abc')).status).toBe(400)
  })
})

describe('taxonomy, link and flag filters', () => {
  it('categories by ID, slug or name, as CSV or array, with OR logic', async () => {
    const expected = ['Jazz concert', 'Football match']
    for (const query of [`categories=${ids.jazz},${ids.sports}`, 'categories=jazz,sports', 'categories[]=Jazz Night&categories[]=sports', `categories[]=${ids.jazz}&categories[]=Sports`]) {
      expect(titles((await api.get(`/events?${query}`)).body)).toEqual(expected)
    }
    const unknown = await api.get('/events?categories=jazz,nope')
    expect(unknown.status).toBe(400)
    expect(unknown.body.data.params).toEqual({ categories: 'Invalid parameter.' })
  })

  it('tags by ID or slug', async () => {
    expect(titles((await api.get(`/events?tags=${ids.family}`)).body)).toEqual(['Rock concert', 'Football match'])
    expect(titles((await api.get('/events?tags=family-friendly,outdoor')).body)).toEqual(['Jazz concert', 'Rock concert', 'Football match'])
    expect((await api.get(`/events?tags=${ids.jazz + 1000}`)).status).toBe(400)
  })

  it('venue and organizer by ID lists; IDs of other post types are refused', async () => {
    expect(titles((await api.get(`/events?venue=${ids.park}`)).body)).toEqual(['Rock concert', 'Football match'])
    // A password hides the venue: the protected gig matches only for who may read it in full.
    expect(titles((await api.get(`/events?venue[]=${ids.park}&venue[]=${ids.hall}`)).body)).toEqual(['Jazz concert', 'Rock concert', 'Football match'])
    expect(titles((await api.get(`/events?venue[]=${ids.park}&venue[]=${ids.hall}`, actors.editor!.headers)).body)).toEqual([
      'Jazz concert', 'Rock concert', 'Football match', 'Password gig',
    ])
    expect(titles((await api.get(`/events?organizer=${ids.jane}`)).body)).toEqual(['Jazz concert', 'Chess club'])
    expect((await api.get(`/events?venue=${ids.acme}`)).status).toBe(400)
    expect((await api.get(`/events?organizer=${ids['Jazz concert']}`)).status).toBe(400)
    // A draft venue is invisible to anonymous callers, so it cannot be used as a filter.
    expect((await api.get(`/events?venue=${ids.hiddenVenue}`)).status).toBe(400)
    expect((await api.get(`/events?venue=${ids.hiddenVenue}`, actors.editor!.headers)).body.total).toBe(1)
  })

  it('featured, ticketed and post_parent', async () => {
    expect(titles((await api.get('/events?featured=1')).body)).toEqual(['Jazz concert'])
    // The flags of the protected gig are hidden: it matches neither value for anonymous callers.
    expect((await api.get('/events?featured=false')).body.total).toBe(6)
    expect((await api.get('/events?featured=false&status=publish', actors.editor!.headers)).body.total).toBe(7)
    expect(titles((await api.get('/events?ticketed=true')).body)).toEqual(['Football match'])
    expect(titles((await api.get(`/events?post_parent=${ids['Jazz concert']}`)).body)).toEqual(['Child session'])
    expect((await api.get(`/events?post_parent=${ids.hall}`)).status).toBe(400)
    const bad = await api.get('/events?featured=maybe')
    expect(bad.status).toBe(400)
    expect(bad.body.data).toEqual({
      status: 400,
      params: { featured: 'featured is not of type boolean.' },
      details: { featured: { code: 'rest_invalid_type', message: 'featured is not of type boolean.', data: { param: 'featured' } } },
    })
  })

  it('search matches titles and descriptions, but not the hidden fields of password-protected events', async () => {
    await app.payload.update({ collection: 'events', id: ids['Chess club']!, data: { excerpt: 'Bring your own board' } })
    expect(titles((await api.get('/events?search=CONCERT')).body)).toEqual(['Jazz concert', 'Rock concert'])
    expect(titles((await api.get('/events?search=own board')).body)).toEqual(['Chess club'])
    expect((await api.get('/events?search=backstage')).body.total).toBe(0)
    expect(titles((await api.get('/events?search=backstage', actors.editor!.headers)).body)).toEqual(['Password gig'])
    expect((await api.get('/events?search=')).status).toBe(400)
    const injection = await api.get(`/events?search=${encodeURIComponent("'; DROP TABLE events; --")}`)
    expect(injection.status).toBe(200)
    expect(injection.body.total).toBe(0)
    expect((await api.get('/events')).body.total).toBe(8)
  })

  it('geolocation: a bounding box around the point, or any geolocated venue', async () => {
    expect(titles((await api.get('/events?geoloc=1&geoloc_lat=42.36&geoloc_lng=-71.06')).body)).toEqual(['Jazz concert'])
    expect(titles((await api.get('/events?geoloc=1&geoloc_lat=42.36&geoloc_lng=-71.06', actors.editor!.headers)).body)).toEqual(['Jazz concert', 'Password gig'])
    expect(titles((await api.get('/events?geoloc=1&geoloc_lat=48.85&geoloc_lng=2.35')).body)).toEqual(['Rock concert', 'Football match'])
    expect((await api.get('/events?geoloc=1&geoloc_lat=10&geoloc_lng=10')).body.total).toBe(0)
    expect((await api.get('/events?geoloc=1')).body.total).toBe(3)
    expect((await api.get('/events?geoloc=1', actors.editor!.headers)).body.total).toBe(4)
    expect((await api.get('/events?geoloc=0&geoloc_lat=10&geoloc_lng=10')).body.total).toBe(8)
    expect((await api.get('/events?geoloc=1&geoloc_lat=north')).status).toBe(400)
  })
})

describe('status filter', () => {
  it('lets anonymous callers ask for publish only', async () => {
    expect((await api.get('/events?status=publish')).status).toBe(200)
    for (const status of ['draft', 'publish,draft', 'any', 'trash']) {
      const res = await api.get(`/events?status=${status}`)
      expect(res.status).toBe(400)
      expect(res.body.data.params).toEqual({ status: 'Invalid parameter.' })
    }
    expect((await api.get('/events?status=draft', actors.subscriber!.headers)).status).toBe(400)
  })

  it('lets editors ask for any registered status, trash included, but not "any"', async () => {
    const drafts = await api.get('/events?status=draft,pending', actors.editor!.headers)
    expect(titles(drafts.body)).toEqual(['Draft show', 'Pending talk', 'Author draft'])
    expect(drafts.body.rest_url).toContain('status=draft,pending')
    const trash = await api.get('/events?status=trash', actors.editor!.headers)
    expect(titles(trash.body)).toEqual(['Trashed fair'])
    expect(trash.body.events[0].status).toBe('trash')
    expect((await api.get('/events?status=any', actors.editor!.headers)).status).toBe(400)
  })
})

describe('password-protected events in lists', () => {
  const gig = () => `/events?search=Password gig`

  it('are listed with their protected fields replaced', async () => {
    const [event] = (await api.get(gig())).body.events
    expect(event.title).toBe('Password gig')
    expect(event.start_date).toBe('2027-03-12 19:00:00')
    expect(event).toMatchObject({
      description: '',
      excerpt: '',
      cost: '',
      website: '',
      image: false,
      all_day: null,
      featured: null,
      show_map: null,
      cost_details: { currency_symbol: '', currency_position: '', currency_code: '', values: [] },
      categories: [],
      tags: [],
      venue: [],
      organizer: [],
    })
    expect(Object.keys(event.cost_details)).toEqual(['currency_symbol', 'currency_position', 'currency_code', 'values'])
  })

  it('are complete with the right ?password=, still stripped with a wrong one', async () => {
    const [open] = (await api.get(`${gig()}&password=sesame`)).body.events
    expect(open).toMatchObject({ excerpt: '<p>Backstage secret</p>', cost: '$25', venue: { venue: 'Symphony Hall' } })
    const [shut] = (await api.get(`${gig()}&password=open-please`)).body.events
    expect(shut.excerpt).toBe('')
  })

  it('are complete for their editors with context=edit only', async () => {
    const [plain] = (await api.get(gig(), actors.editor!.headers)).body.events
    expect(plain.excerpt).toBe('')
    const [edit] = (await api.get(`${gig()}&context=edit`, actors.editor!.headers)).body.events
    expect(edit.excerpt).toBe('<p>Backstage secret</p>')
    const [subscriber] = (await api.get(`${gig()}&context=edit`, actors.subscriber!.headers)).body.events
    expect(subscriber.excerpt).toBe('')
  })
})

describe('embedded objects', () => {
  it('embed visible venues, organizers and terms in the reference shapes, and leave out what the caller may not see', async () => {
    const [jazz] = (await api.get('/events?search=Jazz concert')).body.events
    expect(jazz.venue).toMatchObject({ id: ids.hall, venue: 'Symphony Hall', city: 'Boston', geo_lat: 42.3429, show_map: true })
    expect(jazz.venue.json_ld).toBeUndefined()
    expect(jazz.organizer.map((o: { organizer: string }) => o.organizer)).toEqual(['Acme', 'Jane Doe'])
    expect(jazz.categories).toEqual([
      {
        name: 'Jazz Night',
        slug: 'jazz',
        term_group: 0,
        term_taxonomy_id: ids.jazz,
        taxonomy: 'tribe_events_cat',
        description: '',
        parent: ids.music,
        count: 1,
        filter: 'raw',
        id: ids.jazz,
        urls: {
          self: `http://localhost:3000/wp-json/calendar/events/v1/categories/${ids.jazz}`,
          collection: 'http://localhost:3000/wp-json/calendar/events/v1/categories',
          up: `http://localhost:3000/wp-json/calendar/events/v1/categories/${ids.music}`,
        },
      },
    ])
    const [poetry] = (await api.get('/events?search=Poetry')).body.events
    expect(poetry.venue).toEqual([])
    const [asEditor] = (await api.get('/events?search=Poetry', actors.editor!.headers)).body.events
    expect(asEditor.venue.venue).toBe('Secret Venue')
  })
})

describe('site time zone', () => {
  let ny: TestApp
  beforeAll(async () => {
    ny = await initTestApp({ siteTimezone: 'America/New_York' })
    await ny.payload.create({
      collection: 'events',
      // 03:30 UTC on the 2nd is 22:30 on the 1st in New York.
      data: { title: 'Late show', startDate: '2027-06-02T03:30:00Z', endDate: '2027-06-02T04:30:00Z', timezone: 'America/New_York' },
    })
  })
  afterAll(async () => {
    await ny?.close()
  })

  it('reads whole days in the site zone', async () => {
    const client = apiClient(ny.api)
    // It starts on the 1st and ends on the 2nd, New York time.
    expect(titles((await client.get('/events?start_date=2027-06-01&end_date=2027-06-02')).body)).toEqual(['Late show'])
    expect((await client.get('/events?start_date=2027-06-01&end_date=2027-06-01')).body.total).toBe(0)
    expect((await client.get('/events?start_date=2027-06-02&end_date=2027-06-02')).body.total).toBe(0)
    // Strict mode reads the value as UTC.
    expect(titles((await client.get('/events?start_date=2027-06-02 03:00:00&strict_dates=1')).body)).toEqual(['Late show'])
  })
})
