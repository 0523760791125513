import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { Role } from '../../collections/roles.js'
import { pruneChanges } from '../../collections/changes/pruneChanges.js'
import { encodeCursor } from '../../endpoints/changes/params/changeCursor.js'
import { createActors, type Actor } from '../helpers/actors.js'
import { apiClient } from '../helpers/http.js'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'

// GET /changes: the change feed (docs/api.md), as anonymous callers and editors read it.

const DAY = 24 * 3600 * 1000
let app: TestApp
let client: ReturnType<typeof apiClient>
let actors: Record<Role | 'anonymous', Actor>
const as = (role: Role) => actors[role].headers

type Change = { kind: string; id: number; action: string; modified_utc: string }
/** Every change after `cursor`, page by page, as `headers` may read them; and the last cursor. */
async function readAll(cursor: string, headers: Record<string, string> = {}, perPage = 100): Promise<{ changes: Change[]; cursor: string; pages: number }> {
  const changes: Change[] = []
  let pages = 0
  for (;;) {
    const res = await client.get(`/changes?since=${cursor}&per_page=${perPage}`, headers)
    expect(res.status).toBe(200)
    pages++
    changes.push(...res.body.changes)
    const next = res.body.next_cursor as string
    if (!res.body.changes.length && next === cursor) return { changes, cursor, pages }
    cursor = next
    if (res.body.changes.length < perPage) {
      const again = await client.get(`/changes?since=${cursor}&per_page=${perPage}`, headers)
      expect(again.body.changes).toEqual([])
      return { changes, cursor: again.body.next_cursor, pages }
    }
  }
}
const now = async (headers: Record<string, string> = {}) => {
  const res = await client.get('/changes', headers)
  expect(res.status).toBe(200)
  expect(res.body.changes).toEqual([])
  return res.body.next_cursor as string
}
const brief = (changes: Change[]) => changes.map((c) => [c.kind, c.id, c.action])

beforeAll(async () => {
  app = await initTestApp({ changesRetentionDays: 30 })
  client = apiClient(app.api)
  actors = await createActors(app)
}, 120_000)

afterAll(async () => {
  await app?.close()
})

