import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { Role } from '../../collections/roles.js'
import { createActors, type Actor } from '../helpers/actors.js'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'
import { servePayloadApi, type PayloadApi } from '../helpers/payloadApi.js'

// An all-day event is whole days in its own zone (00:00:00 to 23:59:59) whichever entry point wrote
// it: Payload's REST, GraphQL, the Local API (the admin's saves) and the calendar namespace agree.
// The site zone is America/New_York, so "the event's zone" and "the site's" differ.

let app: TestApp
let api: PayloadApi
let actors: Record<Role | 'anonymous', Actor>
const as = (role: Role) => actors[role].headers
const namespace = (path: string) => `/wp-json/calendar/events/v1${path}`

beforeAll(async () => {
  app = await initTestApp({ siteTimezone: 'America/New_York' })
  api = await servePayloadApi(app)
  actors = await createActors(app)
}, 120_000)

afterAll(async () => {
  await api?.close()
  await app?.close()
})

async function served(id: number) {
  const res = await api.request('GET', namespace(`/events/${id}`), { headers: as('editor') })
  expect(res.status).toBe(200)
  return res.body
}

describe('all-day events are whole days in their zone', () => {
  it('POST /api/events with allDay: a Paris event on 1 March runs 00:00:00–23:59:59 Paris time', async () => {
    const res = await api.request('POST', '/api/events', {
      headers: as('editor'),
      // 10:00–20:00 UTC: 11:00–21:00 on 1 March in Paris.
      body: { title: 'Fête', startDate: '2027-03-01T10:00:00.000Z', endDate: '2027-03-01T20:00:00.000Z', timezone: 'Europe/Paris', allDay: true },
    })
    expect(res.status).toBe(201)
    expect(res.body.doc).toMatchObject({ startDate: '2027-02-28T23:00:00.000Z', endDate: '2027-03-01T22:59:59.000Z' })
    expect(await served(res.body.doc.id)).toMatchObject({
      all_day: true,
      start_date: '2027-03-01 00:00:00',
      end_date: '2027-03-01 23:59:59',
      utc_start_date: '2027-02-28 23:00:00',
      timezone: 'Europe/Paris',
    })
  })

  it('PATCH /api/events with only allDay: the stored days become whole, in the event zone', async () => {
    const doc = await app.payload.create({
      collection: 'events',
      data: { title: 'Talk', startDate: '2027-06-10T17:00:00.000Z', endDate: '2027-06-12T19:00:00.000Z', timezone: 'Asia/Tokyo' },
    })
    const byEditor = await api.request('PATCH', `/api/events/${doc.id}`, { headers: as('editor'), body: { allDay: true } })
    expect(byEditor.status).toBe(200)
    // 17:00Z on 10 June is 02:00 on 11 June in Tokyo; 19:00Z on 12 June is 04:00 on 13 June.
    expect(await served(doc.id as number)).toMatchObject({ all_day: true, start_date: '2027-06-11 00:00:00', end_date: '2027-06-13 23:59:59' })
  })

  it('GraphQL createEvent with allDay and no zone: whole days in the site zone', async () => {
    const res = await api.graphql(
      `mutation { createEvent(data: { title: "Open day", startDate: "2027-04-05T15:00:00.000Z", endDate: "2027-04-05T16:00:00.000Z", allDay: true, status: publish }) { id startDate endDate timezone } }`,
      as('editor'),
    )
    expect(res.body.errors).toBeUndefined()
    const created = res.body.data.createEvent
    // No zone given: new events get the site's (America/New_York, UTC-4 in April).
    expect(created).toMatchObject({ timezone: 'America/New_York', startDate: '2027-04-05T04:00:00.000Z', endDate: '2027-04-06T03:59:59.000Z' })
  })

  it('leaves timed events as they were sent', async () => {
    const timed = await api.request('POST', '/api/events', {
      headers: as('editor'),
      body: { title: 'Concert', startDate: '2027-03-05T18:00:00.000Z', endDate: '2027-03-05T21:00:00.000Z', timezone: 'Europe/Paris' },
    })
    expect(timed.status).toBe(201)
    expect(timed.body.doc).toMatchObject({ startDate: '2027-03-05T18:00:00.000Z', endDate: '2027-03-05T21:00:00.000Z' })
    expect(await served(timed.body.doc.id)).toMatchObject({ all_day: false, start_date: '2027-03-05 19:00:00', timezone: 'Europe/Paris' })
  })

  it('the namespace write and the collection rule agree (same stored instants)', async () => {
    const res = await api.request('POST', namespace('/events'), {
      headers: as('editor'),
      body: { title: 'Marché', start_date: '2027-03-01 10:00', end_date: '2027-03-01 12:00', timezone: 'Europe/Paris', all_day: true },
    })
    expect(res.status).toBe(201)
    const stored = await app.payload.findByID({ collection: 'events', id: res.body.id, depth: 0 })
    expect(stored).toMatchObject({ startDate: '2027-02-28T23:00:00.000Z', endDate: '2027-03-01T22:59:59.000Z' })
  })
})
