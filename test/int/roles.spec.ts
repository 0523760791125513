import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { Role } from '../../collections/roles.js'
import { createActors, type Actor } from '../helpers/actors.js'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'
import { servePayloadApi, type PayloadApi } from '../helpers/payloadApi.js'

// The role rules as Payload's REST (/api), GraphQL and the Local API (overrideAccess: false) apply them:
// who manages users and roles, who writes which posts and terms, and the status scale-back (reference 6.5).

let app: TestApp
let api: PayloadApi
let actors: Record<Role | 'anonymous', Actor>
const when = { startDate: '2027-09-01T18:00:00Z', endDate: '2027-09-01T20:00:00Z' }
const WRITERS = ['administrator', 'editor', 'author', 'contributor'] as const

beforeAll(async () => {
  app = await initTestApp()
  api = await servePayloadApi(app)
  actors = await createActors(app)
})
afterAll(async () => {
  await api?.close()
  await app?.close()
})

const roleInDb = async (id: number) => (await app.payload.findByID({ collection: 'users', id, overrideAccess: true })).role

describe('users and roles', () => {
  it.each(['editor', 'author', 'contributor', 'subscriber'] as const)('a %s cannot raise their own role (REST, GraphQL, Local API)', async (who) => {
    const { id, headers, user } = actors[who]
    const rest = await api.request('PATCH', `/api/users/${id}`, { body: { role: 'administrator' }, headers })
    expect(rest.status === 200 ? rest.body.doc.role : who).toBe(who)
    const graph = await api.graphql(`mutation { updateUser(id: ${id}, data: { role: administrator }) { role } }`, headers)
    expect(graph.body.data?.updateUser?.role ?? who).toBe(who)
    await app.payload
      .update({ collection: 'users', id, data: { role: 'administrator' }, overrideAccess: false, user: user! as never })
      .catch(() => undefined)
    expect(await roleInDb(id)).toBe(who)
    // Their own profile stays theirs to edit.
    const profile = await api.request('PATCH', `/api/users/${id}`, { body: { displayName: `The ${who}` }, headers })
    expect(profile.status).toBe(200)
    expect(profile.body.doc.displayName).toBe(`The ${who}`)
  })

  it('only administrators change roles, create users and delete users', async () => {
    const made = await api.request('POST', '/api/users', {
      body: { email: 'new@example.org', username: 'newcomer', password: 'a long password', role: 'author' },
      headers: actors.administrator.headers,
    })
    expect(made.status).toBe(201)
    expect(made.body.doc.role).toBe('author')
    const id = made.body.doc.id

    for (const who of ['anonymous', 'editor', 'author', 'contributor', 'subscriber'] as const) {
      const create = await api.request('POST', '/api/users', {
        body: { email: `${who}-made@example.org`, username: `${who}-made`, password: 'a long password', role: 'administrator' },
        headers: actors[who].headers,
      })
      expect(create.status).toBe(403)
      const promote = await api.request('PATCH', `/api/users/${id}`, { body: { role: 'editor' }, headers: actors[who].headers })
      expect([403, 404]).toContain(promote.status)
      const remove = await api.request('DELETE', `/api/users/${id}`, { headers: actors[who].headers })
      expect([403, 404]).toContain(remove.status)
    }
    expect(await roleInDb(id)).toBe('author')
    const selfDelete = await api.request('DELETE', `/api/users/${actors.subscriber.id}`, { headers: actors.subscriber.headers })
    expect(selfDelete.status).toBe(403)

    const promote = await api.request('PATCH', `/api/users/${id}`, { body: { role: 'editor' }, headers: actors.administrator.headers })
    expect(promote.body.doc.role).toBe('editor')
    const remove = await api.request('DELETE', `/api/users/${id}`, { headers: actors.administrator.headers })
    expect(remove.status).toBe(200)
  })

  it('the first-user screen cannot make an administrator once users exist', async () => {
    const res = await api.request('POST', '/api/users/first-register', {
      body: { email: 'late@example.org', username: 'late', password: 'a long password', 'confirm-password': 'a long password' },
    })
    expect(res.status).toBe(403)
    const found = await app.payload.find({ collection: 'users', where: { email: { equals: 'late@example.org' } } })
    expect(found.totalDocs).toBe(0)
  })

  it('users read themselves only; administrators read everyone', async () => {
    for (const who of ['editor', 'author', 'contributor', 'subscriber'] as const) {
      const list = await api.request('GET', '/api/users', { headers: actors[who].headers })
      expect(list.body.docs.map((u: { id: number }) => u.id)).toEqual([actors[who].id])
      const other = await api.request('GET', `/api/users/${actors.administrator.id}`, { headers: actors[who].headers })
      expect(other.status).toBe(404)
      const graph = await api.graphql('{ Users { totalDocs } }', actors[who].headers)
      expect(graph.body.data.Users.totalDocs).toBe(1)
    }
    expect((await api.request('GET', '/api/users')).status).toBe(403)
    const all = await api.request('GET', '/api/users?limit=100', { headers: actors.administrator.headers })
    expect(all.body.totalDocs).toBeGreaterThanOrEqual(5)
  })

  it('a demoted user loses the rights at once, even with a token issued before', async () => {
    const email = 'demoted@example.org'
    await app.payload.create({ collection: 'users', data: { email, username: 'demoted', password: 'demoted password', role: 'editor' } })
    const { token } = await app.payload.login({ collection: 'users', data: { email, password: 'demoted password' } })
    const headers = { authorization: `JWT ${token}` }
    const before = await api.request('POST', '/api/event-tags', { body: { name: 'Allowed' }, headers })
    expect(before.status).toBe(201)
    const user = await app.payload.find({ collection: 'users', where: { email: { equals: email } } })
    await api.request('PATCH', `/api/users/${user.docs[0]!.id}`, { body: { role: 'subscriber' }, headers: actors.administrator.headers })
    const after = await api.request('POST', '/api/event-tags', { body: { name: 'Refused' }, headers })
    expect(after.status).toBe(403)
  })
})

