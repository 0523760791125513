import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import fc from 'fast-check'
import * as qs from 'qs-esm'
import type { Role } from '../../collections/roles.js'
import { env } from '../../src/env.js'
import { createActors, type Actor } from '../helpers/actors.js'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'
import { servePayloadApi, type PayloadApi } from '../helpers/payloadApi.js'

// Payload's /api and GraphQL: malformed input is a 400 or 404 in Payload's envelope, never a 500;
// page sizes are capped like the namespace's for callers below editor.

let app: TestApp
let api: PayloadApi
let actors: Record<Role | 'anonymous', Actor>
const MAX = env.API_MAX_LIMIT
const PUBLISHED = MAX + 5

beforeAll(async () => {
  app = await initTestApp()
  api = await servePayloadApi(app)
  actors = await createActors(app)
  for (let i = 0; i < PUBLISHED; i++) {
    await app.payload.create({
      collection: 'events',
      data: { title: `Event ${i}`, status: 'publish', startDate: '2027-06-01T18:00:00Z', endDate: '2027-06-01T20:00:00Z' } as never,
    })
  }
}, 600000)
afterAll(async () => {
  await api?.close()
  await app?.close()
})

const get = (path: string, who: Role | 'anonymous' = 'anonymous') => api.request('GET', path, { headers: actors[who].headers })

