import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { env } from '../../src/env.js'
import { type Actor, createActors } from '../helpers/actors.js'
import { apiClient } from '../helpers/http.js'
import { type ImageServer, startImageServer } from '../helpers/imageServer.js'
import { createEvent, createPost, daysFromNow, storedCount, storedDoc } from '../helpers/fixtures.js'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'

type Role = 'anonymous' | 'administrator' | 'editor' | 'author' | 'contributor' | 'subscriber'

let app: TestApp
let api: ReturnType<typeof apiClient>
let actors: Record<Role, Actor>
const as = (role: Role) => actors[role].headers

// Every URL the API emits starts at SITE_URL, whatever host the request came to.
const BASE = `${env.SITE_URL}${env.REST_PREFIX}/calendar/events/v1`
const iso = daysFromNow

const o: Record<string, number> = {}
const e: Record<string, number> = {}
const mediaIds: number[] = []
let png: Buffer
let imageServer: ImageServer
let imageOrigin: string

const organizer = (data: Record<string, unknown>, description?: string) => createPost(app.payload, 'organizers', data, description)
const event = (title: string, data: Record<string, unknown>) => createEvent(app.payload, title, data)
const stored = (id: number) => storedDoc(app.payload, 'organizers', id)
const organizerCount = () => storedCount(app.payload, 'organizers')

const ids = (body: { organizers: Array<{ id: number }> }) => body.organizers.map((item) => item.id)

beforeAll(async () => {
  imageServer = await startImageServer()
  imageOrigin = imageServer.origin
  png = imageServer.png

  app = await initTestApp({ allowPrivateImageHosts: true })
  api = apiClient(app.api)
  actors = await createActors(app, 'org')
  const author = (role: Role) => actors[role].id

  o.acme = await organizer(
    {
      title: 'Acme Events',
      phone: '555-0100',
      website: 'https://acme.example.com',
      email: 'info@acme.example.com',
      author: author('administrator'),
      publishedAt: '2026-01-15T14:00:00.000Z',
    },
    '<p>Acme organizes things.</p>',
  )
  o.jane = await organizer({ title: 'Jane Doe', email: 'jane@example.com', author: author('author'), publishedAt: '2026-01-14T10:00:00.000Z' })
  o.choir = await organizer(
    { title: 'City Choir', website: 'https://choir.example.net', author: author('editor'), publishedAt: '2026-01-13T10:00:00.000Z' },
    '<p>Sixty voices, one baritone.</p>',
  )
  o.lonely = await organizer({ title: 'Lonely Promoter', phone: '+44 20 7946 0000', author: author('editor'), publishedAt: '2026-01-12T10:00:00.000Z' })
  o.draft = await organizer({ title: 'Draft Duo', status: 'draft', author: author('contributor') })
  o.private = await organizer({ title: 'Private Patron', status: 'private', author: author('editor'), publishedAt: '2026-01-11T10:00:00.000Z' })

  e.upcoming = await event('Choir Night', { organizers: [o.choir, o.acme] })
  e.past = await event('Old Fair', { organizers: [o.jane], startDate: iso(-40), endDate: iso(-39.9) })
  e.draft = await event('Draft Party', { organizers: [o.lonely], status: 'draft' })
  e.withDraft = await event('Duo Concert', { organizers: [o.draft], startDate: iso(5), endDate: iso(5.1) })
})

afterAll(async () => {
  for (const id of mediaIds) await app?.payload.delete({ collection: 'media', id, overrideAccess: true }).catch(() => undefined)
  await app?.close()
  await imageServer?.close()
})