describe('GET /changes', () => {
  it('without since: no changes and a cursor for now; the changes after it, oldest first', async () => {
    const start = await now()
    const venue = (await client.post('/venues', { venue: 'Hall', status: 'publish' }, as('editor'))).body.id
    const event = (await client.post('/events', { title: 'Gig', status: 'publish', start_date: '2027-05-01 20:00:00', end_date: '2027-05-01 23:00:00', venue }, as('editor'))).body.id
    expect((await client.post(`/events/${event}`, { title: 'Gig!' }, as('editor'))).status).toBe(200)
    const read = await readAll(start)
    expect(brief(read.changes)).toEqual([
      ['venue', venue, 'created'],
      ['event', event, 'created'],
      ['event', event, 'updated'],
    ])
    expect(read.changes[0]!.modified_utc).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    // Nothing new: the same changes are not answered again.
    expect((await client.get(`/changes?since=${read.cursor}`)).body.changes).toEqual([])
  })

  it('pages by per_page without losing or repeating a change', async () => {
    const start = await now()
    const ids: number[] = []
    for (let i = 0; i < 7; i++) ids.push((await client.post('/tags', { name: `tag ${i}` }, as('editor'))).body.id)
    const read = await readAll(start, {}, 3)
    expect(read.pages).toBeGreaterThanOrEqual(3)
    expect(read.changes.map((c) => c.id)).toEqual(ids)
  })

  it('an unpublished post: hidden for the public, the real action for an editor; a draft never shows to the public', async () => {
    const start = await now()
    const event = (await client.post('/events', { title: 'Talk', status: 'publish', start_date: '2027-06-01 18:00:00', end_date: '2027-06-01 19:00:00' }, as('editor'))).body.id
    const draft = (await client.post('/events', { title: 'Secret plan', status: 'draft', start_date: '2027-06-02 18:00:00', end_date: '2027-06-02 19:00:00' }, as('editor'))).body.id
    expect((await client.post(`/events/${event}`, { status: 'draft' }, as('editor'))).status).toBe(200)
    expect((await client.post(`/events/${draft}`, { title: 'Secret plan 2' }, as('editor'))).status).toBe(200)
    expect((await client.post(`/events/${event}`, { status: 'publish' }, as('editor'))).status).toBe(200)
    expect((await client.delete(`/events/${event}`, as('editor'))).status).toBe(200)
    expect(brief((await readAll(start)).changes)).toEqual([
      ['event', event, 'created'],
      ['event', event, 'hidden'],
      ['event', event, 'created'],
      ['event', event, 'deleted'],
    ])
    expect(brief((await readAll(start, as('editor'))).changes)).toEqual([
      ['event', event, 'created'],
      ['event', draft, 'created'],
      ['event', event, 'updated'],
      ['event', draft, 'updated'],
      ['event', event, 'updated'],
      ['event', event, 'deleted'],
    ])
    // An author reads as the public does (the feed is the public's view below editors).
    expect(brief((await readAll(start, as('author'))).changes).some(([, id]) => id === draft)).toBe(false)
  })

  it('refuses a malformed cursor with 400 in the error envelope', async () => {
    for (const since of ['nonsense', encodeCursor({ after: 1, issuedAt: Date.now() }).slice(0, -2), Buffer.from('c1.x.1').toString('base64url'), '']) {
      const res = await client.get(`/changes?since=${encodeURIComponent(since)}`)
      expect(res.status).toBe(400)
      expect(res.body).toMatchObject({ code: 'rest_invalid_param', data: { status: 400, params: { since: expect.stringContaining('cursor') } } })
    }
  })

  it('answers 410 rest_changes_cursor_expired to a cursor older than the retention, in the request language', async () => {
    const old = encodeCursor({ after: 0, issuedAt: Date.now() - 31 * DAY })
    const res = await client.get(`/changes?since=${old}`)
    expect(res.status).toBe(410)
    expect(res.body).toMatchObject({ code: 'rest_changes_cursor_expired', data: { status: 410 } })
    expect(res.body.message).toContain('30 days')
    const fr = await fetch(`${app.origin}/fr/wp-json/calendar/events/v1/changes?since=${old}`)
    expect(fr.status).toBe(410)
    expect((await fr.json()).message).toContain('relisez tout')
    // Inside the retention it is still good.
    expect((await client.get(`/changes?since=${encodeCursor({ after: 0, issuedAt: Date.now() - 29 * DAY })}`)).status).toBe(200)
  })

  it('prunes changes older than the retention and a day', async () => {
    await app.payload.create({ collection: 'changes', data: { kind: 'tag', doc: 999_999, action: 'updated', publicBefore: true, publicAfter: true, changedAt: new Date(Date.now() - 40 * DAY).toISOString() }, overrideAccess: true })
    const count = async () => (await app.payload.count({ collection: 'changes', overrideAccess: true })).totalDocs
    const before = await count()
    expect(await pruneChanges(app.payload, 30)).toBe(1)
    expect(await count()).toBe(before - 1)
    expect(await pruneChanges(app.payload, 30)).toBe(0)
  })

  it('is served under the tribe alias and the language prefixes, and listed in the index and /doc', async () => {
    for (const url of [`${app.origin}/wp-json/tribe/events/v1/changes`, `${app.origin}/de/wp-json/calendar/events/v1/changes`]) {
      const res = await fetch(url)
      expect(res.status).toBe(200)
      expect(await res.json()).toMatchObject({ changes: [], next_cursor: expect.any(String) })
    }
    const index = (await client.get('/')).body
    expect(index.routes['/calendar/events/v1/changes'].endpoints[0]).toMatchObject({ methods: ['GET'], args: { since: { type: 'string' }, per_page: { default: 100 } } })
    const doc = (await client.get('/doc')).body
    const op = doc.paths['/changes'].get
    expect(op.parameters.map((p: { name: string }) => p.name)).toEqual(['since', 'per_page'])
    expect(Object.keys(op.responses)).toContain('410')
    expect(op.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ChangeFeed' })
  })
})
