import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { Role } from '../../collections/roles.js'
import { createActors, type Actor } from '../helpers/actors.js'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'
import { servePayloadApi, type PayloadApi } from '../helpers/payloadApi.js'

// What Payload's own REST (/api) and GraphQL show to each role: unpublished and trashed posts only to
// those who may see them, password-protected event fields only to those who may edit the event, and
// the event password's hash to nobody.

let app: TestApp
let api: PayloadApi
let actors: Record<Role | 'anonymous', Actor>
const when = { startDate: '2027-06-01T18:00:00Z', endDate: '2027-06-01T20:00:00Z' }

type Post = { id: number; title: string }
const posts: Record<string, Post> = {}
const PROTECTED_FIELDS = ['description', 'descriptionHtml', 'excerpt', 'venues', 'organizers', 'cost', 'website', 'categories', 'tags', 'image', 'featured', 'sticky', 'showMap']

async function make(collection: 'events' | 'venues' | 'organizers', key: string, data: Record<string, unknown>, trash = false) {
  const doc = (await app.payload.create({ collection, data: { title: key, ...(collection === 'events' ? when : {}), ...data } as never })) as unknown as Post
  if (trash) await app.payload.update({ collection, id: doc.id, data: { deletedAt: new Date().toISOString() } as never, trash: true })
  posts[key] = doc
  return doc
}

beforeAll(async () => {
  app = await initTestApp()
  api = await servePayloadApi(app)
  actors = await createActors(app)
  const { editor, author, contributor } = actors
  for (const collection of ['venues', 'organizers'] as const) {
    const p = collection.slice(0, -1)
    await make(collection, `${p}-published`, { status: 'publish', author: editor.id })
    await make(collection, `${p}-draft`, { status: 'draft', author: editor.id })
    await make(collection, `${p}-private`, { status: 'private', author: editor.id })
    await make(collection, `${p}-trashed`, { status: 'publish', author: editor.id }, true)
    await make(collection, `${p}-author-draft`, { status: 'draft', author: author.id })
  }
  const category = await app.payload.create({ collection: 'event-categories', data: { name: 'Jazz' } })
  await make('events', 'published', { status: 'publish', author: author.id })
  await make('events', 'draft', { status: 'draft', author: editor.id })
  await make('events', 'pending', { status: 'pending', author: editor.id })
  await make('events', 'future', { status: 'future', author: editor.id })
  await make('events', 'private', { status: 'private', author: editor.id })
  await make('events', 'trashed', { status: 'publish', author: editor.id }, true)
  await make('events', 'author-draft', { status: 'draft', author: author.id })
  await make('events', 'contributor-pending', { status: 'pending', author: contributor.id })
  await make('events', 'links-draft-venue', { status: 'publish', author: editor.id, venues: [posts['venue-draft']!.id] })
  await make('events', 'protected', {
    status: 'publish',
    author: editor.id,
    password: 'sesame',
    cost: '15',
    website: 'https://secret.example',
    excerpt: 'Secret excerpt',
    featured: true,
    venues: [posts['venue-published']!.id],
    organizers: [posts['organizer-published']!.id],
    categories: [category.id],
  })
  await make('events', 'child-of-protected', { status: 'publish', author: editor.id, parent: posts.protected!.id })
})
afterAll(async () => {
  await api?.close()
  await app?.close()
})

const titles = (docs: Array<{ title: string }>) => docs.map((d) => d.title).sort()
const PUBLIC_EVENTS = ['child-of-protected', 'links-draft-venue', 'protected', 'published']
const HIDDEN_EVENTS = ['draft', 'pending', 'future', 'private', 'trashed', 'author-draft', 'contributor-pending']

