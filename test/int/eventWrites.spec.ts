import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import sharp from 'sharp'
import { createActors, type Actor } from '../helpers/actors.js'
import { apiClient } from '../helpers/http.js'
import { startImageServer, type ImageServer } from '../helpers/imageServer.js'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'

// Event writes over HTTP (reference 6.3–6.7, docs/api.md, deliberate difference 1), on a site whose time zone
// is America/New_York so that "the site zone" and UTC differ.

type Role = 'administrator' | 'editor' | 'author' | 'contributor' | 'subscriber' | 'anonymous'
type Collection = 'events' | 'venues' | 'organizers' | 'event-categories' | 'event-tags' | 'media'

let app: TestApp
let api: ReturnType<typeof apiClient>
let actors: Record<Role, Actor>
let images: ImageServer
const ids: Record<string, number> = {}

const START = '2027-06-10 19:00:00'
const END = '2027-06-10 22:00:00'
const as = (role: Role) => actors[role].headers
const event = (extra: Record<string, unknown> = {}) => ({ title: 'Event', start_date: START, end_date: END, ...extra })
const create = (body: unknown, role: Role = 'administrator') => api.post('/events', body, as(role))

/** The event as an editor reads it (GET /events/<id>). */
async function read(id: number) {
  const res = await api.get(`/events/${id}`, as('editor'))
  expect(res.status).toBe(200)
  return res.body
}

/** The stored document, past access control. */
const stored = (id: number) =>
  app.payload.findByID({ collection: 'events', id, depth: 0, trash: true, overrideAccess: true }) as unknown as Promise<Record<string, any>>

const COLLECTIONS: Collection[] = ['events', 'venues', 'organizers', 'event-categories', 'event-tags', 'media']

/** How many documents each collection holds, trashed ones included. */
async function counts(): Promise<Record<Collection, number>> {
  const entries = await Promise.all(
    COLLECTIONS.map(async (collection) => {
      const { totalDocs } = await app.payload.count({ collection, overrideAccess: true, trash: true } as never)
      return [collection, totalDocs] as const
    }),
  )
  return Object.fromEntries(entries) as Record<Collection, number>
}

/** An event made through the Local API (fixtures). */
async function fixture(data: Record<string, unknown> = {}) {
  const doc = await app.payload.create({
    collection: 'events',
    data: { title: 'Fixture', startDate: '2027-06-10T23:00:00.000Z', endDate: '2027-06-11T02:00:00.000Z', timezone: 'America/New_York', ...data },
    overrideAccess: true,
  })
  return doc.id as number
}

async function pngFile(name: string) {
  const data = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#3366cc' } }).png().toBuffer()
  return { data, mimetype: 'image/png', name, size: data.length }
}

beforeAll(async () => {
  app = await initTestApp({ allowPrivateImageHosts: true, siteTimezone: 'America/New_York' })
  api = apiClient(app.api)
  actors = (await createActors(app)) as Record<Role, Actor>
  images = await startImageServer()
  const p = app.payload
  const made = async (collection: Collection, key: string, data: Record<string, unknown>) => {
    ids[key] = (await p.create({ collection, data, overrideAccess: true } as never)).id as number
  }
  await made('venues', 'hall', { title: 'Symphony Hall', address: '301 Massachusetts Ave', city: 'Boston', zip: '02115' })
  await made('venues', 'park', { title: 'Riverside Park', city: 'Cambridge' })
  await made('venues', 'draftVenue', { title: 'Secret Cellar', status: 'draft', author: actors.editor.id })
  await made('venues', 'trashedVenue', { title: 'Old Barn' })
  await p.update({ collection: 'venues', id: ids.trashedVenue!, data: { deletedAt: new Date().toISOString() }, trash: true, overrideAccess: true })
  await made('organizers', 'acme', { title: 'Acme Events', email: 'info@acme.example.com' })
  await made('organizers', 'globex', { title: 'Globex', phone: '555-0100' })
  await made('event-categories', 'music', { name: 'Music' })
  await made('event-categories', 'theatre', { name: 'Theatre', slug: 'stage' })
  await made('event-tags', 'outdoor', { name: 'Outdoor' })
  ids.media = (await p.create({ collection: 'media', data: { alt: 'poster' }, file: await pngFile('poster.png'), overrideAccess: true })).id as number
})

afterAll(async () => {
  if (app) {
    // Uploaded files live in DATA_DIR/media; deleting the documents removes them.
    await app.payload.delete({ collection: 'media', where: { id: { exists: true } }, overrideAccess: true })
  }
  await images?.close()
  await app?.close()
})

describe('declarations', () => {
  it('lists the POST /events arguments as the reference index does (wire sample "Namespace index")', async () => {
    const index = await api.get('/')
    const route = index.body.routes['/calendar/events/v1/events']
    expect(route.methods).toEqual(['GET', 'POST'])
    const post = route.endpoints.find((e: { methods: string[] }) => e.methods.includes('POST'))
    const typed = (type: string, description: string, required = false) => ({ type, description, required })
    const flag = (description: string) => typed('boolean', description)
    const ids = (description: string) => ({ default: null, items: { type: 'integer' }, description, required: false })
    // The reference's arguments in its order, then this service's extension (docs/api.md, Recurring events).
    expect(Object.keys(post.args)).toEqual([
      'author', 'date', 'date_utc', 'title', 'description', 'slug', 'excerpt', 'status', 'timezone', 'all_day', 'start_date', 'end_date',
      'image', 'cost', 'website', 'show_map', 'show_map_link', 'hide_from_listings', 'sticky', 'featured', 'categories', 'tags', 'venue', 'organizer',
      'recurrence',
    ])
    expect(post.args).toEqual({
      author: typed('integer', 'The event author ID'),
      date: typed('string', 'The event publication date'),
      date_utc: typed('string', 'The event publication date (UTC time zone)'),
      title: typed('string', 'The event title', true),
      description: typed('string', 'The event description'),
      slug: typed('string', 'The event slug'),
      excerpt: typed('string', 'The event excerpt'),
      status: typed('string', 'The event post status'),
      timezone: typed('string', 'The event time zone'),
      all_day: { default: false, ...flag('Whether the event lasts the whole day or not') },
      start_date: typed('string', 'The event start date and time', true),
      end_date: typed('string', 'The event end date and time', true),
      image: typed('string', 'The event featured image ID or URL'),
      cost: { description: 'The event cost', required: false },
      website: { default: null, description: 'The event website URL', required: false },
      show_map: flag('Whether the event should show a map or not'),
      show_map_link: flag('Whether the event should show a map link or not'),
      hide_from_listings: flag('Whether events should be hidden in the calendar view or not'),
      sticky: flag('Whether the event should be sticky in the calendar view or not'),
      featured: flag('Whether the event should be featured on the site or not'),
      categories: ids('The event category ID or name'),
      tags: ids('The event tag ID or name'),
      venue: ids('The event venue IDs or data'),
      organizer: ids('The event organizer IDs or data'),
      recurrence: {
        items: { type: 'string' },
        description: 'Extension: the RFC 5545 lines (RRULE, RDATE, EXDATE) that repeat the event; start_date and end_date are its first occurrence',
        required: false,
      },
    })
  })

  it('declares the ID and slug write routes, with id and password first and nothing required', async () => {
    const id = await fixture({ author: actors.author.id })
    const byId = await fetch(`${app.api}/events/${id}`, { method: 'OPTIONS' })
    const entry = await byId.json()
    expect(entry.methods).toEqual(['GET', 'DELETE', 'POST', 'PUT', 'PATCH'])
    const [, del, update] = entry.endpoints
    expect(Object.keys(del.args)).toEqual(['id', 'password'])
    expect(Object.keys(update.args).slice(0, 4)).toEqual(['id', 'password', 'author', 'date'])
    expect(Object.entries(update.args).filter(([, a]) => (a as { required: boolean }).required).map(([k]) => k)).toEqual(['id'])
    const bySlug = await (await fetch(`${app.api}/events/by-slug/fixture`, { method: 'OPTIONS' })).json()
    expect(Object.keys(bySlug.endpoints[1].args)).toEqual(['slug'])
    expect(bySlug.endpoints[2].args.slug.required).toBe(false)
  })

  it('answers Allow with the write methods the caller may use on that event (reference 1.4)', async () => {
    const id = await fixture({ author: actors.author.id })
    const allow = async (role: Role) => (await api.get(`/events/${id}`, as(role))).headers.get('allow')
    expect(await allow('administrator')).toBe('GET, DELETE, POST, PUT, PATCH')
    expect(await allow('author')).toBe('GET, DELETE, POST, PUT, PATCH')
    expect(await allow('contributor')).toBe('GET')
    expect(await allow('anonymous')).toBe('GET')
    expect((await api.get('/events', as('contributor'))).headers.get('allow')).toBe('GET, POST')
  })

  it('translates the argument descriptions', async () => {
    const res = await fetch(`${app.origin}/fr/wp-json/calendar/events/v1/events`, { method: 'OPTIONS' })
    const post = (await res.json()).endpoints[1]
    expect(post.args.all_day.description).toBe('Si l’événement dure toute la journée ou non')
  })
})