describe('GET /organizers', () => {
  it('lists published organizers, newest post date first, with totals, headers and links', async () => {
    const res = await api.get('/organizers?per_page=3')
    expect(res.status).toBe(200)
    expect(ids(res.body)).toEqual([o.acme, o.jane, o.choir])
    expect(res.body).toMatchObject({
      rest_url: `${BASE}/organizers/?page=1&per_page=3&status=publish`,
      next_rest_url: `${BASE}/organizers/?per_page=3&status=publish&page=2`,
      total: 4,
      total_pages: 2,
    })
    expect(Object.keys(res.body)).toEqual(['organizers', 'rest_url', 'next_rest_url', 'total', 'total_pages'])
    expect(res.headers.get('x-tec-total')).toBe('4')
    expect(res.headers.get('x-tec-totalpages')).toBe('2')
    const second = await api.get('/organizers?per_page=3&page=2')
    expect(ids(second.body)).toEqual([o.lonely])
    expect(second.body.previous_rest_url).toBe(`${BASE}/organizers/?per_page=3&status=publish`)
    const past = await api.get('/organizers?per_page=3&page=3')
    expect(past.status).toBe(404)
    expect(past.body).toEqual({
      code: 'organizer-archive-page-not-found',
      message: 'The requested organizer archive page does not exist',
      data: { status: 404 },
    })
  })

  it('serializes organizers in the reference key order, empty values dropped, no json_ld', async () => {
    const res = await api.get('/organizers')
    const [acme, jane] = res.body.organizers
    expect(Object.keys(acme)).toEqual([
      'id', 'author', 'status', 'date', 'date_utc', 'modified', 'modified_utc', 'url', 'organizer', 'description', 'slug',
      'phone', 'website', 'email', 'global_id', 'global_id_lineage',
    ])
    expect(acme).toMatchObject({ organizer: 'Acme Events', description: '<p>Acme organizes things.</p>', slug: 'acme-events', email: 'info@acme.example.com' })
    expect(Object.keys(jane)).toEqual([
      'id', 'author', 'status', 'date', 'date_utc', 'modified', 'modified_utc', 'url', 'organizer', 'slug', 'email', 'global_id', 'global_id_lineage',
    ])
  })

  it.each([
    ['title', 'acme', 'acme'],
    ['description', 'BARITONE', 'choir'],
    ['phone', '7946', 'lonely'],
    ['email', 'jane@', 'jane'],
    ['website', 'choir.example', 'choir'],
  ])('search matches the %s', async (_field, term, expected) => {
    const res = await api.get(`/organizers?search=${encodeURIComponent(term)}`)
    expect(ids(res.body)).toEqual([o[expected]])
    expect(res.body.total).toBe(1)
    expect(res.body.rest_url).toBe(`${BASE}/organizers/?page=1&per_page=10&status=publish`)
  })

  it('counts 0 when a search matches nothing, and never counts drafts for the public', async () => {
    expect((await api.get('/organizers?search=nobody-at-all')).body).toMatchObject({ organizers: [], total: 0, total_pages: 0 })
    expect((await api.get('/organizers?search=Duo')).body.total).toBe(0)
    expect((await api.get('/organizers?search=Patron', as('subscriber'))).body.total).toBe(0)
    expect((await api.get('/organizers?search=Duo', as('editor'))).body.total).toBe(1)
  })

  it('filters by event, has_events and only_with_upcoming', async () => {
    const byEvent = await api.get(`/organizers?event=${e.upcoming}`)
    expect(ids(byEvent.body)).toEqual([o.acme, o.choir])
    expect(byEvent.body.rest_url).toBe(`${BASE}/organizers/?page=1&per_page=10&event=${e.upcoming}&status=publish`)
    expect((await api.get(`/organizers?event=${o.acme}`)).status).toBe(400)
    expect((await api.get(`/organizers?event=${e.draft}`)).status).toBe(400)

    expect(ids((await api.get('/organizers?has_events=1')).body)).toEqual([o.acme, o.jane, o.choir])
    expect(ids((await api.get('/organizers?has_events=false')).body)).toEqual([o.lonely])
    const upcoming = await api.get('/organizers?only_with_upcoming=true')
    expect(ids(upcoming.body)).toEqual([o.acme, o.choir])
    // Editors count the draft event too, and see the draft organizer.
    const editor = await api.get('/organizers?only_with_upcoming=true', as('editor'))
    expect(ids(editor.body)).toEqual([o.draft, o.acme, o.choir, o.lonely])
  })

  it('applies the status rules per role', async () => {
    expect((await api.get('/organizers?status=private')).status).toBe(400)
    expect((await api.get('/organizers?status=private', as('subscriber'))).status).toBe(400)
    const editor = await api.get('/organizers?status=private', as('editor'))
    expect(ids(editor.body)).toEqual([o.private])
    expect(editor.body.rest_url).toBe(`${BASE}/organizers/?page=1&per_page=10&status=private`)
    expect((await api.get('/organizers', as('editor'))).body.total).toBe(6)
    expect((await api.get('/organizers', as('contributor'))).body.total).toBe(5)
    expect((await api.get('/organizers?status=draft', as('author'))).body.total).toBe(0)
  })
})

