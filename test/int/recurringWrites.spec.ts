import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { Role } from '../../collections/roles.js'
import { createActors, type Actor } from '../helpers/actors.js'
import { apiClient } from '../helpers/http.js'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'
import { servePayloadApi, type PayloadApi } from '../helpers/payloadApi.js'

// Writing recurring events through the namespace: a series in one POST, one occurrence changed or
// cancelled by its provisional ID, the series split ("this and following") or changed whole, and the
// same role checks as any event.

const BASE = 10_000_000
let app: TestApp
let client: ReturnType<typeof apiClient>
let api: PayloadApi
let actors: Record<Role | 'anonymous', Actor>
const as = (role: Role) => actors[role].headers

async function rows(event: number) {
  const found = await app.payload.find({ collection: 'occurrences', where: { event: { equals: event } }, sort: 'startDate', pagination: false, overrideAccess: true })
  return found.docs
}

const weekly = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  status: 'publish',
  timezone: 'Europe/Paris',
  start_date: '2026-03-17 18:00:00',
  end_date: '2026-03-17 20:00:00',
  recurrence: ['RRULE:FREQ=WEEKLY;COUNT=8'],
  ...extra,
})

const listed = async (query = '') =>
  (await client.get(`/events?start_date=2026-03-01&end_date=2026-07-01&per_page=50${query}`)).body.events as Array<Record<string, any>>

beforeAll(async () => {
  app = await initTestApp({ siteTimezone: 'UTC', recurrenceMaxOccurrences: 100 })
  client = apiClient(app.api)
  actors = await createActors(app)
  api = await servePayloadApi(app)
}, 120_000)

afterAll(async () => {
  await api?.close()
  await app?.close()
})

describe('creating a series through the namespace', () => {
  it('POST /events with recurrence makes the series and its occurrences, across the Paris DST change', async () => {
    const res = await client.post('/events', weekly('Yoga'), as('editor'))
    expect(res.status).toBe(201)
    expect(res.body.recurrence).toMatchObject({ series_id: res.body.id, rules: ['RRULE:FREQ=WEEKLY;COUNT=8'] })
    const stored = await rows(res.body.id)
    expect(stored).toHaveLength(8)
    // 29 March 2026: Paris moves to CEST; 18:00 stays 18:00 (17:00Z → 16:00Z).
    expect(stored.slice(1, 3).map((r) => r.startDate)).toEqual(['2026-03-24T17:00:00.000Z', '2026-03-31T16:00:00.000Z'])
    const items = (await listed()).filter((e) => e.recurrence?.series_id === res.body.id)
    expect(items.map((e) => e.start_date.slice(11))).toEqual(Array(8).fill('18:00:00'))
  })

  it.each([
    ['a sub-daily rule', ['RRULE:FREQ=HOURLY'], /HOURLY|daily/i],
    ['a malformed rule', ['RRULE:FREQ=FORTNIGHTLY'], /FREQ/],
    ['a DTSTART line', ['DTSTART:20260317T180000', 'RRULE:FREQ=DAILY;COUNT=2'], /DTSTART/],
    ['too many occurrences', ['RRULE:FREQ=DAILY;COUNT=5000'], /100 occurrences/],
  ])('refuses %s with 400 rest_invalid_param naming recurrence', async (_name, recurrence, why) => {
    const res = await client.post('/events', weekly('Bad', { recurrence }), as('editor'))
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('rest_invalid_param')
    expect(Object.keys(res.body.data.params)).toContain('recurrence')
    expect(res.body.data.params.recurrence).toMatch(why)
  })

  it('a contributor\'s series is pending like their events, and not listed for the public', async () => {
    const res = await client.post('/events', weekly('Contributed'), as('contributor'))
    expect(res.status).toBe(201)
    expect(res.body.status).toBe('pending')
    expect((await rows(res.body.id)).length).toBe(8)
    expect((await listed()).some((e) => e.title === 'Contributed')).toBe(false)
  })
})

