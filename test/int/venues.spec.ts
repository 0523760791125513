import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { env } from '../../src/env.js'
import { type Actor, createActors } from '../helpers/actors.js'
import { apiClient } from '../helpers/http.js'
import { createEvent, createPost, daysFromNow, storedCount, storedDoc } from '../helpers/fixtures.js'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'

type Role = 'anonymous' | 'administrator' | 'editor' | 'author' | 'contributor' | 'subscriber'

let app: TestApp
let api: ReturnType<typeof apiClient>
let actors: Record<Role, Actor>
const as = (role: Role) => actors[role].headers

// Fixture IDs, filled in beforeAll.
const v: Record<string, number> = {}
const e: Record<string, number> = {}

// Every URL the API emits starts at SITE_URL, whatever host the request came to.
const BASE = `${env.SITE_URL}${env.REST_PREFIX}/calendar/events/v1`
const iso = daysFromNow

const venue = (data: Record<string, unknown>, description?: string) => createPost(app.payload, 'venues', data, description)
const event = (title: string, data: Record<string, unknown>) => createEvent(app.payload, title, data)
const stored = (id: number) => storedDoc(app.payload, 'venues', id)
const venueCount = () => storedCount(app.payload, 'venues')

const ids = (body: { venues: Array<{ id: number }> }) => body.venues.map((venue) => venue.id)

beforeAll(async () => {
  app = await initTestApp({ allowPrivateImageHosts: true })
  api = apiClient(app.api)
  actors = await createActors(app)
  const author = (role: Role) => actors[role].id

  v.hall = await venue(
    {
      title: 'Symphony Hall',
      address: '301 Massachusetts Ave',
      city: 'Boston',
      state: 'MA',
      zip: '02115',
      phone: '617-266-1492',
      country: 'United States',
      website: 'https://www.example.org/symphony',
      author: author('administrator'),
      publishedAt: '2026-01-15T14:00:00.000Z',
    },
    '<p>A classic concert hall.</p>',
  )
  v.club = await venue(
    { title: 'Jazz Club', city: 'Montréal', province: 'Québec', phone: '514-555-0199', author: author('author'), publishedAt: '2026-01-14T10:00:00.000Z' },
    '<p>Late-night sessions with a saxophone quartet.</p>',
  )
  v.park = await venue({ title: 'Riverside Park', address: '1 River Road', stateprovince: 'Ontario', zip: 'K1A 0B1', author: author('editor'), publishedAt: '2026-01-13T10:00:00.000Z' })
  // Same publication date: the higher ID comes first.
  v.tieLow = await venue({ title: 'Tie Low', author: author('editor'), publishedAt: '2026-01-10T10:00:00.000Z' })
  v.tieHigh = await venue({ title: 'Tie High', author: author('editor'), publishedAt: '2026-01-10T10:00:00.000Z' })
  v.empty = await venue({ title: 'Empty Barn', author: author('editor'), publishedAt: '2026-01-09T10:00:00.000Z' })
  // Invisible to anonymous callers and subscribers.
  v.draft = await venue({ title: 'Secret Draft Loft', status: 'draft', city: 'Boston', author: author('contributor') })
  v.pending = await venue({ title: 'Pending Pavilion', status: 'pending', author: author('author') })
  v.private = await venue({ title: 'Private Salon', status: 'private', city: 'Boston', author: author('editor'), publishedAt: '2026-01-12T10:00:00.000Z' })
  v.trashed = await venue({ title: 'Old Theatre', author: author('editor'), publishedAt: '2026-01-11T10:00:00.000Z' })
  await app.payload.update({ collection: 'venues', id: v.trashed, data: { deletedAt: new Date().toISOString() } as never, overrideAccess: true, trash: true })

  // Events: upcoming published (hall), past published (club), upcoming draft (park), pending (tieLow),
  // upcoming private (tieHigh).
  e.upcoming = await event('Spring Concert', { venues: [v.hall] })
  e.past = await event('Last Year Jam', { venues: [v.club], startDate: iso(-30), endDate: iso(-29.9) })
  e.draft = await event('Draft Picnic', { venues: [v.park], status: 'draft' })
  e.pending = await event('Pending Talk', { venues: [v.tieLow], status: 'pending' })
  e.private = await event('Private Gala', { venues: [v.tieHigh], status: 'private' })
  e.twoVenues = await event('Festival', { venues: [v.hall, v.draft], startDate: iso(20), endDate: iso(21) })
})

afterAll(async () => {
  await app?.close()
})