describe('GET /organizers/<id> and /organizers/by-slug/<slug>', () => {
  it('returns the organizer with a Person JSON-LD and an obfuscated e-mail', async () => {
    const res = await api.get(`/organizers/${o.acme}`)
    expect(res.status).toBe(200)
    expect(Object.keys(res.body)).toEqual([
      'id', 'author', 'status', 'date', 'date_utc', 'modified', 'modified_utc', 'url', 'organizer', 'description', 'slug',
      'phone', 'website', 'email', 'json_ld', 'global_id', 'global_id_lineage',
    ])
    expect(res.body.json_ld).toMatchObject({
      '@type': 'Person',
      name: 'Acme Events',
      description: '&lt;p&gt;Acme organizes things.&lt;/p&gt;\\n',
      url: 'https://acme.example.com',
      telephone: '555-0100',
      sameAs: 'https://acme.example.com',
    })
    expect(res.body.json_ld.email).toMatch(/&#\d+;/)
    expect(res.body.json_ld.email).not.toContain('info@acme')
    expect((await api.get('/organizers/by-slug/acme-events')).body).toEqual(res.body)
  })

  it('answers 400 for unknown IDs and slugs, 404 for non-numeric IDs, 403 for posts the caller cannot read', async () => {
    const unknown = await api.get('/organizers/999999')
    expect(unknown.body).toEqual({
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): id',
      data: { status: 400, params: { id: 'Invalid parameter.' }, details: [] },
    })
    expect((await api.get(`/organizers/${e.upcoming}`)).status).toBe(400)
    expect((await api.get('/organizers/x1')).body.code).toBe('rest_no_route')
    expect((await api.get('/organizers/by-slug/nobody')).body.data.params).toEqual({ slug: 'Invalid parameter.' })
    const forbidden = { code: 'organizer-not-accessible', message: 'The requested organizer is not accessible', data: { status: 403 } }
    expect((await api.get(`/organizers/${o.draft}`)).body).toEqual(forbidden)
    expect((await api.get(`/organizers/${o.private}`, as('subscriber'))).body).toEqual(forbidden)
    expect((await api.get(`/organizers/${o.private}`, as('author'))).status).toBe(403)
    expect((await api.get(`/organizers/${o.private}`, as('editor'))).status).toBe(200)
    expect((await api.get(`/organizers/${o.draft}`, as('contributor'))).body.status).toBe('draft')
  })
})

