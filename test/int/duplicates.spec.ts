import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { Role } from '../../collections/roles.js'
import { createActors, type Actor } from '../helpers/actors.js'
import { apiClient } from '../helpers/http.js'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'
import { servePayloadApi, type PayloadApi } from '../helpers/payloadApi.js'

// Payload's Duplicate (the admin's button, POST /api/<collection>/<id>/duplicate, GraphQL's duplicate
// mutations) on events, venues and organizers: the copy is a draft with a fresh slug, and a
// password-protected event's copy keeps the password (its hash, never shown) and every protected field.

let app: TestApp
let api: ReturnType<typeof apiClient>
let payloadApi: PayloadApi
let actors: Record<Role | 'anonymous', Actor>

const as = (role: Role) => actors[role].headers
const PASSWORD = 'open sesame 42'
const when = { startDate: '2027-09-01T18:00:00.000Z', endDate: '2027-09-01T21:00:00.000Z' }

const stored = async (collection: 'events' | 'venues' | 'organizers', id: number) =>
  (await app.payload.findByID({ collection, id, overrideAccess: true, showHiddenFields: true, depth: 0, trash: true })) as Record<string, any>

async function protectedEvent(title: string) {
  const venue = await payloadApi.request('POST', '/api/venues', { body: { title: `${title} hall`, status: 'publish' }, headers: as('editor') })
  expect(venue.status).toBe(201)
  const created = await payloadApi.request('POST', '/api/events', {
    body: { title, ...when, status: 'publish', password: PASSWORD, excerpt: 'The secret programme', cost: '25', venues: [venue.body.doc.id] },
    headers: as('editor'),
  })
  expect(created.status).toBe(201)
  return created.body.doc as { id: number; slug: string }
}

beforeAll(async () => {
  app = await initTestApp()
  api = apiClient(app.api)
  payloadApi = await servePayloadApi(app)
  actors = await createActors(app, 'dup')
}, 180_000)
afterAll(async () => {
  await payloadApi?.close()
  await app?.close()
})