describe('posts by role', () => {
  it('subscribers and anonymous callers are read-only', async () => {
    const event = await app.payload.create({ collection: 'events', data: { title: 'Read only', ...when, author: actors.editor.id } })
    for (const who of ['anonymous', 'subscriber'] as const) {
      const { headers } = actors[who]
      expect((await api.request('POST', '/api/events', { body: { title: 'x', ...when }, headers })).status).toBe(403)
      expect((await api.request('POST', '/api/venues', { body: { title: 'x' }, headers })).status).toBe(403)
      expect((await api.request('POST', '/api/organizers', { body: { title: 'x' }, headers })).status).toBe(403)
      expect((await api.request('PATCH', `/api/events/${event.id}`, { body: { title: 'changed' }, headers })).status).toBe(403)
      expect((await api.request('DELETE', `/api/events/${event.id}`, { headers })).status).toBe(403)
      const graph = await api.graphql('mutation { createVenue(data: { title: "x", status: publish }) { id } }', headers)
      expect(graph.body.errors?.[0]?.message).toMatch(/not allowed/i)
    }
    expect((await app.payload.findByID({ collection: 'events', id: event.id })).title).toBe('Read only')
  })

  it('an author publishes and edits their own events, not other people’s, and cannot give them away', async () => {
    const { headers, id } = actors.author
    const created = await api.request('POST', '/api/events', { body: { title: 'Author gig', status: 'publish', author: actors.editor.id, ...when }, headers })
    expect(created.status).toBe(201)
    expect(created.body.doc).toMatchObject({ status: 'publish' })
    const authorOf = (doc: { author: unknown }) => (typeof doc.author === 'object' ? (doc.author as { id: number }).id : doc.author)
    expect(authorOf(created.body.doc)).toBe(id)
    const edited = await api.request('PATCH', `/api/events/${created.body.doc.id}`, { body: { title: 'Author gig (moved)', author: actors.editor.id }, headers })
    expect(edited.status).toBe(200)
    expect(edited.body.doc.title).toBe('Author gig (moved)')
    expect(authorOf(edited.body.doc)).toBe(id)

    const others = await app.payload.create({ collection: 'events', data: { title: 'Editor gig', ...when, author: actors.editor.id } })
    const refused = await api.request('PATCH', `/api/events/${others.id}`, { body: { title: 'hijacked' }, headers })
    expect(refused.status).toBe(403)
    expect((await api.request('DELETE', `/api/events/${others.id}`, { headers })).status).toBe(403)
    expect((await app.payload.findByID({ collection: 'events', id: others.id })).title).toBe('Editor gig')
  })

  it('a contributor edits their own drafts and pending events, not once published', async () => {
    const { headers } = actors.contributor
    const created = await api.request('POST', '/api/events', { body: { title: 'Contrib', status: 'draft', ...when }, headers })
    expect(created.status).toBe(201)
    const id = created.body.doc.id
    expect((await api.request('PATCH', `/api/events/${id}`, { body: { status: 'pending' }, headers })).body.doc.status).toBe('pending')
    await app.payload.update({ collection: 'events', id, data: { status: 'publish' } })
    const locked = await api.request('PATCH', `/api/events/${id}`, { body: { title: 'changed after publishing' }, headers })
    expect(locked.status).toBe(403)
    expect((await api.request('DELETE', `/api/events/${id}`, { headers })).status).toBe(403)
  })

  it('editors change anybody’s posts and may hand them to another author', async () => {
    const theirs = await app.payload.create({ collection: 'events', data: { title: 'Contributor draft', status: 'draft', ...when, author: actors.contributor.id } })
    const res = await api.request('PATCH', `/api/events/${theirs.id}`, { body: { status: 'publish', author: actors.author.id }, headers: actors.editor.headers })
    expect(res.status).toBe(200)
    expect(res.body.doc.status).toBe('publish')
    const stored = await app.payload.findByID({ collection: 'events', id: theirs.id, depth: 0 })
    expect(stored.author).toBe(actors.author.id)
  })
})