describe('POST /events: create', () => {
  it('creates an event from the required fields alone: 201, the event object without json_ld, defaults applied', async () => {
    const res = await create(event({ title: 'Jazz Night' }))
    expect(res.status).toBe(201)
    expect(res.headers.get('location')).toBeNull()
    const body = res.body
    expect(body).not.toHaveProperty('json_ld')
    expect(body).toMatchObject({
      author: String(actors.administrator.id),
      status: 'publish',
      title: 'Jazz Night',
      slug: 'jazz-night',
      url: `${new URL(body.url).origin}/event/jazz-night/`,
      rest_url: `${app.api.replace(/^http:\/\/127\.0\.0\.1:\d+/, new URL(body.rest_url).origin)}/events/${body.id}`,
      description: '',
      excerpt: '',
      image: false,
      all_day: false,
      start_date: START,
      end_date: END,
      // The site zone (America/New_York, EDT in June): four hours behind UTC.
      utc_start_date: '2027-06-10 23:00:00',
      utc_end_date: '2027-06-11 02:00:00',
      timezone: 'America/New_York',
      timezone_abbr: 'EDT',
      cost: '',
      show_map: false,
      show_map_link: false,
      hide_from_listings: false,
      sticky: false,
      featured: false,
      categories: [],
      tags: [],
      venue: [],
      organizer: [],
    })
    // A website never set reads as the permalink (reference 6.3).
    expect(body.website).toBe(body.url)
    const doc = await stored(body.id)
    expect(doc).toMatchObject({ timezone: 'America/New_York', showMap: false, showMapLink: false, allDay: false })
    expect(await read(body.id)).toMatchObject({ id: body.id, title: 'Jazz Night', start_date: START })
  })

  it('sets every field it accepts', async () => {
    const res = await create({
      author: actors.editor.id,
      date: '2027-01-15 09:30:00',
      title: 'Midsummer Gala',
      description: '<p>An evening of <strong>music</strong>.</p>',
      slug: 'gala-2027',
      excerpt: 'Music and dinner',
      status: 'draft',
      timezone: 'Europe/Paris',
      all_day: false,
      start_date: '2027-06-21 20:00:00',
      end_date: '2027-06-21 23:30:00',
      image: String(ids.media),
      cost: '20$',
      website: 'https://gala.example.org/2027',
      show_map: true,
      show_map_link: true,
      hide_from_listings: true,
      sticky: true,
      featured: true,
      categories: [ids.music, 'stage'],
      tags: ['Outdoor'],
      venue: ids.hall,
      organizer: [ids.globex, ids.acme],
    })
    expect(res.status).toBe(201)
    const body = res.body
    expect(body).toMatchObject({
      author: String(actors.editor.id),
      status: 'draft',
      // The post date is site-local whatever the event's zone; a draft's GMT date stays zero when
      // only the local date was sent, as the reference sends post_date_gmt for date_utc alone.
      date: '2027-01-15 09:30:00',
      date_utc: '0000-00-00 00:00:00',
      title: 'Midsummer Gala',
      description: '<p>An evening of <strong>music</strong>.</p>',
      excerpt: '<p>Music and dinner</p>',
      // A slug sent is the draft's post name, as in WordPress.
      slug: 'gala-2027',
      image: { id: ids.media, extension: 'png' },
      start_date: '2027-06-21 20:00:00',
      end_date: '2027-06-21 23:30:00',
      utc_start_date: '2027-06-21 18:00:00',
      timezone: 'Europe/Paris',
      timezone_abbr: 'CEST',
      cost: '20$',
      cost_details: { currency_symbol: '$', currency_position: 'postfix', values: ['20'] },
      website: 'https://gala.example.org/2027',
      show_map: true,
      show_map_link: true,
      hide_from_listings: true,
      sticky: true,
      featured: true,
      venue: { id: ids.hall, venue: 'Symphony Hall' },
    })
    expect(body.categories.map((t: { id: number }) => t.id)).toEqual([ids.music, ids.theatre])
    expect(body.tags.map((t: { id: number }) => t.id)).toEqual([ids.outdoor])
    expect(body.organizer.map((o: { id: number }) => o.id)).toEqual([ids.globex, ids.acme])
    // A read adds json_ld to the event, its venue and its organizers (reference 6.1); the rest is the same.
    const withoutJsonLd = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(withoutJsonLd)
        : value && typeof value === 'object'
          ? Object.fromEntries(Object.entries(value).filter(([k]) => k !== 'json_ld').map(([k, v]) => [k, withoutJsonLd(v)]))
          : value
    expect(withoutJsonLd(await read(body.id))).toEqual(body)
  })

  it('answers 400 rest_missing_callback_param naming the missing required arguments in order', async () => {
    const res = await create({})
    expect(res.status).toBe(400)
    expect(res.body).toEqual({
      code: 'rest_missing_callback_param',
      message: 'Missing parameter(s): title, start_date, end_date',
      data: { status: 400, params: ['title', 'start_date', 'end_date'] },
    })
    const partial = await create({ title: 'Only a title' })
    expect(partial.body.message).toBe('Missing parameter(s): start_date, end_date')
  })

  it('ignores what it does not declare: no password, trash or ticket set through a create', async () => {
    const res = await create(event({ password: 'secret', deletedAt: '2020-01-01T00:00:00Z', ticketed: true, hasPassword: true, id: 424242 }))
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ status: 'publish', ticketed: false })
    expect(res.body.id).not.toBe(424242)
    expect(await stored(res.body.id)).toMatchObject({ hasPassword: false, deletedAt: null, ticketed: false })
  })

  it('refuses anonymous callers with 401 and subscribers with 403, after validation', async () => {
    const before = await counts()
    expect((await create(event(), 'anonymous')).body).toEqual({
      code: 'rest_forbidden',
      message: 'Sorry, you are not allowed to do that.',
      data: { status: 401 },
    })
    const subscriber = await create(event(), 'subscriber')
    expect(subscriber.status).toBe(403)
    expect(subscriber.body.code).toBe('rest_forbidden')
    // Validation comes before the permission check (reference 1.1).
    expect((await create({}, 'anonymous')).status).toBe(400)
    expect((await create(event({ all_day: 'maybe' }), 'anonymous')).status).toBe(400)
    expect(await counts()).toEqual(before)
  })

  it('lets only editors name another author; an unknown user is invalid', async () => {
    const byEditor = await create(event({ author: actors.author.id }), 'editor')
    expect(byEditor.status).toBe(201)
    expect(byEditor.body.author).toBe(String(actors.author.id))
    const byAuthor = await create(event({ author: actors.editor.id }), 'author')
    expect(byAuthor.status).toBe(403)
    expect(byAuthor.body.code).toBe('rest_forbidden')
    const self = await create(event({ author: actors.contributor.id }), 'contributor')
    expect(self.status).toBe(201)
    expect(self.body.author).toBe(String(actors.contributor.id))
    const unknown = await create(event({ author: 999_999 }))
    expect(unknown.status).toBe(400)
    expect(unknown.body.data.params).toEqual({ author: 'Invalid parameter.' })
  })

  // Reference 6.5, for every role that may create.
  const scaleBack: Array<[Role, string | undefined, string]> = [
    ['administrator', undefined, 'publish'],
    ['editor', undefined, 'publish'],
    ['author', undefined, 'publish'],
    ['contributor', undefined, 'draft'],
    ...(['administrator', 'editor', 'author'] as Role[]).flatMap((role) =>
      ['publish', 'future', 'draft', 'pending', 'private'].map((s): [Role, string, string] => [role, s, s]),
    ),
    ['contributor', 'publish', 'pending'],
    ['contributor', 'future', 'pending'],
    ['contributor', 'draft', 'draft'],
    ['contributor', 'pending', 'pending'],
    // private needs publish_posts too (WordPress's REST handle_status_param).
    ['contributor', 'private', 'pending'],
  ]
  it.each(scaleBack)('%s sending status %s stores %s', async (role, status, expected) => {
    const res = await create(event(status ? { status } : {}), role)
    expect(res.status).toBe(201)
    expect(res.body.status).toBe(expected)
    expect((await stored(res.body.id)).status).toBe(expected)
  })
})