describe('one occurrence by its provisional ID', () => {
  it('PATCH changes that occurrence only; its ID stays, the others keep the series', async () => {
    const series = (await client.post('/events', weekly('Choir'), as('editor'))).body.id as number
    const target = (await rows(series))[2]!
    const id = BASE + target.id
    const res = await client.patch(`/events/${id}`, { title: 'Choir (concert)', start_date: '2026-03-31 19:00:00', end_date: '2026-03-31 22:00:00' }, as('editor'))
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ id, title: 'Choir (concert)', start_date: '2026-03-31 19:00:00', end_date: '2026-03-31 22:00:00' })
    expect(res.body.recurrence).toMatchObject({ series_id: series, original_start: '2026-03-31 18:00:00' })
    const items = (await listed()).filter((e) => e.recurrence?.series_id === series)
    expect(items).toHaveLength(8)
    expect(items.map((e) => e.id)).toContain(id)
    expect(items.filter((e) => e.title === 'Choir (concert)').map((e) => e.id)).toEqual([id])
    expect((await client.get(`/events/${id}`)).body).toMatchObject({ id, title: 'Choir (concert)', start_date: '2026-03-31 19:00:00' })
    // A second write to the same occurrence changes the same event.
    const again = await client.patch(`/events/${id}`, { excerpt: 'Bring a friend' }, as('editor'))
    expect(again.status).toBe(200)
    expect(again.body).toMatchObject({ id, title: 'Choir (concert)' })
    expect((await client.get(`/events/${series}`)).body.title).toBe('Choir')
    // `include=` names it by the same ID, beside a scheduled occurrence of the series.
    const other = BASE + (await rows(series))[4]!.id
    const included = await client.get(`/events?include=${id},${other}`)
    expect(included.status).toBe(200)
    // In post-date order, as `include` lists: the series' occurrence first, the changed one (made later) after.
    expect(included.body.events.map((e: Record<string, unknown>) => [e.id, e.title])).toEqual([
      [other, 'Choir'],
      [id, 'Choir (concert)'],
    ])
  })

  it('DELETE cancels that occurrence only: it leaves the list, its ID answers 404, the series stays', async () => {
    const series = (await client.post('/events', weekly('Pottery'), as('editor'))).body.id as number
    const target = (await rows(series))[4]!
    const id = BASE + target.id
    const res = await client.delete(`/events/${id}`, as('editor'))
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ id, status: 'trash' })
    expect((await client.get(`/events/${id}`)).status).toBe(404)
    const items = (await listed()).filter((e) => e.recurrence?.series_id === series)
    expect(items).toHaveLength(7)
    expect(items.map((e) => e.id)).not.toContain(id)
    expect((await client.get(`/events/${series}`)).status).toBe(200)
  })

  it('scope=all changes the series; scope=following splits it there', async () => {
    const series = (await client.post('/events', weekly('Chess'), as('editor'))).body.id as number
    const stored = await rows(series)
    const all = await client.patch(`/events/${BASE + stored[1]!.id}?scope=all`, { title: 'Chess club' }, as('editor'))
    expect(all.status).toBe(200)
    expect(all.body).toMatchObject({ id: series, title: 'Chess club' })
    expect((await listed()).filter((e) => e.title === 'Chess club')).toHaveLength(8)

    const following = await client.patch(`/events/${BASE + stored[5]!.id}?scope=following`, { title: 'Chess club (summer)' }, as('editor'))
    expect(following.status).toBe(200)
    const next = following.body.id as number
    expect(next).not.toBe(series)
    expect(following.body).toMatchObject({ title: 'Chess club (summer)', start_date: stored[5]!.startDate.startsWith('2026-04-21') ? '2026-04-21 18:00:00' : following.body.start_date })
    const items = await listed()
    // Five before the split, three from it on: eight in all, as before.
    expect(items.filter((e) => e.title === 'Chess club').map((e) => e.recurrence.series_id)).toEqual(Array(5).fill(series))
    expect(items.filter((e) => e.title === 'Chess club (summer)').map((e) => e.recurrence.series_id)).toEqual(Array(3).fill(next))
    // The occurrences before the split kept their IDs.
    expect((await rows(series)).map((r) => r.id)).toEqual(stored.slice(0, 5).map((r) => r.id))
  })

  it('the roles of the series apply: an author may not change or cancel an editor\'s occurrence, the public neither', async () => {
    const series = (await client.post('/events', weekly('Editors only'), as('editor'))).body.id as number
    const id = BASE + (await rows(series))[1]!.id
    for (const role of ['author', 'contributor'] as const) {
      expect((await client.patch(`/events/${id}`, { title: 'Hijacked' }, as(role))).status).toBe(403)
      expect((await client.delete(`/events/${id}`, as(role))).status).toBe(403)
    }
    expect((await client.patch(`/events/${id}`, { title: 'Hijacked' })).status).toBe(401)
    expect((await client.delete(`/events/${id}`)).status).toBe(401)
    expect((await rows(series)).every((r) => r.state === 'scheduled')).toBe(true)
  })

  it('a changed occurrence keeps its series\' visibility: status, password and trash follow the series', async () => {
    const series = (await client.post('/events', weekly('Visibility'), as('editor'))).body.id as number
    const id = BASE + (await rows(series))[3]!.id
    expect((await client.patch(`/events/${id}`, { title: 'Visibility (moved)' }, as('editor'))).status).toBe(200)
    const publicIds = async () => (await listed()).filter((e) => e.recurrence?.series_id === series).map((e) => e.id)
    expect(await publicIds()).toContain(id)
    // Unpublished: none of its occurrences is the public's, the changed one neither.
    expect((await client.patch(`/events/${series}`, { status: 'draft' }, as('editor'))).status).toBe(200)
    expect(await publicIds()).toEqual([])
    expect((await client.get(`/events/${id}`)).status).toBe(403)
    // Published again with a password: every occurrence is locked, the changed one too.
    expect((await client.patch(`/events/${series}`, { status: 'publish' }, as('editor'))).status).toBe(200)
    await app.payload.update({ collection: 'events', id: series, data: { password: 'members' }, overrideAccess: true })
    expect((await client.get(`/events/${id}`)).status).toBe(403)
    expect((await client.get(`/events/${id}?password=members`)).status).toBe(200)
    // Trashed: gone everywhere.
    expect((await client.delete(`/events/${series}`, as('editor'))).status).toBe(200)
    expect(await publicIds()).toEqual([])
    expect((await client.get(`/events/${id}`)).status).toBe(403)
  })

  it('a changed occurrence is never more visible than its series: publishing it alone keeps the series\' status', async () => {
    const series = (await client.post('/events', weekly('Unpublished series', { status: 'draft' }), as('editor'))).body.id as number
    const id = BASE + (await rows(series))[2]!.id
    const changed = await client.patch(`/events/${id}`, { title: 'Unpublished series (moved)', status: 'publish', hide_from_listings: false }, as('editor'))
    expect(changed.status).toBe(200)
    expect(changed.body.status).toBe('draft')
    expect((await listed()).map((e) => e.title)).not.toContain('Unpublished series (moved)')
    expect((await client.get(`/events/${id}`)).status).toBe(403)
    // Through /api too: the rule is the collection's.
    const own = (await app.payload.find({ collection: 'events', where: { series: { equals: series } }, depth: 0, overrideAccess: true })).docs[0]!
    const res = await api.request('PATCH', `/api/events/${own.id}`, { headers: as('editor'), body: { status: 'publish' } })
    expect(res.status).toBe(200)
    expect((res.body as { doc: { status: string } }).doc.status).toBe('draft')
    // Once the series is published, the occurrence is too.
    expect((await client.patch(`/events/${series}`, { status: 'publish' }, as('editor'))).status).toBe(200)
    expect((await listed()).map((e) => e.title)).toContain('Unpublished series (moved)')
  })
})
