import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { Role } from '../../collections/roles.js'
import { createActors, type Actor } from '../helpers/actors.js'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'
import { servePayloadApi, type PayloadApi } from '../helpers/payloadApi.js'

// POST /api/events/recurrence-preview: the admin's recurrence editor asks the server for the next
// occurrences of the rule being edited, so the preview is the very expansion that is stored on save,
// in the event's zone; a rule the server would refuse comes back with the refusal's reasons.

let app: TestApp
let api: PayloadApi
let actors: Record<Role | 'anonymous', Actor>
const PATH = '/api/events/recurrence-preview'

beforeAll(async () => {
  // The site zone is London: an event without a zone is expanded there.
  app = await initTestApp({ siteTimezone: 'Europe/London', recurrenceMaxOccurrences: 300 })
  api = await servePayloadApi(app)
  actors = await createActors(app)
}, 120_000)

afterAll(async () => {
  await api?.close()
  await app?.close()
})

const preview = (role: Role | 'anonymous', body: unknown, headers: Record<string, string> = {}) =>
  api.request('POST', PATH, { headers: { ...actors[role].headers, ...headers }, body })

// Tuesday 2 March 2027, 19:00–21:00 in New York (EST, UTC−5); clocks move to EDT on 14 March.
const weekly = {
  recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=TU;COUNT=12'],
  startDate: '2027-03-03T00:00:00.000Z',
  endDate: '2027-03-03T02:00:00.000Z',
  timezone: 'America/New_York',
  allDay: false,
  from: '2027-01-01T00:00:00.000Z',
}

describe('who may ask', () => {
  it.each(['administrator', 'editor', 'author', 'contributor'] as const)('%s: 200 with the occurrences', async (role) => {
    const res = await preview(role, weekly)
    expect(res.status).toBe(200)
    expect(res.body.occurrences).toHaveLength(8)
  })

  it('anonymous: 401, subscriber: 403, in /api’s error envelope', async () => {
    const anonymous = await preview('anonymous', weekly)
    expect(anonymous.status).toBe(401)
    expect(anonymous.body).toEqual({ errors: [{ message: expect.stringMatching(/log/i) }] })
    const subscriber = await preview('subscriber', weekly)
    expect(subscriber.status).toBe(403)
    expect(subscriber.body).toEqual({ errors: [{ message: expect.stringMatching(/not allowed/i) }] })
  })
})

describe('the occurrences', () => {
  it('a weekly 19:00 series stays 19:00 in New York across the DST change; its UTC instants move', async () => {
    const res = await preview('editor', weekly)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.body.timezone).toBe('America/New_York')
    expect(res.body.reasons).toBeUndefined()
    const { occurrences } = res.body as { occurrences: Array<{ start: string; end: string; startLocal: string; endLocal: string }> }
    expect(occurrences.map((o) => o.startLocal)).toEqual([
      '2027-03-02 19:00:00',
      '2027-03-09 19:00:00',
      '2027-03-16 19:00:00',
      '2027-03-23 19:00:00',
      '2027-03-30 19:00:00',
      '2027-04-06 19:00:00',
      '2027-04-13 19:00:00',
      '2027-04-20 19:00:00',
    ])
    expect(occurrences.every((o) => o.endLocal.endsWith(' 21:00:00'))).toBe(true)
    expect(occurrences.slice(0, 3).map((o) => o.start)).toEqual(['2027-03-03T00:00:00.000Z', '2027-03-10T00:00:00.000Z', '2027-03-16T23:00:00.000Z'])
  })

  it('is the expansion stored on save: the same instants as the series’ occurrences', async () => {
    const saved = await api.request('POST', '/api/events', {
      headers: actors.editor.headers,
      body: { title: 'Choir', status: 'publish', ...weekly, recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=TU,TH;COUNT=20', 'EXDATE:20270311T190000', 'RDATE:20270313T110000'] },
    })
    expect(saved.status).toBe(201)
    const stored = await app.payload.find({ collection: 'occurrences', where: { event: { equals: saved.body.doc.id } }, sort: 'startDate', pagination: false, overrideAccess: true })
    expect(stored.docs.length).toBeGreaterThan(8)
    const res = await preview('contributor', { ...weekly, recurrence: saved.body.doc.recurrence, limit: 50 })
    expect(res.body.occurrences.map((o: { start: string }) => o.start)).toEqual(stored.docs.map((o) => o.startDate))
    expect(res.body.occurrences.map((o: { end: string }) => o.end)).toEqual(stored.docs.map((o) => o.endDate))
  })

  it('from now on by default, at most `limit`; no zone means the site zone; all-day series by days', async () => {
    const start = new Date(Date.UTC(new Date().getUTCFullYear() - 1, 0, 4, 9))
    const old = await preview('editor', { recurrence: ['RRULE:FREQ=WEEKLY'], startDate: start.toISOString(), endDate: new Date(start.getTime() + 3_600_000).toISOString(), limit: 3 })
    expect(old.body).toMatchObject({ timezone: 'Europe/London' })
    expect(old.body.reasons).toBeUndefined()
    expect(old.body.occurrences).toHaveLength(3)
    expect(Date.parse(old.body.occurrences[0].start)).toBeGreaterThanOrEqual(Date.now() - 60_000)
    expect(old.body.occurrences[0].startLocal.slice(11)).toBe('09:00:00')

    const market = await preview('editor', {
      recurrence: ['RRULE:FREQ=MONTHLY;BYDAY=-1SA;UNTIL=20270731'],
      startDate: '2027-01-29T15:00:00.000Z',
      endDate: '2027-01-30T14:59:59.000Z',
      timezone: 'Asia/Tokyo',
      allDay: true,
      from: '2027-01-01T00:00:00.000Z',
    })
    expect(market.body.occurrences.map((o: { startLocal: string; endLocal: string }) => `${o.startLocal}/${o.endLocal}`)).toEqual([
      '2027-01-30 00:00:00/2027-01-30 23:59:59',
      '2027-02-27 00:00:00/2027-02-27 23:59:59',
      '2027-03-27 00:00:00/2027-03-27 23:59:59',
      '2027-04-24 00:00:00/2027-04-24 23:59:59',
      '2027-05-29 00:00:00/2027-05-29 23:59:59',
      '2027-06-26 00:00:00/2027-06-26 23:59:59',
      '2027-07-31 00:00:00/2027-07-31 23:59:59',
    ])
  })

  it('an event that does not repeat is its one occurrence', async () => {
    const res = await preview('editor', { ...weekly, recurrence: [] })
    expect(res.body.occurrences).toEqual([{ start: weekly.startDate, end: weekly.endDate, startLocal: '2027-03-02 19:00:00', endLocal: '2027-03-02 21:00:00' }])
  })
})