describe('dates and time zones', () => {
  it.each([
    ['Europe/Paris', '2027-06-10 17:00:00', 'CEST'],
    ['UTC+2', '2027-06-10 17:00:00', 'UTC+2'],
    ['Asia/Kolkata', '2027-06-10 13:30:00', 'IST'],
    ['UTC', '2027-06-10 19:00:00', 'UTC'],
  ])('%s: start_date comes back as sent, the UTC dates follow the zone', async (timezone, utcStart, abbr) => {
    const res = await create(event({ timezone }))
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ timezone, timezone_abbr: abbr, start_date: START, end_date: END, utc_start_date: utcStart })
    expect((await stored(res.body.id)).startDate).toBe(`${utcStart.replace(' ', 'T')}.000Z`)
  })

  it('stores the zone in its canonical spelling, and "" means the site zone', async () => {
    expect((await create(event({ timezone: 'europe/paris' }))).body.timezone).toBe('Europe/Paris')
    const empty = await create(event({ timezone: '' }))
    expect(empty.body).toMatchObject({ timezone: 'America/New_York', utc_start_date: '2027-06-10 23:00:00' })
    expect((await stored(empty.body.id)).timezone).toBe('America/New_York')
  })

  it.each(['Mars/Olympus', 'UTC+99', 'Not a zone'])('refuses the time zone %s with 400', async (timezone) => {
    const res = await create(event({ timezone }))
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ code: 'rest_invalid_param', message: 'Invalid parameter(s): timezone', data: { params: { timezone: 'Invalid parameter.' } } })
  })

  it('reads a numeric timestamp as UTC and an ISO date with its own offset', async () => {
    const stamp = Date.UTC(2027, 6, 4, 16, 0, 0) / 1000
    const res = await create(event({ timezone: 'Europe/Paris', start_date: stamp, end_date: '2027-07-04T20:00:00+02:00' }))
    expect(res.body).toMatchObject({
      utc_start_date: '2027-07-04 16:00:00',
      start_date: '2027-07-04 18:00:00',
      utc_end_date: '2027-07-04 18:00:00',
      end_date: '2027-07-04 20:00:00',
    })
  })

  it('reads strtotime-style dates in the event zone', async () => {
    const res = await create(event({ timezone: 'Asia/Tokyo', start_date: 'June 12, 2027 7:30 pm', end_date: '2027/06/12 21:00' }))
    expect(res.body).toMatchObject({ start_date: '2027-06-12 19:30:00', end_date: '2027-06-12 21:00:00', utc_start_date: '2027-06-12 10:30:00' })
  })

  it('makes an all-day event run from 00:00:00 to 23:59:59 of its days, in its zone', async () => {
    const res = await create(event({ all_day: true, timezone: 'Europe/Paris', start_date: '2027-08-01 15:00:00', end_date: '2027-08-03 09:00:00' }))
    expect(res.body).toMatchObject({
      all_day: true,
      start_date: '2027-08-01 00:00:00',
      end_date: '2027-08-03 23:59:59',
      utc_start_date: '2027-07-31 22:00:00',
      utc_end_date: '2027-08-03 21:59:59',
    })
  })

  it('moves an end before the start to the start: not an error', async () => {
    const res = await create(event({ start_date: '2027-06-10 19:00:00', end_date: '2027-06-09 10:00:00' }))
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ start_date: '2027-06-10 19:00:00', end_date: '2027-06-10 19:00:00' })
  })

  it('sets the publication date from date (site zone, whatever the event zone) or date_utc', async () => {
    const local = await create(event({ timezone: 'Asia/Tokyo', date: '2027-02-01 09:00:00' }))
    expect(local.body).toMatchObject({ date_utc: '2027-02-01 14:00:00', date: '2027-02-01 09:00:00' })
    const utc = await create(event({ date_utc: '2027-02-01 09:00:00' }))
    expect(utc.body).toMatchObject({ date_utc: '2027-02-01 09:00:00', date: '2027-02-01 04:00:00' })
  })

  it.each([
    ['start_date', 'not a date'],
    ['start_date', '2027-13-45 10:00:00'],
    ['end_date', ''],
    ['end_date', { when: 'tomorrow' }],
    ['date', 'someday'],
    ['date_utc', true],
  ])('refuses %s = %j with 400', async (name, value) => {
    const before = await counts()
    const res = await create(event({ [name]: value }))
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('rest_invalid_param')
    expect(Object.keys(res.body.data.params)).toEqual([name])
    expect(await counts()).toEqual(before)
  })
})

