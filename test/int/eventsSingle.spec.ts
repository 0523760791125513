import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { createActors, type Actor } from '../helpers/actors.js'
import { apiClient } from '../helpers/http.js'
import { eventPasswordLimits } from '../../collections/auth/eventPasswordLimits.js'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'

let app: TestApp
let api: ReturnType<typeof apiClient>
let actors: Record<string, Actor>
const ids: Record<string, number> = {}

// The reference's event object, every key in order (reference 6.2), plus json_ld on single reads.
const EVENT_KEYS = [
  'id', 'global_id', 'global_id_lineage', 'author', 'status', 'date', 'date_utc', 'modified', 'modified_utc', 'url', 'rest_url',
  'title', 'description', 'excerpt', 'slug', 'image', 'all_day', 'start_date', 'start_date_details', 'end_date', 'end_date_details',
  'utc_start_date', 'utc_start_date_details', 'utc_end_date', 'utc_end_date_details', 'timezone', 'timezone_abbr', 'cost',
  'cost_details', 'website', 'show_map', 'show_map_link', 'hide_from_listings', 'sticky', 'featured', 'categories', 'tags',
  'venue', 'organizer', 'custom_fields', 'json_ld', 'ticketed',
]

async function event(key: string, data: Record<string, unknown> = {}) {
  const doc = await app.payload.create({
    collection: 'events',
    data: { title: key, startDate: '2027-05-01T17:00:00Z', endDate: '2027-05-01T19:30:00Z', ...data },
  })
  ids[key] = doc.id as number
  return doc
}

beforeAll(async () => {
  app = await initTestApp()
  api = apiClient(app.api)
  actors = await createActors(app)
  const p = app.payload
  const venue = await p.create({
    collection: 'venues',
    data: { title: 'Symphony Hall', address: '301 Massachusetts Ave', city: 'Boston', state: 'MA', zip: '02115', country: 'United States', phone: '617-266-1492', website: 'https://www.example.org/symphony' },
  })
  const organizer = await p.create({ collection: 'organizers', data: { title: 'Acme Events', email: 'info@acme.example.com', website: 'https://acme.example.com', phone: '555-0100' } })
  const category = await p.create({ collection: 'event-categories', data: { name: 'Music', description: 'Concerts and gigs' } })
  ids.venue = venue.id as number
  ids.organizer = organizer.id as number
  ids.category = category.id as number
  await event('Spring Concert', {
    timezone: 'America/New_York',
    venues: [venue.id],
    organizers: [organizer.id],
    categories: [category.id],
    cost: '5 - 50',
    featured: true,
    author: actors.editor!.id,
  })
  await event('Tokyo Talk', { timezone: 'Asia/Tokyo', cost: 'Free' })
  await event('Offset Party', { timezone: 'UTC+2', cost: '12', currencySymbol: '€', currencyPosition: 'prefix' })
  await event('Draft Idea', { status: 'draft', author: actors.author!.id })
  await event('Private Dinner', { status: 'private' })
  await event('Future Launch', { status: 'future' })
  await event('Locked Gig', { password: 'open sesame', excerpt: 'Secret line-up', venues: [venue.id] })
  const trashed = await event('Old Fair')
  await p.update({ collection: 'events', id: trashed.id, data: { deletedAt: new Date().toISOString() }, trash: true })
})

afterAll(async () => {
  await app?.close()
})