describe('GET /venues', () => {
  it('lists published venues by post date, newest first, then by ID, with totals in body and headers', async () => {
    const res = await api.get('/venues')
    expect(res.status).toBe(200)
    expect(ids(res.body)).toEqual([v.hall, v.club, v.park, v.tieHigh, v.tieLow, v.empty])
    expect(res.body.total).toBe(6)
    expect(res.body.total_pages).toBe(1)
    expect(res.headers.get('x-tec-total')).toBe('6')
    expect(res.headers.get('x-tec-totalpages')).toBe('1')
    expect(res.body.rest_url).toBe(`${BASE}/venues/?page=1&per_page=10&status=publish`)
    expect(Object.keys(res.body)).toEqual(['venues', 'rest_url', 'total', 'total_pages'])
  })

  it('serializes each venue as the reference does, without json_ld in lists', async () => {
    const res = await api.get('/venues')
    const hall = res.body.venues[0]
    expect(Object.keys(hall)).toEqual([
      'id', 'author', 'status', 'date', 'date_utc', 'modified', 'modified_utc', 'url', 'venue', 'description', 'slug',
      'address', 'city', 'country', 'state', 'zip', 'phone', 'website', 'stateprovince',
      'show_map', 'show_map_link', 'global_id', 'global_id_lineage',
    ])
    expect(hall).toMatchObject({
      id: v.hall,
      author: String(actors.administrator.id),
      status: 'publish',
      date: '2026-01-15 14:00:00',
      date_utc: '2026-01-15 14:00:00',
      venue: 'Symphony Hall',
      description: '<p>A classic concert hall.</p>',
      slug: 'symphony-hall',
      stateprovince: 'MA',
      show_map: true,
      show_map_link: true,
    })
    expect(hall.url).toMatch(/\/venue\/symphony-hall\/$/)
    expect(hall.global_id_lineage).toEqual([hall.global_id])
    for (const item of res.body.venues) expect(item.json_ld).toBeUndefined()
  })

  it('pages with next and previous links and 404s past the last page', async () => {
    const first = await api.get('/venues?per_page=2')
    expect(ids(first.body)).toEqual([v.hall, v.club])
    expect(first.body.total_pages).toBe(3)
    expect(first.body.next_rest_url).toBe(`${BASE}/venues/?per_page=2&status=publish&page=2`)
    expect(first.body.previous_rest_url).toBeUndefined()

    const second = await api.get('/venues?per_page=2&page=2')
    expect(ids(second.body)).toEqual([v.park, v.tieHigh])
    expect(second.body.rest_url).toBe(`${BASE}/venues/?page=2&per_page=2&status=publish`)
    expect(second.body.previous_rest_url).toBe(`${BASE}/venues/?per_page=2&status=publish`)
    expect(second.body.next_rest_url).toBe(`${BASE}/venues/?per_page=2&status=publish&page=3`)

    const third = await api.get('/venues?per_page=2&page=3')
    expect(ids(third.body)).toEqual([v.tieLow, v.empty])
    expect(third.body.next_rest_url).toBeUndefined()
    expect(third.body.previous_rest_url).toBe(`${BASE}/venues/?per_page=2&status=publish&page=2`)

    const past = await api.get('/venues?per_page=2&page=4')
    expect(past.status).toBe(404)
    expect(past.body).toEqual({
      code: 'venue-archive-page-not-found',
      message: 'The requested venue archive page does not exist',
      data: { status: 404 },
    })
  })

  it('caps per_page at 50 and refuses page and per_page that are not positive integers', async () => {
    const res = await api.get('/venues?per_page=100')
    expect(res.status).toBe(200)
    expect(res.body.rest_url).toContain('per_page=50')
    for (const query of ['page=0', 'page=-1', 'page=abc', 'page=1.5', 'per_page=0', 'per_page=abc']) {
      const bad = await api.get(`/venues?${query}`)
      expect(bad.status).toBe(400)
      expect(bad.body.code).toBe('rest_invalid_param')
    }
  })

  it.each([
    ['title', 'symphony', 'hall'],
    ['description', 'SAXOPHONE', 'club'],
    ['address', 'river road', 'park'],
    ['city', 'montréal', 'club'],
    ['province', 'Québec', 'club'],
    ['state', 'MA', 'hall'],
    ['stateprovince', 'ontario', 'park'],
    ['zip', 'K1A', 'park'],
    ['phone', '266-1492', 'hall'],
  ])('search matches the %s', async (_field, term, expected) => {
    const res = await api.get(`/venues?search=${encodeURIComponent(term)}`)
    expect(res.status).toBe(200)
    expect(ids(res.body)).toEqual([v[expected]])
    expect(res.body.total).toBe(1)
    expect(res.body.rest_url).toBe(`${BASE}/venues/?page=1&per_page=10&status=publish`)
  })

  it('a search that matches nothing is an empty first page with total 0; an empty search is 400', async () => {
    const none = await api.get('/venues?search=zzzz-nothing')
    expect(none.status).toBe(200)
    expect(none.body).toMatchObject({ venues: [], total: 0, total_pages: 0 })
    expect(none.headers.get('x-tec-total')).toBe('0')
    expect((await api.get('/venues?search=zzzz-nothing&page=2')).status).toBe(404)
    const empty = await api.get('/venues?search=')
    expect(empty.status).toBe(400)
    expect(empty.body.data.params).toHaveProperty('search')
  })

  it('search never reveals drafts to anonymous callers', async () => {
    const res = await api.get('/venues?search=Secret')
    expect(res.body.venues).toEqual([])
    const editor = await api.get('/venues?search=Secret', as('editor'))
    expect(ids(editor.body)).toEqual([v.draft])
  })

  it('event lists the venues of one event the caller can see', async () => {
    const res = await api.get(`/venues?event=${e.twoVenues}`)
    expect(res.status).toBe(200)
    // The draft venue of that event stays hidden from the public.
    expect(ids(res.body)).toEqual([v.hall])
    expect(res.body.rest_url).toBe(`${BASE}/venues/?page=1&per_page=10&event=${e.twoVenues}&status=publish`)
    // The draft has no publication date: its creation (today) is its post date.
    const editor = await api.get(`/venues?event=${e.twoVenues}`, as('editor'))
    expect(ids(editor.body)).toEqual([v.draft, v.hall])
  })

  it('event must be an event the caller can see', async () => {
    for (const bad of [String(v.hall), '999999', 'abc', String(e.draft)]) {
      const res = await api.get(`/venues?event=${bad}`)
      expect(res.status).toBe(400)
      expect(res.body).toMatchObject({ code: 'rest_invalid_param', data: { params: { event: 'Invalid parameter.' } } })
    }
    const editor = await api.get(`/venues?event=${e.draft}`, as('editor'))
    expect(ids(editor.body)).toEqual([v.park])
  })

  it('has_events keeps venues linked to an event that is not a draft or pending, and falsy keeps the others', async () => {
    const yes = await api.get('/venues?has_events=true')
    // hall (published and upcoming), club (past), tieHigh (private event).
    expect(ids(yes.body)).toEqual([v.hall, v.club, v.tieHigh])
    expect(yes.body.rest_url).toBe(`${BASE}/venues/?page=1&per_page=10&has_events=true&status=publish`)
    const no = await api.get('/venues?has_events=0')
    expect(ids(no.body)).toEqual([v.park, v.tieLow, v.empty])
    expect(no.body.rest_url).toContain('&has_events=0&status=publish')
    expect((await api.get('/venues?has_events[a]=1')).status).toBe(400)
  })

  it('only_with_upcoming keeps venues with upcoming events the caller can see', async () => {
    const anonymous = await api.get('/venues?only_with_upcoming=1')
    expect(ids(anonymous.body)).toEqual([v.hall])
    expect(anonymous.body.rest_url).toBe(`${BASE}/venues/?page=1&per_page=10&status=publish`)
    // Editors also see the upcoming draft, pending and private events (and the draft venue).
    const editor = await api.get('/venues?only_with_upcoming=yes', as('editor'))
    expect(ids(editor.body)).toEqual([v.draft, v.hall, v.park, v.tieHigh, v.tieLow])
    const off = await api.get('/venues?only_with_upcoming=false')
    expect(off.body.total).toBe(6)
  })

  it('combines the event-linked filters', async () => {
    const res = await api.get(`/venues?event=${e.past}&only_with_upcoming=1`)
    expect(res.body).toMatchObject({ venues: [], total: 0 })
    const both = await api.get(`/venues?event=${e.upcoming}&has_events=1`)
    expect(ids(both.body)).toEqual([v.hall])
    expect(both.body.rest_url).toBe(`${BASE}/venues/?page=1&per_page=10&event=${e.upcoming}&has_events=1&status=publish`)
  })

  describe('status', () => {
    it('anonymous callers and subscribers may ask for publish only', async () => {
      for (const role of ['anonymous', 'subscriber'] as const) {
        expect((await api.get('/venues?status=publish', as(role))).status).toBe(200)
        const res = await api.get('/venues?status=draft', as(role))
        expect(res.status).toBe(400)
        expect(res.body.data.params).toHaveProperty('status')
        const def = await api.get('/venues', as(role))
        expect(def.body.total).toBe(6)
      }
    })

    it('editors see every untrashed status by default (status=any) and may filter, trash included', async () => {
      const all = await api.get('/venues', as('editor'))
      expect(all.body.total).toBe(9)
      expect(all.body.rest_url).toBe(`${BASE}/venues/?page=1&per_page=10&status=any`)
      const drafts = await api.get('/venues?status=draft,pending', as('editor'))
      expect(ids(drafts.body).sort()).toEqual([v.draft, v.pending].sort())
      expect(drafts.body.rest_url).toBe(`${BASE}/venues/?page=1&per_page=10&status=draft,pending`)
      const trash = await api.get('/venues?status=trash', as('editor'))
      expect(ids(trash.body)).toEqual([v.trashed])
      expect(trash.body.venues[0]).toMatchObject({ status: 'trash', slug: 'old-theatre__trashed' })
      expect((await api.get('/venues?status=any', as('editor'))).status).toBe(400)
    })

    it('pages a mix of posts with and without a publication date in one order', async () => {
      const all = await api.get('/venues', as('editor'))
      // Drafts without a publication date count from their creation (today), so they come first.
      expect(ids(all.body)).toEqual([v.pending, v.draft, v.hall, v.club, v.park, v.private, v.tieHigh, v.tieLow, v.empty])
      const pages = []
      for (let page = 1; page <= 3; page++) pages.push(...ids((await api.get(`/venues?per_page=4&page=${page}`, as('editor'))).body))
      expect(pages).toEqual(ids(all.body))
      expect((await api.get('/venues?per_page=4&page=4', as('editor'))).status).toBe(404)
    })

    it('authors and contributors see published venues and their own', async () => {
      const contributor = await api.get('/venues', as('contributor'))
      expect(contributor.body.total).toBe(7)
      expect(ids(contributor.body)).toContain(v.draft)
      const author = await api.get('/venues?status=draft,pending', as('author'))
      expect(ids(author.body)).toEqual([v.pending])
      expect((await api.get('/venues?status=trash', as('author'))).body.total).toBe(0)
    })
  })
})