describe('cost', () => {
  it.each([
    ['20$', '20$', { currency_symbol: '$', currency_position: 'postfix', values: ['20'] }, '20'],
    ['€12', '€12', { currency_symbol: '€', currency_position: 'prefix', values: ['12'] }, '12'],
    [['0$', '20$', '30$'], 'Free – 30$', { currency_symbol: '$', currency_position: 'postfix', values: ['0', '20', '30'] }, '0, 20, 30'],
    ['$5 - $50', '$5 – $50', { currency_symbol: '$', currency_position: 'prefix', values: ['5', '50'] }, '5 - 50'],
    ['Free', 'Free', { currency_symbol: '', currency_position: '', values: ['free'] }, 'Free'],
    ['Donation', 'Donation', { currency_symbol: '', values: ['donation'] }, 'Donation'],
    [15, '$15', { currency_symbol: '', values: ['15'] }, '15'],
    ['', '', { values: [] }, ''],
  ])('cost %j reads back as %j', async (cost, wire, details, storedCost) => {
    const res = await create(event({ cost }))
    expect(res.status).toBe(201)
    expect(res.body.cost).toBe(wire)
    expect(res.body.cost_details).toMatchObject(details)
    expect((await stored(res.body.id)).cost).toBe(storedCost)
  })

  it.each([[{ amount: 5 }], [[['5']]], [[true]]])('refuses cost %j with 400', async (cost) => {
    const res = await create(event({ cost }))
    expect(res.status).toBe(400)
    expect(res.body.data.params).toEqual({ cost: 'Invalid parameter.' })
  })
})

describe('categories and tags', () => {
  const termIds = (terms: Array<{ id: number }>) => terms.map((t) => t.id)

  it('resolves IDs, slugs and names (any case), answers them by name, and skips unknown IDs', async () => {
    const res = await create(event({ categories: [ids.theatre, 'music', 999_999], tags: 'OUTDOOR' }))
    expect(res.status).toBe(201)
    expect(termIds(res.body.categories)).toEqual([ids.music, ids.theatre])
    expect(termIds(res.body.tags)).toEqual([ids.outdoor])
    const csv = await create(event({ categories: `Theatre, ${ids.music}` }))
    expect(termIds(csv.body.categories)).toEqual([ids.music, ids.theatre])
    // A name in other case finds the term even where its slug differs from the name ("stage").
    const before = await counts()
    const shouted = await create(event({ categories: ['THEATRE', 'mUsIc'] }), 'editor')
    expect(termIds(shouted.body.categories)).toEqual([ids.music, ids.theatre])
    expect(await counts()).toMatchObject({ 'event-categories': before['event-categories'] })
  })

  it('resolves an existing tag by name to that tag instead of making a numeric one (deliberate difference 4)', async () => {
    const before = await counts()
    const res = await create(event({ tags: ['outdoor', String(ids.outdoor)] }))
    expect(termIds(res.body.tags)).toEqual([ids.outdoor])
    expect((await counts())['event-tags']).toBe(before['event-tags'])
  })

  it('creates an unknown name for editors; a contributor\'s unknown name is skipped', async () => {
    const before = await counts()
    const byEditor = await create(event({ categories: ['Street Food'], tags: ['Family friendly', 'outdoor'] }), 'editor')
    expect(byEditor.body.categories).toMatchObject([{ name: 'Street Food', slug: 'street-food', taxonomy: 'tribe_events_cat' }])
    expect(byEditor.body.tags.map((t: { name: string }) => t.name)).toEqual(['Family friendly', 'Outdoor'])
    const after = await counts()
    expect(after['event-categories']).toBe(before['event-categories'] + 1)
    expect(after['event-tags']).toBe(before['event-tags'] + 1)

    const byContributor = await create(event({ categories: ['Never Heard Of', 'Street Food'] }), 'contributor')
    expect(byContributor.status).toBe(201)
    expect(byContributor.body.categories.map((t: { name: string }) => t.name)).toEqual(['Street Food'])
    expect((await counts())['event-categories']).toBe(after['event-categories'])
  })

  it('writes naming the same new terms and venue at the same time create each once', async () => {
    const before = await counts()
    // Names in different orders and cases, so each write locks them in its own sorted order.
    const bodies = [
      event({ categories: ['Night Market', 'Lantern Walk'], tags: ['Late', 'Free entry'], venue: { venue: 'Canal Yard', city: 'Leeds' } }),
      event({ categories: ['lantern walk', 'NIGHT MARKET'], tags: ['free entry', 'late'], venue: { venue: 'CANAL YARD', city: 'leeds' } }),
      event({ categories: ['Lantern Walk'], tags: ['Late'], venue: { venue: 'Canal Yard', city: 'Leeds' } }),
      event({ categories: ['Night Market'], tags: ['Free entry', 'Late'], venue: { venue: 'canal yard', city: 'Leeds' } }),
    ]
    const answers = await Promise.all(bodies.map((body) => create(body, 'editor')))
    expect(answers.map((res) => res.status)).toEqual([201, 201, 201, 201])
    const after = await counts()
    expect(after['event-categories']).toBe(before['event-categories'] + 2)
    expect(after['event-tags']).toBe(before['event-tags'] + 2)
    expect(after.venues).toBe(before.venues + 1)
    const slugs = answers.flatMap((res) => [...res.body.categories, ...res.body.tags].map((t: { slug: string }) => t.slug))
    expect(new Set(slugs)).toEqual(new Set(['night-market', 'lantern-walk', 'late', 'free-entry']))
    expect(new Set(answers.map((res) => res.body.venue.id)).size).toBe(1)
  })

  it('"" and [] mean no terms; a list of objects is refused', async () => {
    expect((await create(event({ categories: '', tags: [] }))).body).toMatchObject({ categories: [], tags: [] })
    const res = await create(event({ categories: [{ id: ids.music }] }))
    expect(res.status).toBe(400)
    expect(res.body.data.params).toEqual({ categories: 'Invalid parameter.' })
  })
})

