import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { type Actor, createActors } from '../helpers/actors.js'
import { apiClient } from '../helpers/http.js'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'
import { servePayloadApi, type PayloadApi } from '../helpers/payloadApi.js'

// What a draft was given is kept, as WordPress keeps it (issue 28, points 7 and 12): a slug sent is
// the draft's post name, a date_utc sent its GMT date; neither given, they read "" and the zero date.
// A post gets its publication date when first published, and keeps both once published.

type Role = 'anonymous' | 'administrator' | 'editor' | 'author' | 'contributor' | 'subscriber'

const ZERO = '0000-00-00 00:00:00'
const ZONE = 'America/New_York'

let app: TestApp
let api: ReturnType<typeof apiClient>
let payloadApi: PayloadApi
let actors: Record<Role, Actor>
const as = (role: Role) => actors[role].headers
const when = { start_date: '2027-03-01 19:00:00', end_date: '2027-03-01 21:00:00' }

beforeAll(async () => {
  app = await initTestApp({ siteTimezone: ZONE })
  api = apiClient(app.api)
  payloadApi = await servePayloadApi(app)
  actors = await createActors(app, 'given')
})

afterAll(async () => {
  await payloadApi?.close()
  await app?.close()
})

const stored = async (collection: 'events' | 'venues' | 'organizers', id: number) =>
  (await app.payload.findByID({ collection, id, depth: 0, overrideAccess: true })) as unknown as Record<string, unknown>

describe('events: a draft keeps the slug and date_utc it was given', () => {
  it('reads back what was sent, on the write and on every read', async () => {
    const sent = { title: 'Given Draft', ...when, status: 'draft', slug: 'my-own-slug', date_utc: '2026-01-02 03:04:05' }
    const created = await api.post('/events', sent, as('editor'))
    expect(created.status).toBe(201)
    // 2026-01-02 03:04:05 UTC is 2026-01-01 22:04:05 in New York.
    const expected = { status: 'draft', slug: 'my-own-slug', date_utc: '2026-01-02 03:04:05', date: '2026-01-01 22:04:05' }
    expect(created.body).toMatchObject(expected)
    expect((await api.get(`/events/${created.body.id}`, as('editor'))).body).toMatchObject(expected)
    const listed = await api.get('/events?status=draft&start_date=2027-01-01', as('editor'))
    const item = listed.body.events.find((event: { id: number }) => event.id === created.body.id)
    expect(item).toMatchObject(expected)
  })

  it('still reads "" and the zero date when neither was given, and a date alone sets no GMT date', async () => {
    const bare = await api.post('/events', { title: 'Bare Draft', ...when, status: 'draft' }, as('editor'))
    expect(bare.status).toBe(201)
    expect(bare.body).toMatchObject({ slug: '', date_utc: ZERO })
    // The reference sends post_date_gmt only for date_utc: a local date alone leaves it empty.
    const local = await api.post('/events', { title: 'Local Draft', ...when, status: 'draft', date: '2026-02-03 10:00:00' }, as('editor'))
    expect(local.status).toBe(201)
    expect(local.body).toMatchObject({ slug: '', date: '2026-02-03 10:00:00', date_utc: ZERO })
  })

  it('gives a slug later on update, and keeps it when the title changes', async () => {
    const bare = await api.post('/events', { title: 'Renamed Later', ...when, status: 'draft' }, as('editor'))
    expect(bare.body.slug).toBe('')
    const named = await api.post(`/events/${bare.body.id}`, { slug: 'named-later' }, as('editor'))
    expect(named.status).toBe(200)
    expect(named.body.slug).toBe('named-later')
    const retitled = await api.post(`/events/${bare.body.id}`, { title: 'Another Title' }, as('editor'))
    expect(retitled.body).toMatchObject({ title: 'Another Title', slug: 'named-later' })
  })

  it('keeps the post name and GMT date of a published event moved back to draft', async () => {
    const published = await api.post('/events', { title: 'Back To Draft', ...when, status: 'publish' }, as('editor'))
    expect(published.status).toBe(201)
    const { slug, date, date_utc: dateUtc } = published.body
    expect(slug).toBe('back-to-draft')
    expect(dateUtc).not.toBe(ZERO)
    const draft = await api.post(`/events/${published.body.id}`, { status: 'draft' }, as('editor'))
    expect(draft.body).toMatchObject({ status: 'draft', slug, date, date_utc: dateUtc })
  })

  it('answers the by-slug route for a given slug as the ID route does, for every role', async () => {
    const created = await api.post('/events', { title: 'Reachable Draft', ...when, status: 'draft', slug: 'reachable-draft' }, as('editor'))
    const roles: Role[] = ['anonymous', 'subscriber', 'contributor', 'author', 'editor', 'administrator']
    for (const role of roles) {
      const [byId, bySlug] = [await api.get(`/events/${created.body.id}`, as(role)), await api.get('/events/by-slug/reachable-draft', as(role))]
      expect({ role, status: bySlug.status, code: bySlug.body.code }).toEqual({ role, status: byId.status, code: byId.body.code })
    }
    // Without a given slug the draft has no post name: anonymous callers find nothing by it.
    await api.post('/events', { title: 'Unnamed Draft', ...when, status: 'draft' }, as('editor'))
    expect((await api.get('/events/by-slug/unnamed-draft')).status).toBe(400)
  })
})