describe.each(['anonymous', 'subscriber'] as const)('%s on /api and GraphQL', (who) => {
  const headers = () => actors[who].headers

  it('lists and counts only published, untrashed events, venues and organizers', async () => {
    const events = await api.request('GET', '/api/events?limit=100&depth=0', { headers: headers() })
    expect(events.status).toBe(200)
    expect(titles(events.body.docs)).toEqual(PUBLIC_EVENTS)
    expect(events.body.totalDocs).toBe(PUBLIC_EVENTS.length)
    const count = await api.request('GET', '/api/events/count', { headers: headers() })
    expect(count.body.totalDocs).toBe(PUBLIC_EVENTS.length)
    for (const collection of ['venues', 'organizers']) {
      const list = await api.request('GET', `/api/${collection}?limit=100`, { headers: headers() })
      expect(titles(list.body.docs)).toEqual([`${collection.slice(0, -1)}-published`])
      expect(list.body.totalDocs).toBe(1)
    }
    const graph = await api.graphql('{ Events(limit: 100) { totalDocs docs { title } } Venues { totalDocs } Organizers { totalDocs } }', headers())
    expect(titles(graph.body.data.Events.docs)).toEqual(PUBLIC_EVENTS)
    expect(graph.body.data.Events.totalDocs).toBe(PUBLIC_EVENTS.length)
    expect(graph.body.data.Venues.totalDocs).toBe(1)
    expect(graph.body.data.Organizers.totalDocs).toBe(1)
  })

  it('cannot read an unpublished or trashed post by ID, nor find it with where, trash or paging tricks', async () => {
    for (const key of HIDDEN_EVENTS) {
      const { id } = posts[key]!
      const single = await api.request('GET', `/api/events/${id}`, { headers: headers() })
      expect([403, 404]).toContain(single.status)
      expect(JSON.stringify(single.body)).not.toContain(key)
      const trashed = await api.request('GET', `/api/events/${id}?trash=true`, { headers: headers() })
      expect([403, 404]).toContain(trashed.status)
      const graph = await api.graphql(`{ Event(id: ${id}, trash: true) { title } }`, headers())
      expect(graph.body.data?.Event ?? null).toBeNull()
    }
    for (const key of ['venue-draft', 'venue-private', 'venue-trashed', 'organizer-draft', 'organizer-trashed']) {
      const collection = key.startsWith('venue') ? 'venues' : 'organizers'
      const single = await api.request('GET', `/api/${collection}/${posts[key]!.id}?trash=true`, { headers: headers() })
      expect([403, 404]).toContain(single.status)
    }
    const tricks = [
      '/api/events?where[status][equals]=draft',
      '/api/events?where[status][in]=draft,pending,future,private',
      '/api/events?trash=true&where[deletedAt][exists]=true',
      '/api/events?where[or][0][status][equals]=private&where[or][1][title][equals]=private',
      `/api/events?where[id][in]=${HIDDEN_EVENTS.map((k) => posts[k]!.id).join(',')}`,
      '/api/events?where[title][in]=draft,trashed,author-draft&trash=true&limit=0',
      '/api/events/count?where[status][not_equals]=publish',
      '/api/venues?trash=true&where[status][not_equals]=publish',
    ]
    for (const path of tricks) {
      const res = await api.request('GET', path, { headers: headers() })
      expect(res.status).toBe(200)
      expect(res.body.totalDocs).toBe(0)
    }
    const graph = await api.graphql('{ Events(trash: true, where: { status: { not_equals: publish } }) { totalDocs } }', headers())
    expect(graph.body.data.Events.totalDocs).toBe(0)
    const versions = await api.request('GET', '/api/events/versions', { headers: headers() })
    expect(versions.status).toBe(403)
  })

  it('sees a linked unpublished venue and an author only as IDs when populating', async () => {
    const { id } = posts['links-draft-venue']!
    const res = await api.request('GET', `/api/events/${id}?depth=2`, { headers: headers() })
    expect(res.status).toBe(200)
    expect(res.body.venues).toEqual([posts['venue-draft']!.id])
    expect(typeof res.body.author === 'object' && res.body.author !== null).toBe(false)
    const graph = await api.graphql(`{ Event(id: ${id}) { venues { title } author { email } } }`, headers())
    expect(graph.body.data.Event.venues ?? []).toEqual([])
    expect(graph.body.data.Event.author).toBeNull()
  })

  it('sees a password-protected event’s title and dates, not its protected fields, in lists, reads, populations and GraphQL', async () => {
    const { id } = posts.protected!
    const single = await api.request('GET', `/api/events/${id}`, { headers: headers() })
    expect(single.status).toBe(200)
    expect(single.body).toMatchObject({ id, title: 'protected', startDate: '2027-06-01T18:00:00.000Z', endDate: '2027-06-01T20:00:00.000Z', hasPassword: true })
    for (const field of PROTECTED_FIELDS) expect(single.body).not.toHaveProperty(field)
    const list = await api.request('GET', '/api/events?limit=100', { headers: headers() })
    const listed = list.body.docs.find((d: Post) => d.id === id)
    for (const field of PROTECTED_FIELDS) expect(listed).not.toHaveProperty(field)
    const child = await api.request('GET', `/api/events/${posts['child-of-protected']!.id}?depth=1`, { headers: headers() })
    expect(child.body.parent).toMatchObject({ id, title: 'protected' })
    for (const field of PROTECTED_FIELDS) expect(child.body.parent).not.toHaveProperty(field)
    expect(JSON.stringify(child.body)).not.toMatch(/secret|scrypt/i)

    const graph = await api.graphql(
      `{ Event(id: ${id}) { title startDate cost website excerpt featured descriptionHtml venues { id } categories { id } } }`,
      headers(),
    )
    expect(graph.body.data.Event).toMatchObject({ title: 'protected', startDate: '2027-06-01T18:00:00.000Z' })
    for (const field of ['cost', 'website', 'excerpt', 'featured', 'descriptionHtml']) expect(graph.body.data.Event[field]).toBeNull()
    expect(graph.body.data.Event.venues ?? []).toEqual([])
    expect(graph.body.data.Event.categories ?? []).toEqual([])
  })

  it('cannot learn protected fields by filtering or sorting on them', async () => {
    const probes = [
      '/api/events?where[cost][equals]=15',
      '/api/events?where[website][like]=secret',
      '/api/events?where[excerpt][like]=Secret',
      `/api/events?where[venues][in]=${posts['venue-published']!.id}`,
      `/api/events?where[venues.title][equals]=venue-published`,
      '/api/events?where[featured][equals]=true',
      '/api/events?where[or][0][cost][exists]=true&where[or][1][title][equals]=nothing',
      '/api/events/count?where[cost][equals]=15',
    ]
    for (const path of probes) {
      const res = await api.request('GET', path, { headers: headers() })
      expect(res.status).toBe(200)
      expect(res.body.totalDocs).toBe(0)
    }
    const sorted = await api.request('GET', '/api/events?sort=-cost&limit=100', { headers: headers() })
    expect(sorted.body.docs.map((d: Post) => d.id)).not.toContain(posts.protected!.id)
    const graph = await api.graphql('{ Events(where: { cost: { equals: "15" } }) { totalDocs } }', headers())
    expect(graph.body.data.Events.totalDocs).toBe(0)
    // Filters on public fields still find it.
    const byTitle = await api.request('GET', '/api/events?where[title][equals]=protected', { headers: headers() })
    expect(byTitle.body.totalDocs).toBe(1)
  })
})

