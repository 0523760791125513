import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { Role } from '../../collections/roles.js'
import { createActors, type Actor } from '../helpers/actors.js'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'
import { servePayloadApi, type PayloadApi } from '../helpers/payloadApi.js'
import { extendRecurrences } from '../../src/recurrence/extendRecurrences.js'

// A recurring event is one event with RFC 5545 lines; its occurrences are stored rows keyed by series
// and original start, written by the collection whichever entry point saved it (/api, GraphQL, the
// Local API the admin uses), and refused alike when the rule is bad.

let app: TestApp
let api: PayloadApi
let actors: Record<Role | 'anonymous', Actor>
const as = (role: Role) => actors[role].headers

beforeAll(async () => {
  app = await initTestApp({ siteTimezone: 'America/New_York', recurrenceMaxOccurrences: 200 })
  api = await servePayloadApi(app)
  actors = await createActors(app)
}, 120_000)

afterAll(async () => {
  await api?.close()
  await app?.close()
})

async function occurrencesOf(event: number) {
  const found = await app.payload.find({ collection: 'occurrences', where: { event: { equals: event } }, sort: 'startDate', pagination: false, overrideAccess: true })
  return found.docs
}

const weekly = {
  title: 'Choir rehearsal',
  // Tuesday 3 March 2026, 19:00–21:00 in New York (EST, UTC−5).
  startDate: '2026-03-04T00:00:00.000Z',
  endDate: '2026-03-04T02:00:00.000Z',
  timezone: 'America/New_York',
  status: 'publish' as const,
}