describe('GET /events/<id>', () => {
  it('answers the event with every key in the reference order, dates in the event zone and json_ld', async () => {
    const res = await api.get(`/events/${ids['Spring Concert']}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    expect(res.headers.get('allow')).toBe('GET')
    expect(Object.keys(res.body)).toEqual(EVENT_KEYS)
    expect(res.body).toMatchObject({
      id: ids['Spring Concert'],
      global_id: `localhost?id=${ids['Spring Concert']}`,
      author: String(actors.editor!.id),
      status: 'publish',
      url: 'http://localhost:3000/event/spring-concert/',
      rest_url: `http://localhost:3000/wp-json/calendar/events/v1/events/${ids['Spring Concert']}`,
      slug: 'spring-concert',
      start_date: '2027-05-01 13:00:00',
      start_date_details: { year: '2027', month: '05', day: '01', hour: '13', minutes: '00', seconds: '00' },
      end_date: '2027-05-01 15:30:00',
      utc_start_date: '2027-05-01 17:00:00',
      utc_end_date_details: { year: '2027', month: '05', day: '01', hour: '19', minutes: '30', seconds: '00' },
      timezone: 'America/New_York',
      timezone_abbr: 'EDT',
      cost: '$5 – $50',
      cost_details: { currency_symbol: '', currency_code: '', currency_position: '', values: ['5', '50'] },
      website: 'http://localhost:3000/event/spring-concert/',
      featured: true,
      custom_fields: [],
    })
    expect(res.body.venue).toMatchObject({ id: ids.venue, venue: 'Symphony Hall', stateprovince: 'MA', show_map: true })
    expect(res.body.venue.json_ld).toMatchObject({
      '@type': 'Place',
      name: 'Symphony Hall',
      address: { '@type': 'PostalAddress', streetAddress: '301 Massachusetts Ave', addressLocality: 'Boston', addressRegion: 'MA', postalCode: '02115' },
      telephone: '617-266-1492',
      sameAs: 'https://www.example.org/symphony',
    })
    expect(res.body.organizer[0].json_ld['@type']).toBe('Person')
    expect(res.body.json_ld).toMatchObject({
      '@context': 'http://schema.org',
      '@type': 'Event',
      name: 'Spring Concert',
      url: 'http://localhost:3000/event/spring-concert/',
      startDate: '2027-05-01T13:00:00-04:00',
      endDate: '2027-05-01T15:30:00-04:00',
      location: { '@type': 'Place', name: 'Symphony Hall' },
      organizer: { '@type': 'Person', name: 'Acme Events' },
    })
    // The organizer's e-mail in JSON-LD is entity-encoded; decoded it is the address.
    const decoded = res.body.json_ld.organizer.email.replace(/&#(\d+);/g, (_: string, n: string) => String.fromCharCode(Number(n)))
    expect(decoded).toBe('info@acme.example.com')
    expect(res.body.json_ld.organizer.email).not.toBe('info@acme.example.com')
  })

  it('shows other zones and costs as the reference does', async () => {
    const tokyo = (await api.get(`/events/${ids['Tokyo Talk']}`)).body
    expect(tokyo).toMatchObject({ start_date: '2027-05-02 02:00:00', timezone: 'Asia/Tokyo', timezone_abbr: 'JST', cost: 'Free' })
    expect(tokyo.cost_details.values).toEqual(['free'])
    const offset = (await api.get(`/events/${ids['Offset Party']}`)).body
    expect(offset).toMatchObject({ start_date: '2027-05-01 19:00:00', timezone: 'UTC+2', timezone_abbr: 'UTC+2', cost: '€12' })
    expect(offset.cost_details).toEqual({ currency_symbol: '€', currency_code: '', currency_position: 'prefix', values: ['12'] })
  })

  it('404s unknown IDs (0 included) and 400s IDs of venues or organizers; non-numeric IDs are not a route', async () => {
    expect(await api.get('/events/999999').then((r) => [r.status, r.body])).toEqual([
      404,
      { code: 'rest-event-not-found', message: 'Event with ID 999999 does not exist.', data: { status: 404 } },
    ])
    expect((await api.get('/events/0')).status).toBe(404)
    expect(await api.get(`/events/${ids.venue}`).then((r) => [r.status, r.body])).toEqual([
      400,
      { code: 'rest-invalid-event-id', message: 'The specified ID is not a valid event.', data: { status: 400 } },
    ])
    expect((await api.get(`/events/${ids.organizer}`)).body.code).toBe('rest-invalid-event-id')
    expect((await api.get('/events/abc')).body.code).toBe('rest_no_route')
    expect((await api.get('/events/by-slug/')).body.code).toBe('rest_no_route')
  })

  it('refuses trashed events to everyone, administrators included', async () => {
    for (const actor of [actors.anonymous!, actors.administrator!]) {
      const res = await api.get(`/events/${ids['Old Fair']}`, actor.headers)
      expect([res.status, res.body.code, res.body.message]).toEqual([403, 'event-no-longer-available', 'This event is no longer available'])
    }
  })

  it('refuses unpublished events to those who may not read them', async () => {
    for (const key of ['Draft Idea', 'Private Dinner', 'Future Launch']) {
      for (const actor of [actors.anonymous!, actors.subscriber!, actors.contributor!]) {
        const res = await api.get(`/events/${ids[key]}`, actor.headers)
        expect([key, actor.role, res.status, res.body.code]).toEqual([key, actor.role, 403, 'event-not-accessible'])
      }
      expect((await api.get(`/events/${ids[key]}`, actors.editor!.headers)).status).toBe(200)
    }
    // An author reads their own draft.
    expect((await api.get(`/events/${ids['Draft Idea']}`, actors.author!.headers)).body.status).toBe('draft')
  })

  it('needs the password for a protected event, unless its editor asks with context=edit', async () => {
    const path = `/events/${ids['Locked Gig']}`
    const locked = await api.get(path)
    expect([locked.status, locked.body]).toEqual([
      403,
      { code: 'event-password-protected', message: 'The requested event is not accessible without a password', data: { status: 403 } },
    ])
    expect((await api.get(`${path}?password=wrong`)).status).toBe(403)
    expect((await api.get(`${path}?password=`)).body.code).toBe('rest_invalid_param')
    const open = await api.get(`${path}?password=${encodeURIComponent('open sesame')}`)
    expect(open.status).toBe(200)
    expect(open.body).toMatchObject({ excerpt: '<p>Secret line-up</p>', venue: { venue: 'Symphony Hall' } })
    expect(open.body).not.toHaveProperty('password')
    expect((await api.get(path, actors.editor!.headers)).status).toBe(403)
    expect((await api.get(`${path}?context=edit`, actors.editor!.headers)).status).toBe(200)
    expect((await api.get(`${path}?context=edit`, actors.subscriber!.headers)).status).toBe(403)
    // Unlocked answers are never cached for others.
    expect((await api.get(path)).status).toBe(403)
  })

  it('lists the methods the caller may use in Allow', async () => {
    expect((await api.get(`/events/${ids['Spring Concert']}`, actors.subscriber!.headers)).headers.get('allow')).toBe('GET')
    const allow = (await api.get(`/events/${ids['Spring Concert']}`, actors.administrator!.headers)).headers.get('allow')
    expect(allow!.split(', ')[0]).toBe('GET')
  })

  it('answers HEAD like GET, without a body', async () => {
    const res = await fetch(`${app.api}/events/${ids['Spring Concert']}`, { method: 'HEAD' })
    expect(res.status).toBe(200)
    expect(await res.text()).toBe('')
  })
})

