import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { Role } from '../../collections/roles.js'
import { createActors, type Actor } from '../helpers/actors.js'
import { apiClient } from '../helpers/http.js'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'
import { servePayloadApi, type PayloadApi } from '../helpers/payloadApi.js'

// A term's `count` is the number of published, untrashed events carrying it, password-protected ones
// included (WordPress's _update_post_term_count counts post_status = 'publish'). Every write path
// keeps it so: the namespace, Payload's /api (as the admin saves) and GraphQL, whatever the answer
// of the write shows its caller (a `select`, fields a password hides).

let app: TestApp
let api: PayloadApi
let ns: ReturnType<typeof apiClient>
let actors: Record<Role | 'anonymous', Actor>
let category = 0
let tag = 0

beforeAll(async () => {
  app = await initTestApp()
  api = await servePayloadApi(app)
  ns = apiClient(app.api)
  actors = await createActors(app, 'counts')
  const editor = actors.editor.headers
  category = (await ns.post('/categories', { name: 'Counted category' }, editor)).body.id
  tag = (await ns.post('/tags', { name: 'Counted tag' }, editor)).body.id
  expect(category).toBeGreaterThan(0)
  expect(tag).toBeGreaterThan(0)
})
afterAll(async () => {
  await api?.close()
  await app?.close()
})

/** The count the namespace shows (list and single agree), anonymously. */
async function shown(route: 'categories' | 'tags', id: number): Promise<number> {
  const single = await ns.get(`/${route}/${id}`)
  expect(single.status).toBe(200)
  const listed = await ns.get(`/${route}?hide_empty=0&include=${id}`)
  expect(listed.body[route][0].count).toBe(single.body.count)
  return single.body.count
}

/** Published, untrashed events carrying the term, as the administrator's /api counts them. */
async function carrying(field: 'categories' | 'tags', id: number): Promise<number> {
  const res = await api.request('GET', `/api/events?where[${field}][in]=${id}&where[status][equals]=publish&limit=1&depth=0`, { headers: actors.administrator.headers })
  expect(res.status).toBe(200)
  return res.body.totalDocs
}

/** Both terms' counts equal the events carrying them, and that number is `expected`. */
async function expectCounts(expected: number): Promise<void> {
  expect({ category: await carrying('categories', category), tag: await carrying('tags', tag) }).toEqual({ category: expected, tag: expected })
  expect({ category: await shown('categories', category), tag: await shown('tags', tag) }).toEqual({ category: expected, tag: expected })
}

const when = (day: number) => ({ start_date: `2030-03-${String(day).padStart(2, '0')} 18:00:00`, end_date: `2030-03-${String(day).padStart(2, '0')} 20:00:00` })
const patch = (id: number, body: Record<string, unknown>, who: Role = 'editor', query = '') =>
  api.request('PATCH', `/api/events/${id}${query}`, { body, headers: actors[who].headers })

describe('term counts of password-protected events', () => {
  it('count the protected published event on every path: password set, removed and set again, status, trash, restore, delete', async () => {
    const editor = actors.editor.headers
    await expectCounts(0)
    const created = await ns.post('/events', { title: 'Open rehearsal', ...when(1), categories: [category], tags: [tag] }, editor)
    expect(created.status).toBe(201)
    const id = created.body.id as number
    await expectCounts(1)

    // The admin's Visibility tab saves the password through /api.
    expect((await patch(id, { password: 'members only words' })).status).toBe(200)
    expect((await ns.get(`/events/${id}`)).status).toBe(403)
    await expectCounts(1)
    expect((await patch(id, { password: '' })).status).toBe(200)
    await expectCounts(1)
    expect((await patch(id, { password: 'members only again' })).status).toBe(200)
    await expectCounts(1)

    // A second protected event, created with its password through /api as the admin's form does.
    const second = await api.request('POST', '/api/events', {
      body: { title: 'Members’ evening', startDate: '2030-03-02T18:00:00Z', endDate: '2030-03-02T20:00:00Z', status: 'publish', password: 'second words', categories: [category], tags: [tag] },
      headers: editor,
    })
    expect(second.status).toBe(201)
    const secondId = second.body.doc.id as number
    await expectCounts(2)

    // Status changes, through /api and GraphQL.
    expect((await patch(id, { status: 'draft' })).status).toBe(200)
    await expectCounts(1)
    const graph = await api.graphql(`mutation { updateEvent(id: ${id}, data: { status: publish }) { id } }`, editor)
    expect(graph.body.errors).toBeUndefined()
    await expectCounts(2)
    // An edit of another field keeps the count, whatever the answer selects.
    expect((await patch(id, { title: 'Open rehearsal (moved)' }, 'editor', '?select[title]=true')).status).toBe(200)
    await expectCounts(2)
    const renamed = await api.graphql(`mutation { updateEvent(id: ${secondId}, data: { title: "Members’ night" }) { title } }`, editor)
    expect(renamed.body.data.updateEvent.title).toBe('Members’ night')
    await expectCounts(2)

    // Trash through the namespace, restore through /api (the admin's trash view).
    expect((await ns.delete(`/events/${id}`, editor)).status).toBe(200)
    await expectCounts(1)
    expect((await patch(id, { deletedAt: null }, 'editor', '?trash=true')).status).toBe(200)
    await expectCounts(2)

    // Deleted for good, with an answer that shows none of its terms.
    const gone = await api.request('DELETE', `/api/events/${secondId}?select[title]=true`, { headers: editor })
    expect(gone.status).toBe(200)
    await expectCounts(1)
  })

  it('count an author’s own protected event when the author edits it', async () => {
    const author = actors.author.headers
    const before = await carrying('categories', category)
    const made = await api.request('POST', '/api/events', {
      body: { title: 'Author’s salon', startDate: '2030-03-05T18:00:00Z', endDate: '2030-03-05T20:00:00Z', status: 'publish', password: 'author words', categories: [category], tags: [tag] },
      headers: author,
    })
    expect(made.status).toBe(201)
    const id = made.body.doc.id as number
    await expectCounts(before + 1)
    expect((await patch(id, { title: 'Author’s salon, second edition' }, 'author')).status).toBe(200)
    await expectCounts(before + 1)
    expect((await patch(id, { password: null }, 'author')).status).toBe(200)
    await expectCounts(before + 1)
    expect((await ns.delete(`/events/${id}`, author)).status).toBe(200)
    await expectCounts(before)
  })
})