describe('venue and organizer', () => {
  const organizerIds = (body: { organizer: Array<{ id: number }> }) => body.organizer.map((o) => o.id)

  it('links by ID, by a list of IDs (array or CSV), by {id}, keeping the order', async () => {
    const one = await create(event({ venue: String(ids.hall), organizer: ids.acme }))
    expect(one.body.venue).toMatchObject({ id: ids.hall })
    expect(organizerIds(one.body)).toEqual([ids.acme])
    const csv = await create(event({ organizer: `${ids.globex},${ids.acme}` }))
    expect(organizerIds(csv.body)).toEqual([ids.globex, ids.acme])
    const objects = await create(event({ venue: { id: ids.park }, organizer: [{ id: ids.acme }, ids.globex] }))
    expect(objects.body.venue).toMatchObject({ id: ids.park })
    expect(organizerIds(objects.body)).toEqual([ids.acme, ids.globex])
  })

  it('answers several venues as a list', async () => {
    const res = await create(event({ venue: [ids.park, ids.hall] }))
    expect(res.body.venue.map((v: { id: number }) => v.id)).toEqual([ids.park, ids.hall])
  })

  it.each([0, '', [], '0'])('venue %j links none', async (venue) => {
    const res = await create(event({ venue, organizer: venue }))
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ venue: [], organizer: [] })
  })

  it('creates inline venues and organizers as the caller, mixed with IDs, and reuses a duplicate', async () => {
    const before = await counts()
    const res = await create(
      event({
        venue: { venue: 'Blue Note', address: '131 W 3rd St', city: 'New York', show_map: 'false' },
        organizer: [ids.acme, { organizer: 'Jazz Society', email: 'hello@jazz.example.org', website: 'https://jazz.example.org' }],
      }),
      'author',
    )
    expect(res.status).toBe(201)
    expect(res.body.venue).toMatchObject({ venue: 'Blue Note', address: '131 W 3rd St', city: 'New York', show_map: false, author: String(actors.author.id) })
    expect(res.body.organizer).toMatchObject([{ id: ids.acme }, { organizer: 'Jazz Society', email: expect.any(String) }])
    const after = await counts()
    expect(after.venues).toBe(before.venues + 1)
    expect(after.organizers).toBe(before.organizers + 1)

    // The same names (any case) and fields match the ones just made: nothing new (reference 7.4).
    const again = await create(
      event({ venue: [{ venue: 'blue note', city: 'NEW YORK' }], organizer: { organizer: 'JAZZ SOCIETY', email: 'hello@jazz.example.org' } }),
      'author',
    )
    expect(again.body.venue.id).toBe(res.body.venue.id)
    expect(again.body.organizer[0].id).toBe(res.body.organizer[1].id)
    // A different city is another venue.
    const elsewhere = await create(event({ venue: { venue: 'Blue Note', city: 'Tokyo' } }), 'author')
    expect(elsewhere.body.venue.id).not.toBe(res.body.venue.id)
    expect((await counts()).venues).toBe(before.venues + 2)
  })

  it("scales back an inline venue's status like the event's (reference 6.5)", async () => {
    const res = await create(event({ venue: { venue: 'Garage Stage', status: 'publish' } }), 'contributor')
    expect(res.status).toBe(201)
    const venues = await app.payload.find({ collection: 'venues', where: { title: { equals: 'Garage Stage' } }, overrideAccess: true })
    expect(venues.docs.map((v) => v.status)).toEqual(['pending'])
    expect(venues.docs[0]!.author).toMatchObject({ id: actors.contributor.id })
  })

  it.each([
    ['an unknown ID', 999_999],
    ['an organizer ID', () => ids.acme],
    ['a trashed venue', () => ids.trashedVenue],
    ['a venue the caller cannot see', () => ids.draftVenue],
    ['a negative ID', -3],
    ['a non-numeric string', 'Symphony Hall'],
    ['an inline venue without a name', { city: 'Paris' }],
    ['an inline venue with a boolean show_map', { venue: 'Somewhere', show_map: true }],
    ['an inline venue with a bad website', { venue: 'Somewhere', website: 'not a url' }],
    ['{id} of an unknown venue', { id: 999_999 }],
    ['a boolean', true],
  ])('refuses %s as venue with 400, creating nothing', async (_label, value) => {
    const before = await counts()
    const res = await create(event({ venue: typeof value === 'function' ? value() : value }), 'author')
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ code: 'rest_invalid_param', data: { params: { venue: 'Invalid parameter.' } } })
    expect(await counts()).toEqual(before)
  })

  it.each([
    ['without a name', { email: 'a@example.org' }],
    ['with an address that is not one', { organizer: 'Mailless', email: 'not an address' }],
  ])('refuses an inline organizer %s', async (_label, inline) => {
    const res = await create(event({ organizer: [ids.acme, inline] }))
    expect(res.status).toBe(400)
    expect(res.body.data.params).toEqual({ organizer: 'Invalid parameter.' })
  })

  it('downloads the image of an inline venue like POST /venues does', async () => {
    const before = await counts()
    const res = await create(event({ venue: { venue: 'Picture Palace', image: `${images.origin}/image.png` } }))
    expect(res.status).toBe(201)
    expect(res.body.venue).toMatchObject({ venue: 'Picture Palace', image: { extension: 'png', width: 8, height: 6 } })
    expect(await counts()).toMatchObject({ venues: before.venues + 1, media: before.media + 1, events: before.events + 1 })
  })

  it("leaves nothing behind when an inline venue's image cannot be downloaded", async () => {
    const before = await counts()
    // The first venue is made before the second one's download fails.
    const res = await create(
      event({ categories: 'Early Category', venue: [{ venue: 'Early Venue' }, { venue: 'Broken Picture', image: `${images.origin}/page.html` }] }),
    )
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('image-download-failed')
    expect(await counts()).toEqual(before)
  })

  it('leaves nothing behind when the write fails after inline creation', async () => {
    const before = await counts()
    const res = await create(
      event({
        venue: { venue: 'Vanishing Venue' },
        organizer: { organizer: 'Vanishing Organizer' },
        categories: ['Vanishing Category'],
        image: `${images.origin}/missing.png`,
      }),
      'editor',
    )
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('image-download-failed')
    expect(await counts()).toEqual(before)
    const left = await app.payload.find({ collection: 'venues', where: { title: { equals: 'Vanishing Venue' } }, overrideAccess: true, trash: true })
    expect(left.totalDocs).toBe(0)
  })
})

describe('image', () => {
  it('takes an existing media ID', async () => {
    const res = await create(event({ image: ids.media }))
    expect(res.status).toBe(201)
    expect(res.body.image).toMatchObject({ id: ids.media, extension: 'png', width: 4, height: 4 })
  })

  it('downloads an image URL into the media library', async () => {
    const before = await counts()
    const res = await create(event({ image: `${images.origin}/image.png` }))
    expect(res.status).toBe(201)
    expect(res.body.image).toMatchObject({ extension: 'png', width: 8, height: 6 })
    expect(res.body.image.id).not.toBe(ids.media)
    expect((await counts()).media).toBe(before.media + 1)
  })

  it.each([
    ['a URL answering 404', '/missing.png'],
    ['a URL answering text/html', '/page.html'],
  ])('answers 400 image-download-failed for %s, creating nothing', async (_label, path) => {
    const before = await counts()
    const res = await create(event({ image: `${images.origin}${path}` }))
    expect(res.status).toBe(400)
    expect(res.body).toEqual({
      code: 'image-download-failed',
      message: 'The image at the given URL could not be downloaded or is not an image.',
      data: { status: 400 },
    })
    expect(await counts()).toEqual(before)
  })

  it.each(['', '999999', 'ftp://example.org/a.png', 'picture'])('refuses image %j with 400', async (image) => {
    const res = await create(event({ image }))
    expect(res.status).toBe(400)
    expect(res.body.data.params).toEqual({ image: 'Invalid parameter.' })
  })

  it('refuses loopback image hosts with the default options', async () => {
    const strict = await initTestApp({ siteTimezone: 'America/New_York' })
    try {
      const admin = (await createActors(strict, 'strict')).administrator
      const before = await strict.payload.count({ collection: 'media', overrideAccess: true })
      const res = await apiClient(strict.api).post('/events', event({ image: `${images.origin}/image.png` }), admin.headers)
      expect(res.status).toBe(400)
      expect(res.body.code).toBe('image-download-failed')
      expect((await strict.payload.count({ collection: 'media', overrideAccess: true })).totalDocs).toBe(before.totalDocs)
      expect((await strict.payload.count({ collection: 'events', overrideAccess: true })).totalDocs).toBe(0)
    } finally {
      await strict.close()
    }
  })
})

