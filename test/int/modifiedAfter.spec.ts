import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { wallClock } from '../../lib/dates/wallClock.js'
import { apiClient } from '../helpers/http.js'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'

// modified_after on the event, venue and organizer lists: only what changed after a date, in the
// reference's date grammar, compared with the `modified` the lists show.

let app: TestApp
let client: ReturnType<typeof apiClient>
const ids: Record<'events' | 'venues' | 'organizers', { old: number; recent: number }> = {} as never
const setModified = (collection: 'events' | 'venues' | 'organizers', id: number, iso: string) =>
  app.payload.db.updateOne({ collection, id, data: { updatedAt: iso } })

beforeAll(async () => {
  app = await initTestApp({ siteTimezone: 'Europe/Paris' })
  client = apiClient(app.api)
  const create = (collection: 'events' | 'venues' | 'organizers', title: string) =>
    app.payload.create({
      collection,
      data: { title, status: 'publish', ...(collection === 'events' ? { startDate: '2027-04-01T18:00:00.000Z', endDate: '2027-04-01T20:00:00.000Z' } : {}) } as never,
      overrideAccess: true,
    })
  for (const collection of ['events', 'venues', 'organizers'] as const) {
    const old = (await create(collection, `Old ${collection}`)).id as number
    const recent = (await create(collection, `Recent ${collection}`)).id as number
    await setModified(collection, old, '2026-01-10T08:00:00.000Z')
    await setModified(collection, recent, '2026-03-10T08:00:30.400Z')
    ids[collection] = { old, recent }
  }
}, 120_000)

afterAll(async () => {
  await app?.close()
})

const listed = async (collection: 'events' | 'venues' | 'organizers', query: string) => {
  const res = await client.get(`/${collection}?${collection === 'events' ? 'start_date=2027-01-01&' : ''}${query}`)
  expect(res.status).toBe(200)
  return res.body
}

describe.each(['events', 'venues', 'organizers'] as const)('GET /%s?modified_after', (collection) => {
  it('lists only what was modified after the date, as the list shows `modified`', async () => {
    const all = await listed(collection, '')
    expect(all[collection].map((p: { id: number }) => p.id)).toEqual(expect.arrayContaining([ids[collection].old, ids[collection].recent]))
    const body = await listed(collection, 'modified_after=2026-02-01')
    expect(body[collection].map((p: { id: number }) => p.id)).toEqual([ids[collection].recent])
    expect(body.total).toBe(1)
    expect(body.rest_url).toContain('modified_after=2026-02-01')
    // The recent one's `modified` (site zone, to the second): after it, nothing; a second before, it.
    const modified = body[collection][0].modified as string
    expect(modified).toBe(wallClock('2026-03-10T08:00:30.400Z', 'Europe/Paris'))
    expect((await listed(collection, `modified_after=${encodeURIComponent(modified)}`))[collection] ?? []).toEqual([])
    const before = wallClock('2026-03-10T08:00:29.000Z', 'Europe/Paris')
    expect((await listed(collection, `modified_after=${encodeURIComponent(before)}`))[collection].map((p: { id: number }) => p.id)).toEqual([ids[collection].recent])
  })

  it('reads the reference grammar: a zone of its own, relative dates', async () => {
    const utc = await listed(collection, `modified_after=${encodeURIComponent('2026-03-10 08:00:29 UTC')}`)
    expect(utc[collection].map((p: { id: number }) => p.id)).toEqual([ids[collection].recent])
    const recent = await listed(collection, 'modified_after=-1%20week')
    expect(recent[collection] ?? []).toEqual([])
  })

  it('refuses what is not a date, naming the parameter', async () => {
    const res = await client.get(`/${collection}?modified_after=someday-ish`)
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ code: 'rest_invalid_param', data: { params: { modified_after: expect.any(String) } } })
  })
})

it("lists a recurring series' occurrences by their series' modified", async () => {
  const make = async (title: string) =>
    (await app.payload.create({ collection: 'events', data: { title, status: 'publish', startDate: '2027-05-03T18:00:00.000Z', endDate: '2027-05-03T19:00:00.000Z', recurrence: ['RRULE:FREQ=WEEKLY;COUNT=3'] } as never, overrideAccess: true })).id as number
  const old = await make('Old series')
  const recent = await make('Recent series')
  await setModified('events', old, '2026-01-10T08:00:00.000Z')
  await setModified('events', recent, '2026-03-10T08:00:30.000Z')
  const body = (await client.get('/events?start_date=2027-05-01&end_date=2027-06-01&modified_after=2026-02-01')).body
  const items = body.events as Array<{ title: string; recurrence?: { series_id: number } }>
  expect(items.map((e) => e.title)).toEqual(['Recent series', 'Recent series', 'Recent series'])
  expect(items.every((e) => e.recurrence?.series_id === recent)).toBe(true)
  expect(body.total).toBe(3)
})

it('is declared in the index and /doc of each list', async () => {
  const index = (await client.get('/')).body
  const doc = (await client.get('/doc')).body
  for (const collection of ['events', 'venues', 'organizers']) {
    expect(index.routes[`/calendar/events/v1/${collection}`].endpoints[0].args.modified_after).toMatchObject({ description: 'Only posts modified after this date' })
    expect(doc.paths[`/${collection}`].get.parameters.map((p: { name: string }) => p.name)).toContain('modified_after')
  }
})