describe('authors and contributors on /api', () => {
  it('see published posts and their own unpublished ones, not other people’s', async () => {
    const author = await api.request('GET', '/api/events?limit=100&depth=0', { headers: actors.author.headers })
    expect(titles(author.body.docs)).toEqual([...PUBLIC_EVENTS, 'author-draft'].sort())
    const contributor = await api.request('GET', '/api/events?limit=100&depth=0', { headers: actors.contributor.headers })
    expect(titles(contributor.body.docs)).toEqual([...PUBLIC_EVENTS, 'contributor-pending'].sort())
    const venues = await api.request('GET', '/api/venues?limit=100', { headers: actors.author.headers })
    expect(titles(venues.body.docs)).toEqual(['venue-author-draft', 'venue-published'])
    expect((await api.request('GET', `/api/events/${posts.draft!.id}`, { headers: actors.author.headers })).status).toBe(404)
    expect((await api.request('GET', `/api/events/${posts['author-draft']!.id}`, { headers: actors.contributor.headers })).status).toBe(404)
    const graph = await api.graphql('{ Events(limit: 100, where: { status: { equals: draft } }) { docs { title } } }', actors.author.headers)
    expect(titles(graph.body.data.Events.docs)).toEqual(['author-draft'])
  })

  it('do not see protected fields of someone else’s event', async () => {
    const res = await api.request('GET', `/api/events/${posts.protected!.id}`, { headers: actors.author.headers })
    for (const field of PROTECTED_FIELDS) expect(res.body).not.toHaveProperty(field)
    const where = await api.request('GET', '/api/events?where[cost][equals]=15', { headers: actors.author.headers })
    expect(where.body.totalDocs).toBe(0)
  })
})

describe('editors and administrators on /api', () => {
  it.each(['editor', 'administrator'] as const)('%s sees every status, the trash with ?trash=true, and protected fields', async (who) => {
    const { headers } = actors[who]
    const all = await api.request('GET', '/api/events?limit=100&depth=0&trash=true', { headers })
    expect(titles(all.body.docs)).toEqual([...PUBLIC_EVENTS, ...HIDDEN_EVENTS].sort())
    const untrashed = await api.request('GET', '/api/events?limit=100&depth=0', { headers })
    expect(untrashed.body.totalDocs).toBe(PUBLIC_EVENTS.length + HIDDEN_EVENTS.length - 1)
    const protectedEvent = await api.request('GET', `/api/events/${posts.protected!.id}?depth=0`, { headers })
    expect(protectedEvent.body).toMatchObject({ cost: '15', website: 'https://secret.example', featured: true, venues: [posts['venue-published']!.id] })
    const where = await api.request('GET', '/api/events?where[cost][equals]=15', { headers })
    expect(where.body.totalDocs).toBe(1)
  })
})