describe('POST|PUT|PATCH /events/<id>: update', () => {
  /** A fully set event to update; the answer of its creation. */
  async function fullEvent(role: Role = 'administrator', extra: Record<string, unknown> = {}) {
    const res = await create(
      event({
        title: 'Full Event',
        description: '<p>Everything set</p>',
        excerpt: 'Short',
        status: 'draft',
        timezone: 'Europe/Paris',
        all_day: true,
        image: ids.media,
        cost: '€12',
        website: 'https://full.example.org',
        show_map: true,
        show_map_link: true,
        hide_from_listings: true,
        sticky: true,
        featured: true,
        categories: [ids.music],
        tags: [ids.outdoor],
        venue: ids.hall,
        organizer: [ids.acme, ids.globex],
        date: '2027-03-01 10:00:00',
        ...extra,
      }),
      role,
    )
    expect(res.status).toBe(201)
    return res.body
  }
  const volatile = ({ modified: _m, modified_utc: _mu, ...rest }: Record<string, unknown>) => rest

  it.each(['post', 'put', 'patch'] as const)('%s changes only what is sent (deliberate difference 1)', async (method) => {
    const before = await fullEvent()
    const res = await api[method](`/events/${before.id}`, { title: 'Renamed' }, as('administrator'))
    expect(res.status).toBe(200)
    expect(res.body).not.toHaveProperty('json_ld')
    expect(volatile(res.body)).toEqual({ ...volatile(before), title: 'Renamed' })
    expect(volatile(await read(before.id))).toMatchObject({ ...volatile(before), title: 'Renamed' })
  })

  it('keeps all_day, the flags, website, image, organizers, time zone, cost and status when other fields change', async () => {
    const before = await fullEvent()
    const res = await api.post(`/events/${before.id}`, { excerpt: 'New excerpt', tags: [] }, as('editor'))
    expect(volatile(res.body)).toEqual({ ...volatile(before), excerpt: '<p>New excerpt</p>', tags: [] })
    const doc = await stored(before.id)
    expect(doc).toMatchObject({ allDay: true, showMap: true, featured: true, website: 'https://full.example.org', cost: '12', currencySymbol: '€', status: 'draft', timezone: 'Europe/Paris' })
  })

  it('changes, clears and unlinks what is sent', async () => {
    const before = await fullEvent()
    const res = await api.patch(
      `/events/${before.id}`,
      {
        status: 'publish',
        all_day: false,
        show_map: false,
        show_map_link: 'false',
        hide_from_listings: 0,
        sticky: '0',
        featured: false,
        website: '',
        cost: '',
        venue: 0,
        organizer: [],
        categories: '',
        description: '<p>Changed</p>',
        slug: 'brand-new-slug',
      },
      as('administrator'),
    )
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      status: 'publish',
      all_day: false,
      // Clearing all_day keeps the whole-day times (reference 6.4).
      start_date: '2027-06-10 00:00:00',
      end_date: '2027-06-10 23:59:59',
      show_map: false,
      show_map_link: false,
      hide_from_listings: false,
      sticky: false,
      featured: false,
      website: '',
      cost: '',
      cost_details: { currency_symbol: '', currency_position: '', values: [] },
      venue: [],
      organizer: [],
      categories: [],
      tags: [{ id: ids.outdoor }],
      description: '<p>Changed</p>',
      slug: 'brand-new-slug',
      image: { id: ids.media },
      timezone: 'Europe/Paris',
    })
  })

  it('changing the time zone alone keeps the wall-clock times, re-anchored in the new zone', async () => {
    const created = await create(event({ timezone: 'Europe/Paris' }))
    expect(created.body.utc_start_date).toBe('2027-06-10 17:00:00')
    const res = await api.post(`/events/${created.body.id}`, { timezone: 'Asia/Tokyo' }, as('administrator'))
    expect(res.body).toMatchObject({ timezone: 'Asia/Tokyo', start_date: START, end_date: END, utc_start_date: '2027-06-10 10:00:00', utc_end_date: '2027-06-10 13:00:00' })
    const offset = await api.post(`/events/${created.body.id}`, { timezone: 'UTC+2' }, as('administrator'))
    expect(offset.body).toMatchObject({ timezone: 'UTC+2', start_date: START, utc_start_date: '2027-06-10 17:00:00' })
    const site = await api.post(`/events/${created.body.id}`, { timezone: '' }, as('administrator'))
    expect(site.body).toMatchObject({ timezone: 'America/New_York', start_date: START, utc_start_date: '2027-06-10 23:00:00' })
  })

  it('reads new dates in the stored zone, keeps an all-day event whole-day, and switches all_day on', async () => {
    const allDay = await fullEvent()
    const moved = await api.post(`/events/${allDay.id}`, { start_date: '2027-09-01 15:00:00', end_date: '2027-09-02 10:00:00' }, as('administrator'))
    expect(moved.body).toMatchObject({ all_day: true, start_date: '2027-09-01 00:00:00', end_date: '2027-09-02 23:59:59', utc_start_date: '2027-08-31 22:00:00' })
    const timed = await create(event({ timezone: 'Europe/Paris' }))
    const onlyEnd = await api.post(`/events/${timed.body.id}`, { end_date: '2027-06-10 23:15:00' }, as('administrator'))
    expect(onlyEnd.body).toMatchObject({ start_date: START, end_date: '2027-06-10 23:15:00', utc_end_date: '2027-06-10 21:15:00' })
    const whole = await api.post(`/events/${timed.body.id}`, { all_day: true }, as('administrator'))
    expect(whole.body).toMatchObject({ all_day: true, start_date: '2027-06-10 00:00:00', end_date: '2027-06-10 23:59:59' })
  })

  it('answers 404 rest-event-not-found for an unknown ID and 400 rest-invalid-event-id for a venue', async () => {
    expect((await api.post('/events/999999', { title: 'x' }, as('administrator'))).body).toEqual({
      code: 'rest-event-not-found',
      message: 'Event with ID 999999 does not exist.',
      data: { status: 404 },
    })
    expect((await api.put('/events/0', { title: 'x' }, as('editor'))).body.message).toBe('Event with ID 0 does not exist.')
    expect((await api.patch(`/events/${ids.hall}`, { title: 'x' }, as('administrator'))).body).toEqual({
      code: 'rest-invalid-event-id',
      message: 'The specified ID is not a valid event.',
      data: { status: 400 },
    })
    const hall = await app.payload.findByID({ collection: 'venues', id: ids.hall!, overrideAccess: true })
    expect(hall.title).toBe('Symphony Hall')
  })

  it('checks validation, then permission, then existence', async () => {
    expect((await api.post('/events/999999', { featured: 'often' }, as('anonymous'))).status).toBe(400)
    expect((await api.post('/events/999999', { title: 'x' }, as('anonymous'))).status).toBe(401)
    expect((await api.post('/events/999999', { title: 'x' }, as('subscriber'))).status).toBe(403)
    expect((await api.post('/events/abc', { title: 'x' }, as('administrator'))).body.code).toBe('rest_no_route')
  })

  it('updates a trashed event (reference 6.4), which stays trashed', async () => {
    const id = await fixture({ title: 'Trashed One', slug: 'trashed-one' })
    expect((await api.delete(`/events/${id}`, as('administrator'))).status).toBe(200)
    const res = await api.post(`/events/${id}`, { excerpt: 'Still here' }, as('administrator'))
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ status: 'trash', excerpt: '<p>Still here</p>', slug: 'trashed-one__trashed' })
  })

  it('lets a body id replace the one in the path (reference 1.1)', async () => {
    const a = await fixture({ title: 'Path target' })
    const b = await fixture({ title: 'Body target' })
    const res = await api.post(`/events/${a}`, { id: b, excerpt: 'from the body' }, as('administrator'))
    expect(res.body.id).toBe(b)
    expect((await stored(b)).excerpt).toBe('from the body')
    expect((await stored(a)).excerpt).toBeFalsy()
  })

  it('applies each role\'s rights to update, and scales back a contributor\'s publish to pending', async () => {
    const ownDraft = await fixture({ status: 'draft', author: actors.contributor.id })
    const ownPublished = await fixture({ status: 'publish', author: actors.contributor.id })
    const authors = await fixture({ status: 'publish', author: actors.author.id })
    const editors = await fixture({ status: 'draft', author: actors.editor.id })
    const update = (id: number, role: Role, body: Record<string, unknown> = { excerpt: `by ${role}` }) =>
      api.post(`/events/${id}`, body, as(role))

    const scaled = await update(ownDraft, 'contributor', { status: 'publish' })
    expect(scaled.status).toBe(200)
    expect(scaled.body.status).toBe('pending')
    expect((await update(ownPublished, 'contributor')).status).toBe(403)
    expect((await update(authors, 'contributor')).status).toBe(403)
    expect((await update(authors, 'author')).status).toBe(200)
    expect((await update(editors, 'author')).status).toBe(403)
    expect((await update(editors, 'editor')).status).toBe(200)
    expect((await update(authors, 'administrator')).status).toBe(200)
    // Handing the event to someone else is an editor's right.
    expect((await update(authors, 'author', { author: actors.contributor.id })).status).toBe(403)
    const handed = await update(authors, 'editor', { author: actors.contributor.id })
    expect(handed.body.author).toBe(String(actors.contributor.id))
    expect((await stored(ownPublished)).excerpt).toBeFalsy()
  })
})