describe('status scale-back through /api and GraphQL (reference 6.5)', () => {
  // [status sent, stored for a role that may publish, stored for one that may not]
  const table: Array<[string | undefined, string, string]> = [
    ['publish', 'publish', 'pending'],
    ['future', 'future', 'pending'],
    ['draft', 'draft', 'draft'],
    ['pending', 'pending', 'pending'],
    // private needs publish_posts too (WordPress's REST handle_status_param).
    ['private', 'private', 'pending'],
    [undefined, 'publish', 'draft'],
  ]

  it.each(WRITERS)('%s, on create, for events, venues and organizers', async (who) => {
    const mayPublish = who !== 'contributor'
    for (const [sent, publisher, other] of table) {
      for (const collection of ['events', 'venues', 'organizers']) {
        const body = { title: `${who} ${sent ?? 'none'}`, ...(collection === 'events' ? when : {}), ...(sent ? { status: sent } : {}) }
        const res = await api.request('POST', `/api/${collection}`, { body, headers: actors[who].headers })
        expect(res.status).toBe(201)
        expect([collection, sent, res.body.doc.status]).toEqual([collection, sent, mayPublish ? publisher : other])
      }
    }
  })

  it('a contributor asking to publish their draft on update gets pending; leaving status alone keeps it', async () => {
    const { headers } = actors.contributor
    const created = await api.request('POST', '/api/events', { body: { title: 'To publish', status: 'draft', ...when }, headers })
    const id = created.body.doc.id
    const publish = await api.request('PATCH', `/api/events/${id}`, { body: { status: 'publish' }, headers })
    expect(publish.body.doc.status).toBe('pending')
    const title = await api.request('PATCH', `/api/events/${id}`, { body: { title: 'To publish (renamed)' }, headers })
    expect(title.body.doc.status).toBe('pending')
    const future = await api.graphql(`mutation { updateEvent(id: ${id}, data: { status: future }) { status } }`, headers)
    expect(future.body.data.updateEvent.status).toBe('pending')
    const viaGraph = await api.graphql(
      `mutation { createEvent(data: { title: "Graph", status: publish, startDate: "${when.startDate}", endDate: "${when.endDate}" }) { status } }`,
      headers,
    )
    expect(viaGraph.body.data.createEvent.status).toBe('pending')
  })

  it('the Local API applies the same rules when given a user', async () => {
    const doc = await app.payload.create({
      collection: 'events',
      data: { title: 'Local', status: 'publish', ...when },
      overrideAccess: false,
      user: actors.contributor.user as never,
    })
    expect(doc.status).toBe('pending')
  })
})

describe('terms by role', () => {
  it.each(['categories', 'tags'] as const)('only editors and administrators create, change and delete %s', async (kind) => {
    const collection = kind === 'categories' ? 'event-categories' : 'event-tags'
    const term = await app.payload.create({ collection, data: { name: `Existing ${kind}` } })
    for (const who of ['anonymous', 'subscriber', 'contributor', 'author'] as const) {
      const { headers } = actors[who]
      expect((await api.request('POST', `/api/${collection}`, { body: { name: `${who} term` }, headers })).status).toBe(403)
      expect((await api.request('PATCH', `/api/${collection}/${term.id}`, { body: { name: 'renamed' }, headers })).status).toBe(403)
      expect((await api.request('DELETE', `/api/${collection}/${term.id}`, { headers })).status).toBe(403)
    }
    expect((await app.payload.findByID({ collection, id: term.id })).name).toBe(`Existing ${kind}`)
    for (const who of ['editor', 'administrator'] as const) {
      const { headers } = actors[who]
      const made = await api.request('POST', `/api/${collection}`, { body: { name: `${who} ${kind}` }, headers })
      expect(made.status).toBe(201)
      expect((await api.request('PATCH', `/api/${collection}/${made.body.doc.id}`, { body: { name: `${who} ${kind} 2` }, headers })).status).toBe(200)
      expect((await api.request('DELETE', `/api/${collection}/${made.body.doc.id}`, { headers })).status).toBe(200)
    }
  })

  it('term counts stay public and count only published, untrashed events', async () => {
    const tag = await app.payload.create({ collection: 'event-tags', data: { name: 'Counted' } })
    await app.payload.create({ collection: 'events', data: { title: 'Counted pub', ...when, tags: [tag.id], status: 'publish' } })
    await app.payload.create({ collection: 'events', data: { title: 'Counted draft', ...when, tags: [tag.id], status: 'draft' } })
    const res = await api.request('GET', `/api/event-tags/${tag.id}`)
    expect(res.status).toBe(200)
    expect(res.body.count).toBe(1)
  })
})