describe.each([
  ['venues', 'venue'],
  ['organizers', 'organizer'],
] as const)('%s: a draft keeps what it was given', (collection, nameParam) => {
  it('keeps date and date_utc sent with a draft (the reference\'s own insertion test)', async () => {
    const created = await api.post(
      `/${collection}`,
      { [nameParam]: `Dated Draft ${nameParam}`, status: 'draft', date: '2026-04-05 09:00:00', date_utc: '2026-04-05 13:00:00' },
      as('administrator'),
    )
    expect(created.status).toBe(201)
    const expected = { status: 'draft', date: '2026-04-05 09:00:00', date_utc: '2026-04-05 13:00:00' }
    expect(created.body).toMatchObject(expected)
    expect((await api.get(`/${collection}/${created.body.id}`, as('administrator'))).body).toMatchObject(expected)
  })

  it('reads a non-public one by the slug it was given: 200 for editors, refused by the ID route\'s rule for the public', async () => {
    const made = await payloadApi.request('POST', `/api/${collection}`, {
      body: { title: `Slugged ${nameParam}`, slug: `given-${nameParam}-slug`, status: 'draft' },
      headers: as('editor'),
    })
    expect(made.status).toBe(201)
    const id = made.body.doc.id as number
    expect(await stored(collection, id)).toMatchObject({ slugGiven: true, dateGiven: false })
    const editor = await api.get(`/${collection}/by-slug/given-${nameParam}-slug`, as('editor'))
    expect(editor.status).toBe(200)
    expect(editor.body).toMatchObject({ id, slug: `given-${nameParam}-slug`, date_utc: ZERO })
    const [byId, bySlug] = [await api.get(`/${collection}/${id}`), await api.get(`/${collection}/by-slug/given-${nameParam}-slug`)]
    expect(byId.status).toBeGreaterThanOrEqual(401)
    expect({ status: bySlug.status, code: bySlug.body.code }).toEqual({ status: byId.status, code: byId.body.code })
  })

  it('keeps an untyped draft unnamed: the admin fills the slug from the name, which gives nothing', async () => {
    const made = await payloadApi.request('POST', `/api/${collection}`, {
      body: { title: `Plain ${nameParam}`, slug: `plain-${nameParam}`, status: 'draft' },
      headers: as('editor'),
    })
    expect(made.status).toBe(201)
    expect(await stored(collection, made.body.doc.id)).toMatchObject({ slug: `plain-${nameParam}`, slugGiven: false })
    // Venues and organizers leave out empty values, as the reference does.
    const read = await api.get(`/${collection}/${made.body.doc.id}`, as('editor'))
    expect(read.status).toBe(200)
    expect(read.body.slug ?? '').toBe('')
    expect(read.body.date_utc).toBe(ZERO)
  })
})