describe('the public cache', () => {
  it('serves anonymous readers the new version right after a write', async () => {
    const created = await create(event({ title: 'Cached Show' }))
    const id = created.body.id
    expect((await api.get(`/events/${id}`)).body.title).toBe('Cached Show')
    expect((await api.get(`/events/${id}`)).body.title).toBe('Cached Show')
    await api.put(`/events/${id}`, { title: 'Fresh Show' }, as('editor'))
    expect((await api.get(`/events/${id}`)).body.title).toBe('Fresh Show')
    await api.delete(`/events/${id}`, as('editor'))
    expect((await api.get(`/events/${id}`)).body.code).toBe('event-no-longer-available')
  })
})

describe('by-slug writes', () => {
  it('updates the event a slug names; a body slug selects another event rather than renaming', async () => {
    await fixture({ title: 'Slug A', slug: 'slug-a' })
    const b = await fixture({ title: 'Slug B', slug: 'slug-b' })
    const res = await api.patch('/events/by-slug/slug-a', { title: 'A renamed' }, as('administrator'))
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ title: 'A renamed', slug: 'slug-a' })
    const other = await api.post('/events/by-slug/slug-a', { slug: 'slug-b', excerpt: 'picked by the body' }, as('administrator'))
    expect(other.body).toMatchObject({ id: b, slug: 'slug-b', excerpt: '<p>picked by the body</p>' })
    expect((await api.get('/events/by-slug/slug-a', as('editor'))).body.excerpt).toBe('')
  })

  it('answers 404 "Event with ID 0" for an unknown slug, in the path or the body', async () => {
    const expected = { code: 'rest-event-not-found', message: 'Event with ID 0 does not exist.', data: { status: 404 } }
    expect((await api.put('/events/by-slug/no-such-event', { title: 'x' }, as('administrator'))).body).toEqual(expected)
    expect((await api.post('/events/by-slug/slug-b', { slug: 'no-such-event', title: 'x' }, as('administrator'))).body).toEqual(expected)
  })

  it('applies the same permissions by slug', async () => {
    await fixture({ title: 'Editor owned', slug: 'editor-owned', author: actors.editor.id })
    expect((await api.post('/events/by-slug/editor-owned', { title: 'x' }, as('author'))).status).toBe(403)
    expect((await api.post('/events/by-slug/editor-owned', { title: 'x' }, as('anonymous'))).status).toBe(401)
    expect((await api.delete('/events/by-slug/editor-owned', as('contributor'))).status).toBe(403)
  })

  it('trashes by slug: 200, then 410 under the trashed slug; an unknown slug is 400', async () => {
    const id = await fixture({ title: 'Bye by slug', slug: 'bye-by-slug' })
    const res = await api.delete('/events/by-slug/bye-by-slug', as('editor'))
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ id, status: 'trash', slug: 'bye-by-slug__trashed' })
    expect((await api.delete('/events/by-slug/bye-by-slug__trashed', as('editor'))).body.code).toBe('event-is-in-trash')
    const unknown = await api.delete('/events/by-slug/bye-by-slug', as('editor'))
    expect(unknown.status).toBe(400)
    expect(unknown.body).toMatchObject({ code: 'rest_invalid_param', data: { params: { slug: 'Invalid parameter.' } } })
    expect((await api.delete('/events/by-slug/', as('editor'))).body.code).toBe('rest_no_route')
  })
})

describe('DELETE /events/<id>', () => {
  it('moves the event to the trash and answers it as trashed; a second delete is 410', async () => {
    const id = await fixture({ title: 'Farewell Show', slug: 'farewell-show' })
    const res = await api.delete(`/events/${id}`, as('administrator'))
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ id, status: 'trash', slug: 'farewell-show__trashed', title: 'Farewell Show' })
    expect(res.body.url).toMatch(new RegExp(`/\\?post_type=tribe_events&p=${id}$`))
    expect(res.body).not.toHaveProperty('json_ld')
    expect((await stored(id)).deletedAt).toBeTruthy()
    expect((await api.get(`/events/${id}`, as('editor'))).body.code).toBe('event-no-longer-available')
    expect((await api.delete(`/events/${id}`, as('administrator'))).body).toEqual({
      code: 'event-is-in-trash',
      message: 'The event is already trashed',
      data: { status: 410 },
    })
  })

  it('answers 404 for an unknown ID, 400 for a venue, 401 and 403 for callers without rights', async () => {
    expect((await api.delete('/events/999999', as('administrator'))).body).toMatchObject({ code: 'rest-event-not-found', message: 'Event with ID 999999 does not exist.' })
    expect((await api.delete(`/events/${ids.park}`, as('administrator'))).body.code).toBe('rest-invalid-event-id')
    expect((await stored(await fixture())).deletedAt).toBeFalsy()
    const id = await fixture()
    expect((await api.delete(`/events/${id}`, as('anonymous'))).status).toBe(401)
    expect((await api.delete(`/events/${id}`, as('subscriber'))).status).toBe(403)
    expect((await api.delete(`/events/${id}?password=`, as('administrator'))).status).toBe(400)
    expect((await stored(id)).deletedAt).toBeFalsy()
  })

  it("lets a contributor trash only their own drafts, an author only their own events (reference 6.7)", async () => {
    const others = await fixture({ status: 'draft', author: actors.editor.id })
    const ownPublished = await fixture({ status: 'publish', author: actors.contributor.id })
    const ownDraft = await fixture({ status: 'draft', author: actors.contributor.id })
    const authorsOwn = await fixture({ status: 'publish', author: actors.author.id })
    expect((await api.delete(`/events/${others}`, as('contributor'))).status).toBe(403)
    expect((await api.delete(`/events/${ownPublished}`, as('contributor'))).status).toBe(403)
    expect((await api.delete(`/events/${ownDraft}`, as('contributor'))).status).toBe(200)
    expect((await api.delete(`/events/${others}`, as('author'))).status).toBe(403)
    expect((await api.delete(`/events/${authorsOwn}`, as('author'))).status).toBe(200)
    expect((await stored(others)).deletedAt).toBeFalsy()
    expect((await stored(ownPublished)).deletedAt).toBeFalsy()
  })
})