describe('event passwords through /api', () => {
  const hashOf = async (id: number) => {
    const raw = await app.payload.db.findOne({ collection: 'events', where: { id: { equals: id } } })
    return (raw as unknown as { passwordHash?: string | null }).passwordHash ?? null
  }

  it('an editor sets one with PATCH {"password": "x"} and clears it with ""; only a hash is stored', async () => {
    const { id } = posts.published!
    const set = await api.request('PATCH', `/api/events/${id}`, { body: { password: 'open sesame' }, headers: actors.editor.headers })
    expect(set.status).toBe(200)
    expect(set.body.doc.hasPassword).toBe(true)
    expect(set.body.doc.password ?? null).toBeNull()
    expect(set.body.doc).not.toHaveProperty('passwordHash')
    const hash = await hashOf(id)
    expect(hash).toMatch(/^scrypt\$/)
    expect(hash).not.toContain('open sesame')
    for (const field of PROTECTED_FIELDS) {
      const anonymous = await api.request('GET', `/api/events/${id}`)
      expect(anonymous.body).not.toHaveProperty(field)
    }

    const untouched = await api.request('PATCH', `/api/events/${id}`, { body: { title: 'published' }, headers: actors.editor.headers })
    expect(untouched.body.doc.hasPassword).toBe(true)
    expect(await hashOf(id)).toBe(hash)

    const cleared = await api.request('PATCH', `/api/events/${id}`, { body: { password: '' }, headers: actors.editor.headers })
    expect(cleared.status).toBe(200)
    expect(cleared.body.doc.hasPassword).toBe(false)
    expect(await hashOf(id)).toBeNull()
    const open = await api.request('GET', `/api/events/${id}?depth=0`)
    expect(open.body).toHaveProperty('cost')
  })

  it('cannot be set by anonymous callers, subscribers, or an author on someone else’s event; nor the hash or flag directly', async () => {
    const { id } = posts['links-draft-venue']!
    for (const who of ['anonymous', 'subscriber', 'author', 'contributor'] as const) {
      const res = await api.request('PATCH', `/api/events/${id}`, { body: { password: 'mine' }, headers: actors[who].headers })
      expect(res.status).toBe(403)
    }
    expect(await hashOf(id)).toBeNull()
    const direct = await api.request('PATCH', `/api/events/${id}`, {
      body: { passwordHash: 'scrypt$00$00', hasPassword: true },
      headers: actors.editor.headers,
    })
    expect(direct.status).toBe(200)
    expect(await hashOf(id)).toBeNull()
    expect(direct.body.doc.hasPassword).toBe(false)
  })

  it('are never returned: lists, reads, versions, populations, select, GraphQL', async () => {
    const { id } = posts.protected!
    const hash = (await hashOf(id))!
    const editor = actors.editor.headers
    const paths = [
      '/api/events?limit=100&depth=2',
      `/api/events/${id}?depth=2`,
      `/api/events/${id}?select[passwordHash]=true&select[password]=true`,
      `/api/events/${posts['child-of-protected']!.id}?depth=2`,
      '/api/events/versions?limit=100&depth=1',
      `/api/events/versions?where[parent][equals]=${id}`,
    ]
    for (const path of paths) {
      const res = await api.request('GET', path, { headers: editor })
      expect(res.status).toBe(200)
      const text = JSON.stringify(res.body)
      expect(text).not.toContain(hash)
      expect(text).not.toContain('scrypt$')
      expect(text).not.toContain('sesame')
      expect(text).not.toMatch(/"passwordHash"/)
    }
    const versions = await api.request('GET', `/api/events/versions?where[parent][equals]=${id}`, { headers: editor })
    const versionId = versions.body.docs[0].id
    const version = await api.request('GET', `/api/events/versions/${versionId}`, { headers: editor })
    expect(version.status).toBe(200)
    expect(JSON.stringify(version.body)).not.toContain('scrypt$')
    expect(version.body.version.hasPassword).toBe(true)

    const graph = await api.graphql(
      `{ Events(limit: 100) { docs { passwordHash password hasPassword parent { passwordHash } } }
         Event(id: ${id}) { passwordHash password }
         versionsEvents(limit: 100) { docs { version { passwordHash password } } }
         versionEvent(id: ${versionId}) { version { passwordHash } } }`,
      editor,
    )
    expect(graph.body.errors).toBeUndefined()
    expect(JSON.stringify(graph.body)).not.toContain('scrypt$')
    expect(graph.body.data.Event).toEqual({ passwordHash: null, password: null })

    for (const [probe, status] of [
      ['/api/events?where[passwordHash][like]=scrypt', 400],
      ['/api/events?sort=passwordHash', 400],
      ['/api/events/versions?where[version.passwordHash][exists]=true', 400],
    ] as const) {
      const res = await api.request('GET', probe, { headers: editor })
      expect(res.status).toBe(status)
    }
  })
})