describe('the publication date', () => {
  it('is set when a post is first published, and is what the namespace shows as date', async () => {
    const draft = await api.post('/events', { title: 'Published Later', ...when, status: 'draft' }, as('editor'))
    expect((await stored('events', draft.body.id)).publishedAt ?? null).toBeNull()
    const published = await api.post(`/events/${draft.body.id}`, { status: 'publish' }, as('editor'))
    expect(published.status).toBe(200)
    const { publishedAt } = await stored('events', draft.body.id)
    expect(typeof publishedAt).toBe('string')
    const instant = new Date(publishedAt as string).toISOString().slice(0, 19).replace('T', ' ')
    expect(published.body).toMatchObject({ slug: 'published-later', date_utc: instant })
    // Saving again does not move it.
    const resaved = await api.post(`/events/${draft.body.id}`, { title: 'Published Later, Renamed' }, as('editor'))
    expect(resaved.body.date_utc).toBe(instant)
  })

  it('is set for posts created published, through the namespace and /api, for every post type', async () => {
    const made = [
      ['events', (await api.post('/events', { title: 'Born Published', ...when }, as('editor'))).body.id],
      ['venues', (await api.post('/venues', { venue: 'Born Published Hall' }, as('editor'))).body.id],
      ['organizers', (await api.post('/organizers', { organizer: 'Born Published Band' }, as('editor'))).body.id],
      ['venues', (await payloadApi.request('POST', '/api/venues', { body: { title: 'Api Hall' }, headers: as('editor') })).body.doc.id],
    ] as const
    for (const [collection, id] of made) {
      const doc = await stored(collection, id as number)
      expect({ collection, publishedAt: doc.publishedAt }).toEqual({ collection, publishedAt: doc.createdAt })
      const wire = (await api.get(`/${collection}/${id}`)).body
      expect(wire.date_utc).toBe((doc.createdAt as string).slice(0, 19).replace('T', ' '))
    }
  })

  it('changed through /api on a draft, counts as given (the Publish box), as the namespace date_utc does', async () => {
    const draft = await api.post('/events', { title: 'Dated In Admin', ...when, status: 'draft' }, as('editor'))
    const patched = await payloadApi.request('PATCH', `/api/events/${draft.body.id}`, { body: { publishedAt: '2026-06-01T12:00:00.000Z' }, headers: as('editor') })
    expect(patched.status).toBe(200)
    const read = await api.get(`/events/${draft.body.id}`, as('editor'))
    expect(read.body).toMatchObject({ status: 'draft', date: '2026-06-01 08:00:00', date_utc: '2026-06-01 12:00:00' })
  })

  it('is not given by a contributor, who cannot date a post', async () => {
    const draft = await api.post('/events', { title: 'Contributor Draft', ...when, date_utc: '2026-01-01 00:00:00' }, as('contributor'))
    expect(draft.status).toBe(201)
    expect(draft.body).toMatchObject({ status: 'draft', date_utc: ZERO })
    expect(await stored('events', draft.body.id)).toMatchObject({ dateGiven: false })
  })

  it('is cleared in a copy, which is a new draft without a post name', async () => {
    const original = await payloadApi.request('POST', '/api/venues', { body: { title: 'Original Hall', slug: 'original-own-slug' }, headers: as('editor') })
    const copy = await payloadApi.request('POST', `/api/venues/${original.body.doc.id}/duplicate`, { body: {}, headers: as('editor') })
    expect([200, 201]).toContain(copy.status)
    expect(await stored('venues', copy.body.doc.id)).toMatchObject({ status: 'draft', publishedAt: null, slugGiven: false, dateGiven: false })
    const read = (await api.get(`/venues/${copy.body.doc.id}`, as('editor'))).body
    expect([read.slug ?? '', read.date_utc]).toEqual(['', ZERO])
  })
})