describe('bad input', () => {
  let victim: number
  let victimBefore: Record<string, unknown>
  let before: Record<Collection, number>
  beforeAll(async () => {
    victim = (await create(event({ title: 'Untouchable', categories: [ids.music], venue: ids.hall, cost: '$5' }))).body.id
    victimBefore = await stored(victim)
    before = await counts()
  })

  const cases: Array<[string, Record<string, unknown>, Record<string, string>]> = [
    ['a boolean title', { title: true }, { title: 'title is not of type string.' }],
    ['an object title', { title: { nested: { deeper: 'x' } } }, { title: 'title is not of type string.' }],
    ['a list title', { title: ['a', 'b'] }, { title: 'title is not of type string.' }],
    ['an empty title', { title: '   ' }, { title: 'Invalid parameter.' }],
    ['a huge title', { title: 'x'.repeat(5000) }, { title: 'Invalid parameter.' }],
    ['an empty description', { description: '' }, { description: 'Invalid parameter.' }],
    ['an empty slug', { slug: '' }, { slug: 'Invalid parameter.' }],
    ['an empty excerpt', { excerpt: '' }, { excerpt: 'Invalid parameter.' }],
    ['a word for all_day', { all_day: 'yes' }, { all_day: 'all_day is not of type boolean.' }],
    ['a number for featured', { featured: 2 }, { featured: 'featured is not of type boolean.' }],
    ['an object for sticky', { sticky: { on: true } }, { sticky: 'sticky is not of type boolean.' }],
    ['status trash', { status: 'trash' }, { status: 'Invalid parameter.' }],
    ['an unknown status', { status: 'kinda_thinking_about_it' }, { status: 'Invalid parameter.' }],
    ['a list status', { status: ['publish'] }, { status: 'status is not of type string.' }],
    ['a number time zone', { timezone: 5 }, { timezone: 'timezone is not of type string.' }],
    ['a website that is not a URL', { website: 'not a url' }, { website: 'Invalid parameter.' }],
    ['a javascript: website', { website: 'javascript:alert(1)' }, { website: 'Invalid parameter.' }],
    ['a non-numeric author', { author: 'admin' }, { author: 'Invalid parameter.' }],
    ['an SQL-looking date', { start_date: "2027-01-01'; DROP TABLE events; --" }, { start_date: "Not a date PHP's strtotime() understands." }],
    ['an SQL-looking venue', { venue: '1; DROP TABLE venues' }, { venue: 'Invalid parameter.' }],
  ]

  it.each(cases)('refuses %s with 400 on create and on update, changing nothing', async (_label, body, params) => {
    const created = await create(event(body))
    expect(created.status).toBe(400)
    expect(created.body).toEqual({
      code: 'rest_invalid_param',
      message: `Invalid parameter(s): ${Object.keys(params).join(', ')}`,
      data: {
        status: 400,
        params,
        details: expect.anything(),
      },
    })
    const updated = await api.post(`/events/${victim}`, body, as('administrator'))
    expect(updated.status).toBe(400)
    expect(updated.body.data.params).toEqual(params)
    expect(await counts()).toEqual(before)
    expect(await stored(victim)).toEqual(victimBefore)
  })

  it('lists every invalid argument at once, in declaration order', async () => {
    const res = await create(event({ featured: 'x', title: '', timezone: 'Mars/Olympus', venue: 'nope' }))
    expect(res.body.message).toBe('Invalid parameter(s): title, timezone, featured, venue')
    expect(res.body.data.details).toEqual({ featured: { code: 'rest_invalid_type', message: 'featured is not of type boolean.', data: { param: 'featured' } } })
  })

  it('answers bodies that are not JSON objects with a 4xx envelope', async () => {
    const send = (body: string, type: string) =>
      fetch(`${app.api}/events`, { method: 'POST', headers: { ...as('administrator'), 'content-type': type }, body })
    const broken = await send('{"title": "x",', 'application/json')
    expect(broken.status).toBe(400)
    expect(await broken.json()).toEqual({ code: 'rest_invalid_json', message: 'Invalid JSON body passed.', data: { status: 400 } })
    const list = await send('[1, 2, 3]', 'application/json')
    expect(list.status).toBe(400)
    expect((await list.json()).code).toBe('rest_missing_callback_param')
    const text = await send('title=x', 'text/plain')
    expect((await text.json()).code).toBe('rest_missing_callback_param')
    const scalar = await send('"just a string"', 'application/json')
    expect(scalar.status).toBe(400)
    const huge = await send(JSON.stringify(event({ description: 'x'.repeat(2 * 1024 * 1024) })), 'application/json')
    expect(huge.status).toBe(413)
    expect((await huge.json()).code).toBe('rest_payload_too_large')
    const nested = await send('title[a]=1&start_date=2027-01-01&end_date=2027-01-02', 'application/x-www-form-urlencoded')
    expect(nested.status).toBe(400)
    expect((await nested.json()).data.params).toEqual({ title: 'title is not of type string.' })
    expect(await counts()).toEqual(before)
    expect(await stored(victim)).toEqual(victimBefore)
  })

  it('accepts form-encoded bodies like JSON ones', async () => {
    const res = await api.call('POST', '/events', {
      form: true,
      body: { title: 'Form Event', start_date: START, end_date: END, featured: 'true', all_day: '0', categories: `${ids.music},Theatre`, venue: String(ids.park) },
      headers: as('administrator'),
    })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ title: 'Form Event', featured: true, all_day: false, venue: { id: ids.park } })
    expect(res.body.categories.map((t: { id: number }) => t.id)).toEqual([ids.music, ids.theatre])
    await api.delete(`/events/${res.body.id}`, as('administrator'))
    await app.payload.delete({ collection: 'events', id: res.body.id, overrideAccess: true, trash: true })
  })

  it('stores injection-looking text verbatim and harmlessly', async () => {
    const nasty = "'; DROP TABLE events; -- <script>alert(1)</script> \" OR 1=1"
    const res = await create(event({ title: nasty, excerpt: nasty, tags: [nasty] }), 'editor')
    expect(res.status).toBe(201)
    expect(res.body.title).toBe(nasty)
    expect(res.body.excerpt).toBe(`<p>${nasty}</p>`)
    expect(res.body.tags[0].name).toBe(nasty)
    expect(res.body.slug).toBe('drop-table-events-script-alert-1-script-or-1-1')
    expect((await read(res.body.id)).title).toBe(nasty)
    const description = await api.post(`/events/${res.body.id}`, { description: nasty }, as('editor'))
    expect(description.status).toBe(200)
    expect(description.body.description).not.toContain('<script>')
    // Every table is still there and the other data intact.
    expect((await stored(victim)).title).toBe('Untouchable')
    await app.payload.delete({ collection: 'events', id: res.body.id, overrideAccess: true })
    await app.payload.delete({ collection: 'event-tags', id: res.body.tags[0].id, overrideAccess: true })
    expect(await counts()).toEqual(before)
  })

  it.each([
    ['title', 'Null\u0000byte'],
    ['website', 'https://example.org/a\u0000b'],
    ['cost', '5\u0000$'],
    ['tags', ['Null\u0000tag']],
    ['venue', { venue: 'Null\u0000hall' }],
  ])('refuses a NUL character in %s instead of failing in the database', async (name, value) => {
    const res = await create(event({ [name]: value }), 'editor')
    expect(res.status).toBe(400)
    expect(Object.keys(res.body.data.params)).toEqual([name])
    expect(await counts()).toEqual(before)
  })
})