describe('POST /organizers', () => {
  it('creates an organizer (201) and validates the e-mail address and the website', async () => {
    const res = await api.post(
      '/organizers',
      { organizer: 'Night Owls', description: 'We run late shows.', phone: '555-0199', email: 'owls@example.org', website: 'https://owls.example.org' },
      as('editor'),
    )
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({
      status: 'publish',
      organizer: 'Night Owls',
      description: '<p>We run late shows.</p>',
      slug: 'night-owls',
      phone: '555-0199',
      email: 'owls@example.org',
      website: 'https://owls.example.org',
    })
    expect(res.body.json_ld).toBeUndefined()
    const before = await organizerCount()
    for (const [body, param] of [
      [{ organizer: 'Bad Mail', email: 'not an address' }, 'email'],
      [{ organizer: 'Bad Mail', email: 'a@b' }, 'email'],
      [{ organizer: 'Bad Mail', email: ['a@example.org'] }, 'email'],
      [{ organizer: 'Bad Site', website: 'not a url' }, 'website'],
      [{ organizer: { en: 'Object' } }, 'organizer'],
      [{ organizer: 'Bad Status', status: 'soon' }, 'status'],
    ] as const) {
      const bad = await api.post('/organizers', body, as('editor'))
      expect(bad.status).toBe(400)
      expect(bad.body.code).toBe('rest_invalid_param')
      expect(Object.keys(bad.body.data.params)).toEqual([param])
    }
    const missing = await api.post('/organizers', { email: 'x@example.org' }, as('editor'))
    expect(missing.body).toEqual({
      code: 'rest_missing_callback_param',
      message: 'Missing parameter(s): organizer',
      data: { status: 400, params: ['organizer'] },
    })
    expect(await organizerCount()).toBe(before)
  })

  it('applies edit_posts and the status scale-back per role', async () => {
    expect((await api.post('/organizers', { organizer: 'Anon' })).status).toBe(401)
    expect((await api.post('/organizers', { organizer: 'Sub' }, as('subscriber'))).status).toBe(403)
    expect((await api.post('/organizers', { organizer: 'Contrib One' }, as('contributor'))).body.status).toBe('draft')
    expect((await api.post('/organizers', { organizer: 'Contrib Two', status: 'future' }, as('contributor'))).body.status).toBe('pending')
    expect((await api.post('/organizers', { organizer: 'Author One' }, as('author'))).body.status).toBe('publish')
    expect((await api.post('/organizers', { organizer: 'Author Two', status: 'private' }, as('author'))).body.status).toBe('private')
  })

  it('avoids duplicates: matching non-empty fields answer the existing organizer', async () => {
    const before = await organizerCount()
    const same = await api.post('/organizers', { organizer: 'ACME events', email: 'INFO@acme.example.com', phone: '555-0100' }, as('editor'))
    expect(same.status).toBe(201)
    expect(same.body.id).toBe(o.acme)
    expect(await organizerCount()).toBe(before)
    const other = await api.post('/organizers', { organizer: 'Acme Events', email: 'sales@acme.example.com' }, as('editor'))
    expect(other.body.id).not.toBe(o.acme)
    expect(await organizerCount()).toBe(before + 1)
  })

  it('takes the featured image by media ID or by URL (downloaded after the permission check)', async () => {
    const media = await app.payload.create({
      collection: 'media',
      data: { alt: 'logo' },
      file: { data: png, mimetype: 'image/png', name: 'logo-by-id.png', size: png.length },
      overrideAccess: true,
    })
    mediaIds.push(media.id as number)
    const byId = await api.post('/organizers', { organizer: 'Pictured By ID', image: String(media.id) }, as('author'))
    expect(byId.status).toBe(201)
    expect(byId.body.image).toMatchObject({ id: media.id, extension: 'png', width: 8, height: 6 })

    const mediaBefore = (await app.payload.count({ collection: 'media', overrideAccess: true })).totalDocs
    // Anonymous callers never make the server fetch anything.
    expect((await api.post('/organizers', { organizer: 'Pictured', image: `${imageOrigin}/image.png` })).status).toBe(401)
    expect((await app.payload.count({ collection: 'media', overrideAccess: true })).totalDocs).toBe(mediaBefore)
    const byUrl = await api.post('/organizers', { organizer: 'Pictured By URL', image: `${imageOrigin}/image.png` }, as('author'))
    expect(byUrl.status).toBe(201)
    expect(byUrl.body.image).toMatchObject({ extension: 'png', width: 8, height: 6 })
    mediaIds.push(byUrl.body.image.id)

    const broken = await api.post('/organizers', { organizer: 'Pictured Broken', image: `${imageOrigin}/missing.png` }, as('author'))
    expect(broken.status).toBe(400)
    expect(broken.body.code).toBe('image-download-failed')

    // An empty image clears it on update.
    const cleared = await api.patch(`/organizers/${byId.body.id}`, { image: '' }, as('author'))
    expect(cleared.body.image).toBeUndefined()
    expect((await stored(byId.body.id))?.image ?? null).toBeNull()
  })
})

