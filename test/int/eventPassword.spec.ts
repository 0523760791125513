import { afterAll, beforeAll, expect, it } from '@jest/globals'
import type { Role } from '../../collections/roles.js'
import { createActors, type Actor } from '../helpers/actors.js'
import { apiClient } from '../helpers/http.js'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'
import { servePayloadApi, type PayloadApi } from '../helpers/payloadApi.js'

// The event password is write-only: its scrypt hash never leaves the server, whoever asks and however
// (namespace, /api documents, lists, versions, GraphQL), and cannot be probed through a query either.

let app: TestApp
let api: ReturnType<typeof apiClient>
let payloadApi: PayloadApi
let actors: Record<Role | 'anonymous', Actor>
let id: number
let hash: string

const PASSWORD = 'a private party'
const as = (role: Role | 'anonymous') => actors[role].headers

beforeAll(async () => {
  app = await initTestApp()
  api = apiClient(app.api)
  payloadApi = await servePayloadApi(app)
  actors = await createActors(app, 'pw')
  const created = await payloadApi.request('POST', '/api/events', {
    body: { title: 'Private party', startDate: '2027-05-01T20:00:00Z', endDate: '2027-05-01T23:00:00Z', status: 'publish', password: PASSWORD },
    headers: as('editor'),
  })
  expect(created.status).toBe(201)
  id = created.body.doc.id
  // A second revision, so the versions hold the hash too.
  expect((await payloadApi.request('PATCH', `/api/events/${id}`, { body: { excerpt: 'Bring a friend' }, headers: as('editor') })).status).toBe(200)
  hash = ((await app.payload.findByID({ collection: 'events', id, overrideAccess: true, showHiddenFields: true })) as unknown as { passwordHash: string }).passwordHash
  expect(hash).toMatch(/^scrypt\$/)
}, 180_000)
afterAll(async () => {
  await payloadApi?.close()
  await app?.close()
})

it('no answer on any entry point carries the hash, for any role', async () => {
  const [, salt] = hash.split('$') as [string, string, string]
  let answers = 0
  for (const role of ['administrator', 'editor', 'anonymous'] as const) {
    const reads = [
      payloadApi.request('GET', `/api/events/${id}?depth=2`, { headers: as(role) }),
      payloadApi.request('GET', `/api/events?depth=1&limit=100`, { headers: as(role) }),
      payloadApi.request('GET', `/api/events/versions?where[parent][equals]=${id}`, { headers: as(role) }),
      payloadApi.request('GET', `/api/events/${id}?select[passwordHash]=true`, { headers: as(role) }),
      payloadApi.graphql(`{ Event(id: ${id}) { id title hasPassword } Events { docs { id } } versionsEvents { docs { id version { title } } } }`, as(role)),
      api.get(`/events/${id}?context=edit`, as(role)),
      api.get(`/events/${id}?password=${encodeURIComponent(PASSWORD)}`, as(role)),
    ]
    for (const answer of await Promise.all(reads)) {
      const text = JSON.stringify(answer.body)
      expect(text).not.toContain(salt)
      expect(text).not.toContain('passwordHash')
      expect(text).not.toContain(PASSWORD)
      answers++
    }
  }
  expect(answers).toBe(21)
  // Versions are read by editors, and they list this event's revisions (so the check above saw them).
  const versions = await payloadApi.request('GET', `/api/events/versions?where[parent][equals]=${id}`, { headers: as('editor') })
  expect(versions.body.docs.length).toBeGreaterThanOrEqual(2)
  expect(versions.body.docs[0].version).not.toHaveProperty('passwordHash')
})

it('a query cannot test the hash (no prefix oracle)', async () => {
  const prefix = hash.slice(0, 'scrypt$'.length + 2)
  for (const role of ['editor', 'anonymous'] as const) {
    const probe = await payloadApi.request('GET', `/api/events?where[passwordHash][like]=${encodeURIComponent(prefix)}`, { headers: as(role) })
    const wrong = await payloadApi.request('GET', `/api/events?where[passwordHash][like]=${encodeURIComponent('scrypt$zz')}`, { headers: as(role) })
    // Either refused, or the same answer whether the guess is right or wrong.
    if (probe.status === 200) expect(probe.body.totalDocs).toBe(wrong.body.totalDocs)
    else expect(probe.status).toBe(400)
  }
})

it('an empty password removes it; GraphQL asked for the hash by name answers nothing', async () => {
  const graph = await payloadApi.graphql(`{ Event(id: ${id}) { id passwordHash } }`, as('administrator'))
  expect(graph.body.data?.Event?.id ?? id).toBe(id)
  expect(graph.body.data?.Event?.passwordHash ?? null).toBeNull()
  expect(JSON.stringify(graph.body)).not.toContain(hash.split('$')[1])
  expect((await api.get(`/events/${id}`)).status).toBe(403)
  const removed = await payloadApi.request('PATCH', `/api/events/${id}`, { body: { password: '' }, headers: as('editor') })
  expect(removed.status).toBe(200)
  expect(removed.body.doc.hasPassword).toBe(false)
  expect((await api.get(`/events/${id}`)).status).toBe(200)
})
