import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { Role } from '../../collections/roles.js'
import { createActors, type Actor } from '../helpers/actors.js'
import { apiClient } from '../helpers/http.js'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'
import { servePayloadApi, type PayloadApi } from '../helpers/payloadApi.js'

// What each role may set on its posts, as WordPress decides it, on the namespace, /api and GraphQL:
// contributors (no publish_posts) get `pending` for publish, future and private, and set neither the
// publication date nor the author; authors date their own posts but cannot give them away.

let app: TestApp
let api: ReturnType<typeof apiClient>
let payloadApi: PayloadApi
let actors: Record<Role | 'anonymous', Actor>

const PAST = '2020-01-02T03:04:05.000Z'
const when = { startDate: '2027-06-01T18:00:00Z', endDate: '2027-06-01T20:00:00Z' }
const as = (role: Role) => actors[role].headers

/** The stored post, past access control. */
const stored = async (collection: 'events' | 'venues' | 'organizers', id: number) =>
  (await app.payload.findByID({ collection, id, depth: 0, trash: true, overrideAccess: true })) as unknown as {
    status: string
    publishedAt?: string | null
    author?: number | null
  }

beforeAll(async () => {
  app = await initTestApp()
  api = apiClient(app.api)
  payloadApi = await servePayloadApi(app)
  actors = await createActors(app, 'limits')
})
afterAll(async () => {
  await payloadApi?.close()
  await app?.close()
})

describe('a contributor', () => {
  it.each(['publish', 'future', 'private'])('asking for %s gets pending on the namespace, /api and GraphQL', async (status) => {
    const wire = await api.post('/events', { title: 'N', start_date: '2027-06-01 18:00', end_date: '2027-06-01 20:00', status }, as('contributor'))
    expect(wire.status).toBe(201)
    expect(wire.body.status).toBe('pending')
    expect((await stored('events', wire.body.id)).status).toBe('pending')

    for (const collection of ['events', 'venues', 'organizers'] as const) {
      const rest = await payloadApi.request('POST', `/api/${collection}`, {
        body: { title: 'R', status, ...(collection === 'events' ? when : {}) },
        headers: as('contributor'),
      })
      expect(rest.status).toBe(201)
      expect((await stored(collection, rest.body.doc.id)).status).toBe('pending')
    }

    const graph = await payloadApi.graphql(`mutation { createVenue(data: { title: "G", status: ${status} }) { id status } }`, as('contributor'))
    expect(graph.body.errors).toBeUndefined()
    expect(graph.body.data.createVenue.status).toBe('pending')
  })

  it('cannot move a draft of theirs to private afterwards', async () => {
    const created = await payloadApi.request('POST', '/api/organizers', { body: { title: 'Mine', status: 'draft' }, headers: as('contributor') })
    expect(created.status).toBe(201)
    const updated = await payloadApi.request('PATCH', `/api/organizers/${created.body.doc.id}`, { body: { status: 'private' }, headers: as('contributor') })
    expect(updated.status).toBe(200)
    expect((await stored('organizers', created.body.doc.id)).status).toBe('pending')
  })

  it('sets neither the publication date nor the author through /api', async () => {
    const created = await payloadApi.request('POST', '/api/events', {
      body: { title: 'Dated', ...when, status: 'draft', publishedAt: PAST, author: actors.editor.id },
      headers: as('contributor'),
    })
    expect(created.status).toBe(201)
    const doc = await stored('events', created.body.doc.id)
    expect(doc.publishedAt ?? null).toBeNull()
    expect(doc.author).toBe(actors.contributor.id)

    const updated = await payloadApi.request('PATCH', `/api/events/${created.body.doc.id}`, {
      body: { publishedAt: PAST, author: actors.editor.id },
      headers: as('contributor'),
    })
    expect(updated.status).toBe(200)
    const after = await stored('events', created.body.doc.id)
    expect(after.publishedAt ?? null).toBeNull()
    expect(after.author).toBe(actors.contributor.id)
  })

  it('sets no publication date through GraphQL', async () => {
    const graph = await payloadApi.graphql(
      `mutation { createEvent(data: { title: "G", status: draft, startDate: "${when.startDate}", endDate: "${when.endDate}", publishedAt: "${PAST}" }) { id } }`,
      as('contributor'),
    )
    expect(graph.body.errors).toBeUndefined()
    expect((await stored('events', graph.body.data.createEvent.id)).publishedAt ?? null).toBeNull()
  })

  it('sets no publication date through the namespace (date and date_utc)', async () => {
    const event = await api.post(
      '/events',
      { title: 'N', start_date: '2027-06-01 18:00', end_date: '2027-06-01 20:00', date_utc: '2020-01-02 03:04:05' },
      as('contributor'),
    )
    expect(event.status).toBe(201)
    expect((await stored('events', event.body.id)).publishedAt ?? null).toBeNull()
    const venue = await api.post('/venues', { venue: 'Dated hall', date: '2020-01-02 03:04:05' }, as('contributor'))
    expect(venue.status).toBe(201)
    expect((await stored('venues', venue.body.id)).publishedAt ?? null).toBeNull()
  })
})

describe('an author', () => {
  it('publishes privately, and dates their own posts on /api and the namespace', async () => {
    const rest = await payloadApi.request('POST', '/api/events', {
      body: { title: 'Private', ...when, status: 'private', publishedAt: PAST },
      headers: as('author'),
    })
    expect(rest.status).toBe(201)
    expect(await stored('events', rest.body.doc.id)).toMatchObject({ status: 'private', publishedAt: PAST, author: actors.author.id })

    const later = '2021-05-06T07:08:09.000Z'
    const updated = await payloadApi.request('PATCH', `/api/events/${rest.body.doc.id}`, { body: { publishedAt: later }, headers: as('author') })
    expect(updated.status).toBe(200)
    expect((await stored('events', rest.body.doc.id)).publishedAt).toBe(later)

    const wire = await api.post('/organizers', { organizer: 'Dated org', date_utc: '2020-01-02 03:04:05' }, as('author'))
    expect(wire.status).toBe(201)
    expect((await stored('organizers', wire.body.id)).publishedAt).toBe(PAST.replace('.000Z', '.000Z'))
  })

  it("cannot give a post away or date another's", async () => {
    const created = await payloadApi.request('POST', '/api/venues', { body: { title: 'Mine', author: actors.editor.id }, headers: as('author') })
    expect(created.status).toBe(201)
    expect((await stored('venues', created.body.doc.id)).author).toBe(actors.author.id)

    const others = await app.payload.create({ collection: 'venues', data: { title: "Editor's", status: 'publish', author: actors.editor.id } as never })
    // Published, it is dated at its creation (recordPublication); the author's date does not replace it.
    const { publishedAt } = await stored('venues', others.id as number)
    expect(publishedAt).toBe(others.createdAt)
    const refused = await payloadApi.request('PATCH', `/api/venues/${others.id}`, { body: { publishedAt: PAST }, headers: as('author') })
    expect(refused.status).toBe(403)
    expect((await stored('venues', others.id as number)).publishedAt).toBe(publishedAt)
  })
})
