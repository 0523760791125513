import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { TypedUser } from 'payload'
import type { Role } from '../../collections/roles.js'
import { readCalendarEvents } from '../../src/admin/readCalendarEvents.js'
import { createActors, type Actor } from '../helpers/actors.js'
import { apiClient } from '../helpers/http.js'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'

// What the admin's calendar and dashboard read (src/admin/readCalendarEvents.ts): each scheduled
// occurrence of a series at its own dates under the provisional ID the namespace gives it, changed
// occurrences as their own events, cancelled ones left out, single events as they are, and the
// occurrences of only the series the signed-in user may read.

let app: TestApp
let client: ReturnType<typeof apiClient>
let actors: Record<Role | 'anonymous', Actor>
let published: number
let draft: number

const window = { from: '2027-03-01T00:00:00.000Z', to: '2027-05-01T00:00:00.000Z' }
const read = (role: Role, limit = 100) => readCalendarEvents(app.payload, actors[role].user as unknown as TypedUser, window, limit)
const weekly = (title: string, status: string) => ({
  title,
  status,
  timezone: 'America/New_York',
  start_date: '2027-03-02 19:00:00',
  end_date: '2027-03-02 21:00:00',
  recurrence: ['RRULE:FREQ=WEEKLY;COUNT=6'],
})

beforeAll(async () => {
  app = await initTestApp({ siteTimezone: 'Europe/London' })
  client = apiClient(app.api)
  actors = await createActors(app)
  published = (await client.post('/events', weekly('Choir', 'publish'), actors.editor.headers)).body.id
  draft = (await client.post('/events', weekly('Draft rehearsal', 'draft'), actors.author.headers)).body.id
  const single = await client.post('/events', { title: 'Concert', status: 'publish', timezone: 'Europe/Paris', start_date: '2027-03-20 20:00', end_date: '2027-03-20 22:00' }, actors.editor.headers)
  expect([typeof published, typeof draft, single.status]).toEqual(['number', 'number', 201])
}, 120_000)

afterAll(async () => {
  await app?.close()
})

describe('readCalendarEvents', () => {
  it('gives each occurrence its own dates and the provisional ID the namespace lists it under', async () => {
    const { docs, totalDocs } = await read('editor')
    const choir = docs.filter((doc) => doc.repeat?.seriesId === published)
    expect(choir.map((doc) => doc.startDate)).toEqual([
      '2027-03-03T00:00:00.000Z',
      '2027-03-10T00:00:00.000Z',
      // New York on EDT from 14 March: 19:00 is 23:00 UTC.
      '2027-03-16T23:00:00.000Z',
      '2027-03-23T23:00:00.000Z',
      '2027-03-30T23:00:00.000Z',
      '2027-04-06T23:00:00.000Z',
    ])
    expect(choir.every((doc) => doc.id === published && doc.title === 'Choir' && doc.repeat?.changed === false)).toBe(true)
    const listed = (await client.get(`/events?start_date=2027-03-01&end_date=2027-04-30&per_page=50`)).body.events as Array<{ id: number; title: string }>
    expect(choir.map((doc) => doc.repeat!.provisionalId)).toEqual(listed.filter((item) => item.title === 'Choir').map((item) => item.id))
    // The editor reads the author's draft series too; the single event once; no series twice.
    expect(docs.filter((doc) => doc.repeat?.seriesId === draft)).toHaveLength(6)
    expect(docs.filter((doc) => doc.title === 'Concert' && !doc.repeat)).toHaveLength(1)
    expect(docs).toHaveLength(13)
    expect(totalDocs).toBe(13)
  })

  it('reads occurrences with the user’s access: a contributor does not see another author’s draft series', async () => {
    const { docs, totalDocs } = await read('contributor')
    expect(docs.some((doc) => doc.repeat?.seriesId === draft)).toBe(false)
    expect(docs.filter((doc) => doc.repeat?.seriesId === published)).toHaveLength(6)
    expect(totalDocs).toBe(7)
  })

  it('shows a changed occurrence as its own event under its provisional ID, and leaves a cancelled one out', async () => {
    const before = (await read('editor')).docs.filter((doc) => doc.repeat?.seriesId === published)
    const [, second, third] = before
    const changed = await client.patch(`/events/${third!.repeat!.provisionalId}?scope=this`, { title: 'Choir (guest)' }, actors.editor.headers)
    expect(changed.status).toBe(200)
    expect((await client.delete(`/events/${second!.repeat!.provisionalId}`, actors.editor.headers)).status).toBe(200)

    const after = (await read('editor')).docs.filter((doc) => doc.repeat?.seriesId === published)
    expect(after.map((doc) => [doc.startDate, doc.title, doc.repeat?.changed])).toEqual([
      ['2027-03-03T00:00:00.000Z', 'Choir', false],
      ['2027-03-16T23:00:00.000Z', 'Choir (guest)', true],
      ['2027-03-23T23:00:00.000Z', 'Choir', false],
      ['2027-03-30T23:00:00.000Z', 'Choir', false],
      ['2027-04-06T23:00:00.000Z', 'Choir', false],
    ])
    const guest = after[1]!
    expect(guest.id).not.toBe(published)
    expect(guest.repeat).toMatchObject({ provisionalId: third!.repeat!.provisionalId, originalStart: '2027-03-16T23:00:00.000Z' })
  })

  it('keeps the first `limit` by start exact', async () => {
    const all = (await read('editor')).docs
    const first = (await read('editor', 4)).docs
    expect(first.map((doc) => doc.startDate)).toEqual(all.slice(0, 4).map((doc) => doc.startDate))
    expect(first).toHaveLength(4)
  })
})