describe('GET /venues/<id> and /venues/by-slug/<slug>', () => {
  it('returns the venue with its JSON-LD', async () => {
    const res = await api.get(`/venues/${v.hall}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('allow')).toBe('GET')
    expect(Object.keys(res.body)).toEqual([
      'id', 'author', 'status', 'date', 'date_utc', 'modified', 'modified_utc', 'url', 'venue', 'description', 'slug',
      'address', 'city', 'country', 'state', 'zip', 'phone', 'website', 'stateprovince', 'json_ld',
      'show_map', 'show_map_link', 'global_id', 'global_id_lineage',
    ])
    expect(res.body.json_ld).toEqual({
      '@type': 'Place',
      name: 'Symphony Hall',
      description: '&lt;p&gt;A classic concert hall.&lt;/p&gt;\\n',
      url: '',
      address: {
        '@type': 'PostalAddress',
        streetAddress: '301 Massachusetts Ave',
        addressLocality: 'Boston',
        addressRegion: 'MA',
        postalCode: '02115',
        addressCountry: 'United States',
      },
      telephone: '617-266-1492',
      sameAs: 'https://www.example.org/symphony',
    })
    const bySlug = await api.get('/venues/by-slug/symphony-hall')
    expect(bySlug.status).toBe(200)
    expect(bySlug.body).toEqual(res.body)
  })

  it('an unknown ID, or one of another post type, is 400 rest_invalid_param; a non-numeric one is 404', async () => {
    for (const id of ['999999', String(e.upcoming), '0']) {
      const res = await api.get(`/venues/${id}`)
      expect(res.status).toBe(400)
      expect(res.body).toEqual({
        code: 'rest_invalid_param',
        message: 'Invalid parameter(s): id',
        data: { status: 400, params: { id: 'Invalid parameter.' }, details: [] },
      })
    }
    expect((await api.get('/venues/abc')).body.code).toBe('rest_no_route')
    expect((await api.get('/venues/by-slug/')).status).toBe(404)
    const slug = await api.get('/venues/by-slug/no-such-venue')
    expect(slug.status).toBe(400)
    expect(slug.body.data.params).toEqual({ slug: 'Invalid parameter.' })
  })

  it('a venue the caller may not read is 403 venue-not-accessible, with nothing of it', async () => {
    const forbidden = { code: 'venue-not-accessible', message: 'The requested venue is not accessible', data: { status: 403 } }
    for (const [role, id] of [
      ['anonymous', v.draft],
      ['anonymous', v.private],
      ['subscriber', v.private],
      ['author', v.draft],
      ['anonymous', v.trashed],
      ['contributor', v.trashed],
    ] as const) {
      const res = await api.get(`/venues/${id}`, as(role))
      expect(res.status).toBe(403)
      expect(res.body).toEqual(forbidden)
    }
    // A draft has no post name in WordPress: by slug it is no venue at all for anonymous callers.
    expect((await api.get('/venues/by-slug/secret-draft-loft')).body.code).toBe('rest_invalid_param')
  })

  it('editors read any venue, trashed ones included; authors and contributors their own', async () => {
    expect((await api.get(`/venues/${v.private}`, as('editor'))).body.status).toBe('private')
    const trashed = await api.get(`/venues/${v.trashed}`, as('administrator'))
    expect(trashed.body).toMatchObject({ status: 'trash', slug: 'old-theatre__trashed' })
    expect(trashed.body.url).toMatch(/\?post_type=tribe_venue&p=\d+$/)
    const own = await api.get(`/venues/${v.draft}`, as('contributor'))
    expect(own.body).toMatchObject({ status: 'draft', date_utc: '0000-00-00 00:00:00' })
    expect((await api.get(`/venues/${v.pending}`, as('author'))).status).toBe(200)
  })

  it('lists the methods each caller may use in Allow', async () => {
    expect((await api.get(`/venues/${v.hall}`, as('editor'))).headers.get('allow')).toBe('GET, DELETE, POST, PUT, PATCH')
    expect((await api.get('/venues/by-slug/symphony-hall', as('editor'))).headers.get('allow')).toBe('GET, DELETE, POST, PUT, PATCH')
    expect((await api.get('/venues/by-slug/symphony-hall', as('contributor'))).headers.get('allow')).toBe('GET')
    expect((await api.get(`/venues/${v.club}`, as('author'))).headers.get('allow')).toBe('GET, DELETE, POST, PUT, PATCH')
    expect((await api.get('/venues', as('subscriber'))).headers.get('allow')).toBe('GET')
    expect((await api.get('/venues', as('contributor'))).headers.get('allow')).toBe('GET, POST')
  })
})

describe('POST /venues', () => {
  it('creates a venue (201) from every field, for callers who may publish', async () => {
    const res = await api.post(
      '/venues',
      {
        venue: 'Harbour Stage',
        description: '<p>Open-air stage by the <strong>water</strong>.</p>',
        address: '5 Quay Street',
        city: 'Halifax',
        country: 'Canada',
        province: 'Nova Scotia',
        zip: 'B3J 1A1',
        phone: '902-555-0100',
        website: 'https://harbour.example.org',
        show_map: 'false',
        date: '2026-02-01 09:30:00',
      },
      as('author'),
    )
    expect(res.status).toBe(201)
    expect(res.headers.get('location')).toBeNull()
    expect(res.body).toMatchObject({
      author: String(actors.author.id),
      status: 'publish',
      date: '2026-02-01 09:30:00',
      venue: 'Harbour Stage',
      description: '<p>Open-air stage by the <strong>water</strong>.</p>',
      slug: 'harbour-stage',
      address: '5 Quay Street',
      city: 'Halifax',
      country: 'Canada',
      province: 'Nova Scotia',
      zip: 'B3J 1A1',
      phone: '902-555-0100',
      website: 'https://harbour.example.org',
      stateprovince: 'Nova Scotia',
      show_map: false,
      show_map_link: true,
    })
    expect(res.body.json_ld).toBeUndefined()
    const saved = await stored(res.body.id)
    expect(saved).toMatchObject({ showMap: 'false', publishedAt: '2026-02-01T09:30:00.000Z' })
    // Omitted on create: the reference's default, shown, stored as its string.
    expect(saved?.showMapLink).toBe('true')
  })

  it('reads date_utc as UTC and form-encoded bodies too', async () => {
    const res = await api.call('POST', '/venues', { body: { venue: 'Form Hall', date_utc: '2026-03-01 12:00:00', status: 'draft' }, form: true, headers: as('editor') })
    expect(res.status).toBe(201)
    // A draft keeps the GMT date it was given, as in WordPress.
    expect(res.body).toMatchObject({ venue: 'Form Hall', status: 'draft', date_utc: '2026-03-01 12:00:00' })
    expect((await stored(res.body.id))?.publishedAt).toBe('2026-03-01T12:00:00.000Z')
  })

  it('refuses anonymous callers (401) and subscribers (403) after validation', async () => {
    const before = await venueCount()
    expect((await api.post('/venues', { venue: 'Nope' })).body).toEqual({
      code: 'rest_forbidden',
      message: 'Sorry, you are not allowed to do that.',
      data: { status: 401 },
    })
    expect((await api.post('/venues', { venue: 'Nope' }, as('subscriber'))).status).toBe(403)
    // Validation comes first: a missing name is 400 even for anonymous callers.
    const missing = await api.post('/venues', { city: 'Nowhere' })
    expect(missing.status).toBe(400)
    expect(missing.body).toEqual({
      code: 'rest_missing_callback_param',
      message: 'Missing parameter(s): venue',
      data: { status: 400, params: ['venue'] },
    })
    expect(await venueCount()).toBe(before)
  })

  it('scales the status back for contributors and keeps their posts theirs', async () => {
    const plain = await api.post('/venues', { venue: 'Contributor Cellar' }, as('contributor'))
    expect(plain.status).toBe(201)
    expect(plain.body).toMatchObject({ status: 'draft', author: String(actors.contributor.id) })
    const publish = await api.post('/venues', { venue: 'Contributor Attic', status: 'publish' }, as('contributor'))
    expect(publish.body.status).toBe('pending')
    // Naming someone else as the author takes an editor; naming oneself is fine.
    const before = await venueCount()
    const other = await api.post('/venues', { venue: 'Borrowed Barn', author: actors.editor.id }, as('contributor'))
    expect(other.status).toBe(403)
    expect(other.body.code).toBe('rest_forbidden')
    expect(await venueCount()).toBe(before)
    const self = await api.post('/venues', { venue: 'Own Barn', author: actors.contributor.id }, as('contributor'))
    expect(self.body.author).toBe(String(actors.contributor.id))
    const editor = await api.post('/venues', { venue: 'Assigned Arena', author: actors.author.id }, as('editor'))
    expect(editor.body).toMatchObject({ author: String(actors.author.id), status: 'publish' })
  })

  it('answers with the existing venue (201) instead of creating a duplicate', async () => {
    const before = await venueCount()
    const same = await api.post('/venues', { venue: 'symphony HALL', city: 'boston', address: 'Massachusetts' }, as('editor'))
    expect(same.status).toBe(201)
    expect(same.body.id).toBe(v.hall)
    const withDescription = await api.post('/venues', { venue: 'Symphony Hall', description: '<p>A classic concert hall.</p>' }, as('editor'))
    expect(withDescription.body.id).toBe(v.hall)
    expect(await venueCount()).toBe(before)
    const otherCity = await api.post('/venues', { venue: 'Symphony Hall', city: 'Chicago' }, as('editor'))
    expect(otherCity.status).toBe(201)
    expect(otherCity.body.id).not.toBe(v.hall)
    expect(otherCity.body.slug).toBe('symphony-hall-2')
    // A draft the caller cannot read is never handed out as a duplicate.
    const hidden = await api.post('/venues', { venue: 'Secret Draft Loft' }, as('author'))
    expect(hidden.body.id).not.toBe(v.draft)
  })

  it.each([
    ['a JSON true for show_map', { venue: 'X', show_map: true }, 'show_map', 'show_map is not of type string.'],
    ['an empty name', { venue: '' }, 'venue', 'Invalid parameter.'],
    ['a blank name', { venue: '   ' }, 'venue', 'Invalid parameter.'],
    ['an object for the name', { venue: { name: 'X' } }, 'venue', 'venue is not of type string.'],
    ['a list for the name', { venue: ['X'] }, 'venue', 'venue is not of type string.'],
    ['an object for the city', { venue: 'X', city: { a: 1 } }, 'city', 'city is not of type string.'],
    ['a website that is not a URL', { venue: 'X', website: 'not a url' }, 'website', 'Invalid parameter.'],
    ['a javascript: website', { venue: 'X', website: 'javascript:alert(1)' }, 'website', 'Invalid parameter.'],
    ['an unknown status', { venue: 'X', status: 'kinda_thinking_about_it' }, 'status', 'Invalid parameter.'],
    ['the trash status', { venue: 'X', status: 'trash' }, 'status', 'Invalid parameter.'],
    ['an unknown author', { venue: 'X', author: 999999 }, 'author', 'Invalid parameter.'],
    ['a non-numeric author', { venue: 'X', author: 'me' }, 'author', 'Invalid parameter.'],
    ['a date that is not one', { venue: 'X', date: 'not a date' }, 'date', "Not a date PHP's strtotime() understands."],
    ['an unknown image ID', { venue: 'X', image: 999999 }, 'image', 'Invalid parameter.'],
    ['an ftp image URL', { venue: 'X', image: 'ftp://example.org/a.png' }, 'image', 'Invalid parameter.'],
    ['a 5,000-character name', { venue: 'X'.repeat(5000) }, 'venue', 'Invalid parameter.'],
    ['a 5,000-character city', { venue: 'X', city: 'Y'.repeat(5000) }, 'city', 'Invalid parameter.'],
  ])('refuses %s with 400 and creates nothing', async (_label, body, param, message) => {
    const before = await venueCount()
    const res = await api.post('/venues', body, as('editor'))
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('rest_invalid_param')
    expect(res.body.data.params[param]).toBe(message)
    expect(await venueCount()).toBe(before)
  })

  it('reports every invalid parameter at once', async () => {
    const res = await api.post('/venues', { venue: 'X', website: 'nope', show_map: false, status: 'maybe' }, as('editor'))
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('Invalid parameter(s): status, show_map, website')
    expect(res.body.data.details.show_map).toEqual({
      code: 'rest_invalid_type',
      message: 'show_map is not of type string.',
      data: { param: 'show_map' },
    })
  })

  it('a body that is not JSON is 400 and creates nothing', async () => {
    const before = await venueCount()
    const res = await api.call('POST', '/venues', { body: '{"venue": "Broken', headers: as('editor') })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('rest_invalid_json')
    expect(await venueCount()).toBe(before)
  })
})

describe('POST|PUT|PATCH /venues/<id>', () => {
  let id: number
  beforeAll(async () => {
    id = await venue({ title: 'Update Me', city: 'Lyon', phone: '04 00 00 00 00', showMap: 'false', author: actors.author.id, publishedAt: '2025-01-01T00:00:00.000Z' })
  })

  it('changes only the fields sent; an empty string clears one; map flags are not reset', async () => {
    const res = await api.patch(`/venues/${id}`, { zip: '69001', phone: '' }, as('author'))
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ id, venue: 'Update Me', city: 'Lyon', zip: '69001', show_map: false, show_map_link: true })
    expect(res.body.phone).toBeUndefined()
    expect(res.body.json_ld).toBeUndefined()
    const put = await api.put(`/venues/${id}`, { venue: 'Updated Hall', description: 'Now with seats.' }, as('author'))
    expect(put.body).toMatchObject({ venue: 'Updated Hall', description: '<p>Now with seats.</p>', city: 'Lyon', zip: '69001', show_map: false })
    const post = await api.post(`/venues/${id}`, { show_map: 'true' }, as('author'))
    expect(post.body.show_map).toBe(true)
    expect(post.body.status).toBe('publish')
  })

  it('works by slug too', async () => {
    const res = await api.patch('/venues/by-slug/update-me', { country: 'France' }, as('editor'))
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ id, country: 'France' })
  })

  it('validates every field as on create, with nothing required', async () => {
    const before = await stored(id)
    for (const body of [{ venue: '' }, { status: 'kinda_thinking_about_it' }, { website: 'nope' }, { show_map: true }, { city: ['a'] }]) {
      const res = await api.patch(`/venues/${id}`, body, as('editor'))
      expect(res.status).toBe(400)
      expect(res.body.code).toBe('rest_invalid_param')
    }
    expect((await stored(id))?.updatedAt).toBe(before?.updatedAt)
  })

  it('an unknown ID is 400 before any permission check', async () => {
    for (const role of ['anonymous', 'editor'] as const) {
      const res = await api.patch('/venues/999999', { city: 'X' }, as(role))
      expect(res.status).toBe(400)
      expect(res.body.data.params).toEqual({ id: 'Invalid parameter.' })
    }
    expect((await api.patch('/venues/by-slug/nope-nope', { city: 'X' }, as('editor'))).status).toBe(400)
  })

  it('applies edit_post per role', async () => {
    const mine = await venue({ title: 'Contributor Draft', status: 'draft', author: actors.contributor.id })
    expect((await api.patch(`/venues/${mine}`, { city: 'X' })).status).toBe(401)
    expect((await api.patch(`/venues/${mine}`, { city: 'X' }, as('subscriber'))).status).toBe(403)
    expect((await api.patch(`/venues/${mine}`, { city: 'X' }, as('author'))).status).toBe(403)
    const own = await api.patch(`/venues/${mine}`, { city: 'Own' }, as('contributor'))
    expect(own.status).toBe(200)
    // A contributor who asks to publish gets pending, and may then still edit it.
    expect((await api.patch(`/venues/${mine}`, { status: 'publish' }, as('contributor'))).body.status).toBe('pending')
    // Once an editor has published it, the contributor may no longer change it.
    expect((await api.patch(`/venues/${mine}`, { status: 'publish' }, as('editor'))).body.status).toBe('publish')
    const late = await api.patch(`/venues/${mine}`, { city: 'Late' }, as('contributor'))
    expect(late.status).toBe(403)
    expect(late.body.code).toBe('rest_forbidden')
    expect((await stored(mine))?.city).toBe('Own')
    // Authors change their own venues only; editors any.
    expect((await api.patch(`/venues/${v.hall}`, { city: 'X' }, as('author'))).status).toBe(403)
    expect((await api.patch(`/venues/${v.club}`, { zip: 'H2X' }, as('author'))).status).toBe(200)
    expect((await api.patch(`/venues/${v.club}`, { zip: 'H2X 1Y4' }, as('editor'))).body.zip).toBe('H2X 1Y4')
    // Only editors may hand a venue to someone else.
    expect((await api.patch(`/venues/${v.club}`, { author: actors.editor.id }, as('author'))).status).toBe(403)
    expect((await stored(v.club))?.author).toBe(actors.author.id)
    expect((await api.patch(`/venues/${v.club}`, { author: actors.editor.id }, as('editor'))).body.author).toBe(String(actors.editor.id))
    expect((await api.patch(`/venues/${v.club}`, { author: actors.author.id }, as('editor'))).status).toBe(200)
  })
})

describe('DELETE /venues/<id>', () => {
  it('validates, then checks permission, then trashes (200), then answers 410', async () => {
    const id = await venue({ title: 'Doomed Venue', author: actors.editor.id })
    const linked = await event('Doomed Gig', { venues: [id, v.hall] })

    const unknown = await api.delete('/venues/999999')
    expect(unknown.status).toBe(400)
    expect(unknown.body.data.params).toEqual({ id: 'Invalid parameter.' })
    expect((await api.delete(`/venues/${id}`)).status).toBe(401)
    expect((await api.delete(`/venues/${id}`, as('subscriber'))).status).toBe(403)
    expect((await api.delete(`/venues/${id}`, as('author'))).status).toBe(403)

    const res = await api.delete(`/venues/${id}`, as('editor'))
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ id, status: 'trash', slug: 'doomed-venue__trashed', venue: 'Doomed Venue' })
    expect(res.body.json_ld).toBeUndefined()

    const again = await api.delete(`/venues/${id}`, as('editor'))
    expect(again.status).toBe(410)
    expect(again.body).toEqual({ code: 'venue-is-in-trash', message: 'The venue is already trashed', data: { status: 410 } })
    // Its event no longer links to it.
    const gig = await app.payload.findByID({ collection: 'events', id: linked, depth: 0, overrideAccess: true })
    expect(gig.venues).toEqual([v.hall])
    const read = await api.get(`/events/${linked}`)
    expect(read.status).toBe(200)
    expect(read.body.venue).toMatchObject({ id: v.hall, venue: 'Symphony Hall' })
    // And the public no longer sees it.
    expect((await api.get(`/venues/${id}`)).status).toBe(403)
  })

  it('works by slug, and lets contributors trash their own drafts only', async () => {
    const own = await venue({ title: 'Contributor Scrap', status: 'draft', author: actors.contributor.id })
    const res = await api.delete('/venues/by-slug/contributor-scrap', as('contributor'))
    expect(res.status).toBe(200)
    expect(res.body.status).toBe('trash')
    expect((await api.delete('/venues/by-slug/contributor-scrap')).status).toBe(400)
    const published = await venue({ title: 'Contributor Published', author: actors.contributor.id })
    expect((await api.delete(`/venues/${published}`, as('contributor'))).status).toBe(403)
    expect((await stored(published))?.deletedAt ?? null).toBeNull()
    expect((await stored(own))?.deletedAt).toBeTruthy()
  })
})

describe('the namespace index', () => {
  it('documents every parameter of the venue routes', async () => {
    const res = await api.get('/')
    const archive = res.body.routes['/calendar/events/v1/venues']
    expect(archive.methods).toEqual(['GET', 'POST'])
    // The reference's, then the extension modified_after (docs/api.md).
    expect(Object.keys(archive.endpoints[0].args)).toEqual(['page', 'per_page', 'search', 'event', 'has_events', 'only_with_upcoming', 'status', 'modified_after'])
    expect(archive.endpoints[0].args.per_page).toMatchObject({ default: '10', type: 'integer', required: false })
    expect(archive.endpoints[0].args.only_with_upcoming).toEqual({
      default: false,
      description: 'Venues should have upcoming events associated to them',
      required: false,
    })
    expect(archive.endpoints[1].args.venue).toMatchObject({ type: 'string', required: true })
    expect(archive.endpoints[1].args.show_map).toMatchObject({ type: 'string', required: false })
    const single = res.body.routes['/calendar/events/v1/venues/(?P<id>\\d+)']
    expect(single.methods).toEqual(['GET', 'DELETE', 'POST', 'PUT', 'PATCH'])
    expect(single.endpoints[2].args.venue.required).toBe(false)
    expect(res.body.routes['/calendar/events/v1/venues/by-slug/(?P<slug>[^/]+)'].endpoints[0].args.slug).toMatchObject({ type: 'string', required: true })
  })
})

describe('costs and caching', () => {
  it('reads the database a bounded number of times per page, whatever per_page and the filters', async () => {
    const db = app.payload.db as unknown as Record<string, unknown>
    const calls: string[] = []
    const wrapped: Array<[string, unknown]> = []
    const names = ['find', 'findOne', 'count', 'findDistinct']
    // A name the adapter lacks would count nothing and let the bound pass unmeasured.
    expect(names.filter((name) => typeof db[name] !== 'function')).toEqual([])
    for (const name of names) {
      const original = db[name]
      wrapped.push([name, original])
      db[name] = function (this: unknown, ...args: unknown[]) {
        calls.push(name)
        return (original as (...a: unknown[]) => unknown).apply(this, args)
      }
    }
    try {
      const reads = async (path: string, role: Role) => {
        calls.length = 0
        const res = await api.get(path, as(role))
        expect(res.status).toBe(200)
        return calls.length
      }
      for (const [filters, role] of [
        ['', 'anonymous'],
        ['&search=a', 'editor'],
        [`&event=${e.twoVenues}&has_events=1&only_with_upcoming=1`, 'editor'],
        ['&has_events=0&status=publish,draft,private', 'administrator'],
      ] as const) {
        const one = await reads(`/venues?per_page=1${filters}`, role)
        const fifty = await reads(`/venues?per_page=50${filters}&again=1`, role)
        expect([filters, one > 0]).toEqual([filters, true])
        expect([filters, fifty]).toEqual([filters, one])
        expect(fifty).toBeLessThanOrEqual(10)
      }
    } finally {
      for (const [name, original] of wrapped) db[name] = original
    }
  })

  it('serves anonymous reads from the cache until a write through the namespace changes them', async () => {
    const id = await venue({ title: 'Cached Corner', city: 'Before', publishedAt: '2024-01-01T00:00:00.000Z' })
    const first = await api.get(`/venues/${id}`)
    expect(first.body.city).toBe('Before')
    expect((await api.get(`/venues/${id}`)).headers.get('x-cache')).toBe('HIT')
    expect((await api.patch(`/venues/${id}`, { city: 'After' }, as('editor'))).status).toBe(200)
    expect((await api.get(`/venues/${id}`)).body.city).toBe('After')
    expect((await api.delete(`/venues/${id}`, as('editor'))).status).toBe(200)
    expect((await api.get(`/venues/${id}`)).status).toBe(403)
  })
})