describe('guessing event passwords', () => {
  beforeAll(() => eventPasswordLimits.clear(app.payload))
  afterAll(() => eventPasswordLimits.clear(app.payload))

  it('locks a client out for a while after repeated wrong passwords, with Retry-After', async () => {
    const path = `/events/${ids['Locked Gig']}`
    let status = 403
    let tries = 0
    while (status === 403 && tries < 40) {
      status = (await api.get(`${path}?password=guess-${tries}`)).status
      tries++
    }
    const locked = await api.get(`${path}?password=${encodeURIComponent('open sesame')}`)
    expect([tries, locked.status, locked.body.code]).toEqual([31, 429, 'rest_too_many_requests'])
    expect(locked.body.message).toMatch(/^Too many wrong event passwords\. Try again in \d+ seconds\.$/)
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(500)
    // Reading without a password is not a guess: the answer is the usual 403.
    expect((await api.get(path)).status).toBe(403)
  })
})

describe('GET /events/by-slug/<slug>', () => {
  it('answers like the ID route', async () => {
    const bySlug = await api.get('/events/by-slug/spring-concert')
    const byId = await api.get(`/events/${ids['Spring Concert']}`)
    expect(bySlug.status).toBe(200)
    expect(bySlug.body).toEqual(byId.body)
    expect((await api.get('/events/by-slug/spring-concert/')).status).toBe(200)
    // A draft has no post name in WordPress: its slug names nothing for anonymous callers (reference 6.6).
    expect((await api.get('/events/by-slug/draft-idea')).body.code).toBe('rest_invalid_param')
    expect((await api.get('/events/by-slug/locked-gig')).body.code).toBe('event-password-protected')
    expect((await api.get('/events/by-slug/locked-gig?password=open%20sesame')).status).toBe(200)
  })

  it('400s slugs that name no event', async () => {
    for (const slug of ['no-such-event', 'symphony-hall', '%E2%80%8B']) {
      const res = await api.get(`/events/by-slug/${slug}`)
      expect([slug, res.status, res.body.code, res.body.data.params]).toEqual([slug, 400, 'rest_invalid_param', { slug: 'Invalid parameter.' }])
    }
  })
})