describe('a series and its stored occurrences', () => {
  it('POST /api/events with a weekly rule stores one occurrence per week, wall clock kept across DST', async () => {
    const res = await api.request('POST', '/api/events', { headers: as('editor'), body: { ...weekly, recurrence: ['RRULE:FREQ=WEEKLY;COUNT=10'] } })
    expect(res.status).toBe(201)
    expect(res.body.doc.recurring).toBe(true)
    const rows = await occurrencesOf(res.body.doc.id)
    expect(rows).toHaveLength(10)
    expect(rows[0]!.startDate).toBe('2026-03-04T00:00:00.000Z')
    // 8 March 2026 moves New York to EDT: 19:00 is 23:00 UTC from the second occurrence on.
    expect(rows[1]!.startDate).toBe('2026-03-10T23:00:00.000Z')
    expect(rows[1]!.endDate).toBe('2026-03-11T01:00:00.000Z')
    expect(new Set(rows.map((r) => r.id)).size).toBe(10)
  })

  it('changing the rule keeps the IDs of the occurrences it still gives', async () => {
    const doc = await app.payload.create({ collection: 'events', data: { ...weekly, recurrence: ['RRULE:FREQ=WEEKLY;COUNT=5'] } })
    const before = await occurrencesOf(doc.id as number)
    expect(before).toHaveLength(5)
    await app.payload.update({ collection: 'events', id: doc.id, data: { recurrence: ['RRULE:FREQ=WEEKLY;COUNT=8', 'EXDATE:20260317T190000'] } })
    const after = await occurrencesOf(doc.id as number)
    expect(after).toHaveLength(7)
    const idsBefore = new Map(before.map((r) => [r.originalStart, r.id]))
    const kept = after.filter((r) => idsBefore.get(r.originalStart) === r.id)
    // The third (17 March) is excluded now; the other four keep their IDs.
    expect(kept).toHaveLength(4)
    expect(after.some((r) => r.startDate.startsWith('2026-03-17'))).toBe(false)
  })

  it('removing the lines makes it a single event again, and deleting a series removes its occurrences', async () => {
    const doc = await app.payload.create({ collection: 'events', data: { ...weekly, recurrence: ['RRULE:FREQ=DAILY;COUNT=3'] } })
    expect(await occurrencesOf(doc.id as number)).toHaveLength(3)
    const single = await app.payload.update({ collection: 'events', id: doc.id, data: { recurrence: [] } })
    expect(single.recurring).toBe(false)
    expect(await occurrencesOf(doc.id as number)).toHaveLength(0)
    await app.payload.update({ collection: 'events', id: doc.id, data: { recurrence: ['RRULE:FREQ=DAILY;COUNT=3'] } })
    expect(await occurrencesOf(doc.id as number)).toHaveLength(3)
    await app.payload.delete({ collection: 'events', id: doc.id, trash: false })
    expect(await occurrencesOf(doc.id as number)).toHaveLength(0)
  })

  it('moving the first occurrence by a day moves the series', async () => {
    const doc = await app.payload.create({ collection: 'events', data: { ...weekly, recurrence: ['RRULE:FREQ=WEEKLY;COUNT=3'] } })
    await app.payload.update({ collection: 'events', id: doc.id, data: { startDate: '2026-03-05T00:00:00.000Z', endDate: '2026-03-05T02:00:00.000Z' } })
    const rows = await occurrencesOf(doc.id as number)
    expect(rows.map((r) => r.startDate)).toEqual(['2026-03-05T00:00:00.000Z', '2026-03-11T23:00:00.000Z', '2026-03-18T23:00:00.000Z'])
  })

  it.each([
    ['a sub-daily frequency', ['RRULE:FREQ=HOURLY;COUNT=3'], /HOURLY|daily/i],
    ['a malformed line', ['RRULE:FREQ=WEEKLY;BYDAY=XX'], /BYDAY|XX/],
    ['more occurrences than allowed within the horizon', ['RRULE:FREQ=DAILY'], /200/],
    ['not a list of lines', { rule: 'weekly' }, /list/],
  ])('/api refuses %s with 400 naming recurrence', async (_name, recurrence, why) => {
    const res = await api.request('POST', '/api/events', { headers: as('editor'), body: { ...weekly, recurrence } })
    expect(res.status).toBe(400)
    const errors = res.body.errors[0].data.errors as Array<{ path: string; message: string }>
    expect(errors.map((e) => e.path)).toContain('recurrence')
    expect(errors.find((e) => e.path === 'recurrence')!.message).toMatch(why)
  })

  it('GraphQL refuses a bad rule too, and stores a good one', async () => {
    const bad = await api.request('POST', '/api/graphql', {
      headers: as('editor'),
      body: { query: `mutation { createEvent(data: { title: "x", startDate: "2026-03-04T00:00:00.000Z", endDate: "2026-03-04T01:00:00.000Z", status: publish, recurrence: ["RRULE:FREQ=MINUTELY"] }) { id } }` },
    })
    expect(JSON.stringify(bad.body.errors)).toMatch(/recurrence/)
    const good = await api.request('POST', '/api/graphql', {
      headers: as('editor'),
      body: { query: `mutation { createEvent(data: { title: "x", startDate: "2026-03-04T00:00:00.000Z", endDate: "2026-03-04T01:00:00.000Z", status: publish, recurrence: ["RRULE:FREQ=MONTHLY;BYDAY=1TH;COUNT=4"] }) { id recurring } }` },
    })
    expect(good.body.data.createEvent.recurring).toBe(true)
    expect(await occurrencesOf(good.body.data.createEvent.id)).toHaveLength(4)
  })

  it('occurrences are not readable by the public or by authors through /api', async () => {
    for (const role of ['anonymous', 'author', 'contributor'] as const) {
      const res = await api.request('GET', '/api/occurrences', { headers: actors[role].headers })
      expect([401, 403]).toContain(res.status)
    }
    const byEditor = await api.request('GET', '/api/occurrences', { headers: as('editor') })
    expect(byEditor.status).toBe(200)
    expect(byEditor.body.totalDocs).toBeGreaterThan(0)
    // The IDs kept for occurrences to come are the server's alone, administrators' neither.
    for (const role of ['anonymous', 'editor', 'administrator'] as const) {
      expect([401, 403]).toContain((await api.request('GET', '/api/kept-occurrence-ids', { headers: actors[role].headers })).status)
      const write = await api.request('POST', '/api/kept-occurrence-ids', { headers: actors[role].headers, body: { event: 1, originalStart: '2027-01-01T00:00:00.000Z', occurrence: 5 } })
      expect([401, 403]).toContain(write.status)
    }
  })

  it('an open-ended series is extended as time moves the horizon on, once', async () => {
    const start = new Date(Date.now() + 7 * 24 * 3600 * 1000)
    start.setUTCHours(18, 0, 0, 0)
    const doc = await app.payload.create({
      collection: 'events',
      data: { ...weekly, startDate: start.toISOString(), endDate: new Date(start.getTime() + 3600_000).toISOString(), recurrence: ['RRULE:FREQ=WEEKLY'] },
    })
    const before = await occurrencesOf(doc.id as number)
    // Two years of weeks from about now.
    expect(before.length).toBeGreaterThan(100)
    expect(before.length).toBeLessThan(110)
    const later = new Date(Date.now() + 91 * 24 * 3600 * 1000)
    const first = await extendRecurrences(app.payload, later)
    expect(first.failed).toBe(0)
    expect(first.created).toBeGreaterThanOrEqual(12)
    const after = await occurrencesOf(doc.id as number)
    expect(after.length).toBe(before.length + first.created)
    // The stored ones kept their IDs; a second run adds nothing.
    expect(after.slice(0, before.length).map((r) => r.id)).toEqual(before.map((r) => r.id))
    expect((await extendRecurrences(app.payload, later)).created).toBe(0)
  })

  it('a client cannot take over an occurrence or mark an event recurring by hand', async () => {
    const doc = await app.payload.create({ collection: 'events', data: { ...weekly, recurrence: ['RRULE:FREQ=WEEKLY;COUNT=3'] } })
    const [, second] = await occurrencesOf(doc.id as number)
    for (const role of ['author', 'editor'] as const) {
      const res = await api.request('POST', '/api/events', {
        headers: as(role),
        body: { ...weekly, title: `Not yours (${role})`, series: doc.id, originalStart: second!.originalStart, recurring: true },
      })
      expect(res.status).toBe(201)
      expect(res.body.doc).toMatchObject({ series: null, originalStart: null, recurring: false })
    }
    expect((await occurrencesOf(doc.id as number)).map((r) => r.state)).toEqual(['scheduled', 'scheduled', 'scheduled'])
  })
})