describe('refusals', () => {
  it('lines the server would refuse on save come back as its reasons, with no occurrences', async () => {
    const lines = ['RRULE:FREQ=HOURLY', 'EXDATE:2027-03-09']
    const res = await preview('editor', { ...weekly, recurrence: lines })
    expect(res.status).toBe(200)
    expect(res.body.occurrences).toEqual([])
    expect(res.body.reasons).toEqual([
      'RRULE: FREQ=HOURLY repeats more than once a day; the shortest is DAILY',
      'EXDATE: 2027-03-09 is not a date-time (YYYYMMDDTHHMMSS, with Z for UTC)',
    ])
    // Saving the same lines is refused for the same reasons.
    const saved = await api.request('POST', '/api/events', { headers: actors.editor.headers, body: { title: 'Bad', ...weekly, recurrence: lines } })
    expect(saved.status).toBe(400)
    expect(JSON.stringify(saved.body)).toContain(res.body.reasons[0])
    const tooMany = await preview('editor', { ...weekly, recurrence: ['RRULE:FREQ=DAILY'] })
    expect(tooMany.body.reasons).toEqual([expect.stringMatching(/^RRULE: makes more than 300 occurrences before /)])
  })

  it('malformed bodies are 400, too large ones 413, in /api’s error envelope', async () => {
    const cases: Array<[unknown, number, RegExp]> = [
      ['{"recurrence": [', 400, /not valid JSON/],
      ['[1, 2]', 400, /must be a JSON object/],
      [{ ...weekly, recurrence: [1, 2] }, 400, /recurrence must be a list/],
      [{ ...weekly, recurrence: Array.from({ length: 201 }, () => 'RDATE:20270401T190000') }, 400, /more than 200 lines/],
      [{ ...weekly, startDate: 12 }, 400, /startDate must be a string/],
      [{ ...weekly, allDay: 'yes' }, 400, /allDay must be true or false/],
      [{ ...weekly, limit: 51 }, 400, /limit must be a whole number from 1 to 50/],
      [{ ...weekly, from: 'soon' }, 400, /from must be a date/],
      [{ ...weekly, recurrence: [`RDATE:${'20270401T190000,'.repeat(5000)}20270401T190000`] }, 413, /too large \(at most 65536 bytes\)/],
    ]
    for (const [body, status, message] of cases) {
      const res = await preview('editor', body)
      expect({ body, status: res.status }).toEqual({ body, status })
      expect(res.body).toEqual({ errors: [{ message: expect.stringMatching(message) }] })
    }
  })
})