describe('/api input errors are 400 or 404, never 500', () => {
  const MALFORMED = [
    '/api/events?where[title][like][]=x',
    '/api/events?where[title][equals][a]=1',
    '/api/events?where=x',
    '/api/events?where={"title":',
    '/api/events?where[title]=x',
    '/api/events?where[or]=x',
    '/api/events?where[and][0]=x',
    '/api/events?where[title][nope]=x',
    '/api/events?where[title][in][a][b]=x',
    '/api/events?where[title][near]=1,2',
    '/api/events?where[startDate][greater_than]=abc',
    '/api/events?where[startDate][equals]=not-a-date',
    '/api/events?where[title][exists]=maybe',
    '/api/events?where[ti tle][equals]=x',
    `/api/events?${'where'.concat('[or][0]'.repeat(9))}[title][equals]=x`,
    '/api/events?limit=Infinity',
    '/api/events?limit=abc',
    '/api/events?limit=-1',
    '/api/events?limit=1e3',
    '/api/events?page=-1',
    '/api/events?page=0',
    '/api/events?page=abc',
    '/api/events?depth=1e9',
    '/api/events?depth=-5',
    '/api/events?sort=nope',
    '/api/events?sort=title;drop',
    '/api/events?sort[a]=title',
    '/api/events?pagination=maybe',
    '/api/events?draft[]=true',
    '/api/users/abc',
    '/api/events/abc',
    '/api/events/1.5',
    '/api/event-categories?where[parent][equals][x]=1',
  ]

  it.each(['anonymous', 'editor', 'administrator'] as const)('as %s', async (who) => {
    const failures: string[] = []
    for (const path of MALFORMED) {
      const res = await get(path, who)
      const ok = (res.status === 400 || res.status === 404) && typeof res.body?.errors?.[0]?.message === 'string'
      if (!ok) failures.push(`${path} → ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`)
    }
    expect(failures).toEqual([])
  }, 120000)

  it('well-formed queries still work', async () => {
    const queries = [
      '/api/events?where[title][equals]=Event 1',
      '/api/events?where[or][0][title][equals]=Event 1&where[or][1][title][like]=Event 2',
      '/api/events?where[title][in]=Event 1,Event 2',
      '/api/events?where[title][in][0]=Event 1&where[title][in][1]=Event 2',
      '/api/events?where[startDate][greater_than]=2027-01-01',
      '/api/events?where[title][exists]=true&sort=-startDate,title&depth=0&limit=5&page=2',
      `/api/events?where=${encodeURIComponent(JSON.stringify({ title: { equals: 'Event 1' } }))}`,
    ]
    for (const path of queries) {
      const res = await get(path)
      expect([path, res.status]).toEqual([path, 200])
      expect(res.body.docs.length).toBeGreaterThan(0)
    }
    const one = await get('/api/events?where[title][equals]=Event 1')
    expect(one.body.docs.map((d: { title: string }) => d.title)).toEqual(['Event 1'])
    expect((await get(`/api/events/${one.body.docs[0].id}`)).status).toBe(200)
    expect((await get('/api/users/me', 'editor')).status).toBe(200)
    // Routes whose segment after the slug is not an ID: the admin's preferences, uploaded files.
    const preference = await api.request('POST', '/api/payload-preferences/events-list', { body: { value: { limit: 25 } }, headers: actors.editor.headers })
    expect(preference.status).toBe(200)
    const stored = await get('/api/payload-preferences/events-list', 'editor')
    expect(stored.status).toBe(200)
    expect(stored.body.value).toEqual({ limit: 25 })
    expect((await get('/api/media/file/nothing-here.png')).status).not.toBe(400)
  })

  it('the form-encoded query of a POST with X-HTTP-Method-Override: GET is checked too', async () => {
    const post = (body: string) =>
      fetch(`${api.origin}/api/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-http-method-override': 'GET', ...actors.editor.headers },
        body,
      })
    const bad = await post('where[title][like][]=x&limit=Infinity')
    expect(bad.status).toBe(400)
    expect((await bad.json()).errors[0].message).toMatch(/where\[title\]\[like\]|limit/)
    const good = await post('where[title][equals]=Event 3')
    expect(good.status).toBe(200)
    expect((await good.json()).docs).toHaveLength(1)
  })

  it('random where shapes never answer 500', async () => {
    const leaf = fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom('1', '-1', 'Infinity', 'true', '2027-01-01', '1,2', ''))
    const key = fc.constantFrom('title', 'startDate', 'id', 'and', 'or', '0', 'equals', 'like', 'in', 'near', 'exists', 'greater_than', 'x.y', '__proto__')
    const shape = fc.letrec((tie) => ({ node: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('node'), { maxLength: 3 }), fc.dictionary(key, tie('node'), { maxKeys: 3 })) })).node
    const seen: number[] = []
    await fc.assert(
      fc.asyncProperty(shape, fc.constantFrom('anonymous', 'editor') as fc.Arbitrary<'anonymous' | 'editor'>, async (where, who) => {
        const res = await get(`/api/events?${qs.stringify({ where })}`, who)
        seen.push(res.status)
        return res.status < 500
      }),
      { numRuns: 80 },
    )
    expect(seen.length).toBe(80)
  }, 300000)
})

describe('page sizes below editor', () => {
  const limitOf = (res: { body: { docs: unknown[] } }) => res.body.docs.length

  it.each(['anonymous', 'subscriber'] as const)('%s gets at most API_MAX_LIMIT items, whatever limit or pagination says', async (who) => {
    // pagination=false is ignored: Payload's default page (10), or the limit asked for, capped.
    const cases: Array<[string, number]> = [[`limit=${MAX * 10}`, MAX], ['limit=0', MAX], ['pagination=false', 10], ['pagination=false&limit=0', MAX]]
    for (const [query, expected] of cases) {
      const res = await get(`/api/events?${query}&depth=0`, who)
      expect([query, res.status]).toEqual([query, 200])
      expect([query, limitOf(res)]).toEqual([query, expected])
      expect(res.body.totalDocs).toBe(PUBLISHED)
      expect(res.body.hasNextPage).toBe(true)
    }
    // Within the cap, as asked; the next page holds the rest.
    expect(limitOf(await get('/api/events?limit=7&depth=0', who))).toBe(7)
    expect(limitOf(await get(`/api/events?limit=${MAX * 10}&page=2&depth=0`, who))).toBe(PUBLISHED - MAX)
  }, 120000)

  it.each(['anonymous', 'subscriber'] as const)('%s gets at most API_MAX_LIMIT over GraphQL', async (who) => {
    const cases: Array<[string, number]> = [['limit: 0', MAX], [`limit: ${MAX * 10}`, MAX], ['limit: -1', MAX], ['pagination: false', 10], ['pagination: false, limit: 0', MAX]]
    for (const [args, expected] of cases) {
      const res = await api.graphql(`{ Events(${args}) { docs { id } totalDocs } }`, actors[who].headers)
      expect([args, res.status]).toEqual([args, 200])
      expect([args, res.body.data.Events.docs.length]).toEqual([args, expected])
      expect(res.body.data.Events.totalDocs).toBe(PUBLISHED)
    }
  }, 120000)

  it.each(['editor', 'administrator'] as const)('%s may list everything (the admin keeps working)', async (who) => {
    expect(limitOf(await get('/api/events?pagination=false&depth=0', who))).toBe(PUBLISHED)
    expect(limitOf(await get('/api/events?limit=0&depth=0', who))).toBe(PUBLISHED)
    expect(limitOf(await get(`/api/events?limit=${MAX * 10}&depth=0`, who))).toBe(PUBLISHED)
    const gql = await api.graphql('{ Events(limit: 0) { docs { id } } }', actors[who].headers)
    expect(gql.body.data.Events.docs).toHaveLength(PUBLISHED)
    // The admin's list view and relationship lookups.
    expect(limitOf(await get('/api/events?limit=10&page=1&sort=-startDate&depth=0', who))).toBe(10)
    expect(limitOf(await get('/api/venues?limit=10&where[or][0][title][like]=a', who))).toBe(0)
  }, 120000)
})

// Last: it adds an event to the published ones counted above.
describe('population', () => {
  it('relationships are populated whole: the cap is on pages, not on what a document links', async () => {
    const venues = []
    for (let i = 0; i < 15; i++) venues.push(await app.payload.create({ collection: 'venues', data: { title: `Venue ${i}`, status: 'publish' } as never }))
    const event = await app.payload.create({
      collection: 'events',
      data: { title: 'Many venues', status: 'publish', startDate: '2027-07-01T18:00:00Z', endDate: '2027-07-01T20:00:00Z', venues: venues.map((v) => v.id) } as never,
    })
    const rest = await get(`/api/events/${event.id}?depth=1`)
    expect(rest.body.venues.map((v: { title: string }) => v.title)).toHaveLength(15)
    const list = await get(`/api/events?where[id][equals]=${event.id}&depth=1`, 'subscriber')
    expect(list.body.docs[0].venues.filter((v: unknown) => typeof v === 'object')).toHaveLength(15)
    const gql = await api.graphql(`{ Event(id: ${event.id}) { venues { title } } }`)
    expect(gql.body.data.Event.venues).toHaveLength(15)
  })
})