describe('duplicating a password-protected, published event', () => {
  it('makes a draft with a fresh slug that keeps the password hash and the protected fields', async () => {
    const original = await protectedEvent('Secret gig')
    // A client that asks for a published copy and plants a hash of its own gets neither.
    const res = await payloadApi.request('POST', `/api/events/${original.id}/duplicate`, {
      body: { status: 'publish', passwordHash: 'scrypt$00$00', hasPassword: false },
      headers: as('editor'),
    })
    expect(res.status).toBe(200)
    const copy = res.body.doc
    expect(copy.id).not.toBe(original.id)
    expect(copy.status).toBe('draft')
    expect(copy.slug).toBe(`${original.slug}-2`)
    expect(copy.hasPassword).toBe(true)
    expect(JSON.stringify(res.body)).not.toContain('scrypt$')

    const [source, duplicate] = [await stored('events', original.id), await stored('events', copy.id)]
    expect(duplicate.passwordHash).toMatch(/^scrypt\$/)
    expect(duplicate.passwordHash).toBe(source.passwordHash)
    expect(duplicate.excerpt).toBe('The secret programme')
    expect(duplicate.cost).toBe('25')
    expect(duplicate.venues).toEqual(source.venues)

    // Anonymous callers cannot read the draft anywhere.
    expect((await api.get(`/events/${copy.id}`)).status).toBeGreaterThanOrEqual(401)
    expect((await payloadApi.request('GET', `/api/events/${copy.id}`)).status).toBe(404)
    const listed = await payloadApi.request('GET', `/api/events?where[id][equals]=${copy.id}`)
    expect(listed.body.docs).toEqual([])

    // Once published it still demands the same password.
    const published = await payloadApi.request('PATCH', `/api/events/${copy.id}`, { body: { status: 'publish' }, headers: as('editor') })
    expect(published.status).toBe(200)
    expect(published.body.doc.hasPassword).toBe(true)
    const locked = await api.get(`/events/${copy.id}`)
    expect(locked.status).toBe(403)
    expect(locked.body.code).toBe('event-password-protected')
    expect((await api.get(`/events/${copy.id}?password=wrong-guess`)).status).toBe(403)
    const unlocked = await api.get(`/events/${copy.id}?password=${encodeURIComponent(PASSWORD)}`)
    expect(unlocked.status).toBe(200)
    expect(unlocked.body.excerpt).toContain('The secret programme')
    const anonymousApi = await payloadApi.request('GET', `/api/events/${copy.id}`)
    expect(anonymousApi.status).toBe(200)
    expect(anonymousApi.body.excerpt ?? null).toBeNull()
  })

  it('a password typed with the duplicate replaces the copied one', async () => {
    const original = await protectedEvent('Secret talk')
    const res = await payloadApi.request('POST', `/api/events/${original.id}/duplicate`, { body: { password: 'another one' }, headers: as('editor') })
    expect(res.status).toBe(200)
    const duplicate = await stored('events', res.body.doc.id)
    expect(duplicate.passwordHash).toMatch(/^scrypt\$/)
    expect(duplicate.passwordHash).not.toBe((await stored('events', original.id)).passwordHash)
  })

  it('through GraphQL is a draft that keeps the password', async () => {
    const original = await protectedEvent('Secret show')
    const graph = await payloadApi.graphql(`mutation { duplicateEvent(id: ${original.id}, data: { title: "Secret show", startDate: "${when.startDate}", endDate: "${when.endDate}", status: publish }) { id status slug hasPassword } }`, as('editor'))
    expect(graph.body.errors).toBeUndefined()
    expect(graph.body.data.duplicateEvent).toEqual(expect.objectContaining({ status: 'draft', slug: `${original.slug}-2`, hasPassword: true }))
    expect((await stored('events', graph.body.data.duplicateEvent.id)).passwordHash).toBe((await stored('events', original.id)).passwordHash)
  })

  it('is refused to those who may not change the original (they cannot read its protected fields)', async () => {
    const original = await protectedEvent('Secret dinner')
    const before = (await app.payload.count({ collection: 'events', overrideAccess: true, trash: true })).totalDocs
    for (const role of ['contributor', 'author'] as const) {
      const res = await payloadApi.request('POST', `/api/events/${original.id}/duplicate`, { body: {}, headers: as(role) })
      expect(res.status).toBe(403)
    }
    for (const role of ['subscriber', 'anonymous'] as const) {
      const res = await payloadApi.request('POST', `/api/events/${original.id}/duplicate`, { body: {}, headers: actors[role].headers })
      expect(res.status).toBe(403)
    }
    expect((await app.payload.count({ collection: 'events', overrideAccess: true, trash: true })).totalDocs).toBe(before)
  })
})

it("a contributor's duplicate of an open published event is their own draft", async () => {
  const open = await payloadApi.request('POST', '/api/events', { body: { title: 'Open day', ...when, status: 'publish' }, headers: as('editor') })
  const res = await payloadApi.request('POST', `/api/events/${open.body.doc.id}/duplicate`, { body: { status: 'publish' }, headers: as('contributor') })
  expect(res.status).toBe(200)
  expect(res.body.doc.status).toBe('draft')
  expect(res.body.doc.author.id ?? res.body.doc.author).toBe(actors.contributor.id)
  expect(res.body.doc.slug).toBe(`${open.body.doc.slug}-2`)
})

describe.each(['venues', 'organizers'] as const)('duplicating a published one of %s', (collection) => {
  it('makes a draft with a fresh slug, each time', async () => {
    const original = await payloadApi.request('POST', `/api/${collection}`, { body: { title: `Copied ${collection}`, status: 'publish' }, headers: as('editor') })
    expect(original.status).toBe(201)
    const slugs = new Set([original.body.doc.slug])
    for (let n = 2; n <= 3; n++) {
      const res = await payloadApi.request('POST', `/api/${collection}/${original.body.doc.id}/duplicate`, { body: {}, headers: as('editor') })
      expect(res.status).toBe(200)
      expect(res.body.doc.status).toBe('draft')
      expect(res.body.doc.slug).toBe(`${original.body.doc.slug}-${n}`)
      slugs.add(res.body.doc.slug)
      expect((await api.get(`/${collection}/${res.body.doc.id}`)).status).toBeGreaterThanOrEqual(401)
    }
    expect(slugs.size).toBe(3)
  })
})