describe('POST|PUT|PATCH /organizers/<id>', () => {
  it('updates partially, by ID or slug, and clears fields sent empty', async () => {
    const id = await organizer({ title: 'Editable Org', phone: '111', email: 'edit@example.org', website: 'https://edit.example.org', author: actors.author.id })
    const res = await api.put(`/organizers/${id}`, { phone: '222' }, as('author'))
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ organizer: 'Editable Org', phone: '222', email: 'edit@example.org', website: 'https://edit.example.org' })
    const cleared = await api.post('/organizers/by-slug/editable-org', { email: '', website: '' }, as('author'))
    expect(cleared.body.email).toBeUndefined()
    expect(cleared.body.website).toBeUndefined()
    expect(cleared.body.phone).toBe('222')
    expect((await api.patch(`/organizers/${id}`, { organizer: '' }, as('author'))).status).toBe(400)
    expect((await api.patch(`/organizers/${id}`, { email: 'nope' }, as('author'))).status).toBe(400)
    expect((await stored(id))?.title).toBe('Editable Org')
  })

  it('applies edit_post per role; unknown IDs are 400 first', async () => {
    expect((await api.patch('/organizers/999999', { phone: '1' })).status).toBe(400)
    expect((await api.patch(`/organizers/${o.acme}`, { phone: '1' })).status).toBe(401)
    expect((await api.patch(`/organizers/${o.acme}`, { phone: '1' }, as('subscriber'))).status).toBe(403)
    expect((await api.patch(`/organizers/${o.acme}`, { phone: '1' }, as('author'))).status).toBe(403)
    expect((await api.patch(`/organizers/${o.acme}`, { phone: '1' }, as('contributor'))).status).toBe(403)
    expect((await api.patch(`/organizers/${o.draft}`, { phone: '2' }, as('contributor'))).status).toBe(200)
    expect((await api.patch(`/organizers/${o.jane}`, { phone: '3' }, as('author'))).status).toBe(200)
    expect((await api.patch(`/organizers/${o.acme}`, { phone: '555-0100' }, as('editor'))).status).toBe(200)
    expect((await stored(o.acme))?.phone).toBe('555-0100')
  })
})

describe('DELETE /organizers/<id>', () => {
  it('trashes (200), answers 410 the second time, and unlinks it from its events', async () => {
    const id = await organizer({ title: 'Farewell Org', author: actors.editor.id })
    const linked = await event('Farewell Show', { organizers: [o.choir, id] })
    expect((await api.delete('/organizers/999999')).status).toBe(400)
    expect((await api.delete(`/organizers/${id}`)).status).toBe(401)
    expect((await api.delete(`/organizers/${id}`, as('contributor'))).status).toBe(403)
    const res = await api.delete(`/organizers/by-slug/farewell-org`, as('administrator'))
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ id, status: 'trash', slug: 'farewell-org__trashed' })
    const again = await api.delete(`/organizers/${id}`, as('administrator'))
    expect(again.status).toBe(410)
    expect(again.body).toEqual({ code: 'organizer-is-in-trash', message: 'The organizer is already trashed', data: { status: 410 } })
    const show = await app.payload.findByID({ collection: 'events', id: linked, depth: 0, overrideAccess: true })
    expect(show.organizers).toEqual([o.choir])
    const read = await api.get(`/events/${linked}`)
    expect(read.status).toBe(200)
    expect(read.body.organizer.map((item: { id: number }) => item.id)).toEqual([o.choir])
  })
})

describe('languages', () => {
  it('translates the parameter descriptions and error messages, codes unchanged', async () => {
    const fr = apiClient(`${app.origin}/fr${env.REST_PREFIX}/calendar/events/v1`)
    const index = await fr.call('OPTIONS', '/organizers')
    expect(index.body.endpoints[0].args.event.description).toBe('Les organisateurs doivent être liés à cet événement')
    const error = await fr.get(`/organizers/${o.draft}`)
    expect(error.body).toEqual({ code: 'organizer-not-accessible', message: "L'organisateur demandé n'est pas accessible", data: { status: 403 } })
  })
})
