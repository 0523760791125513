import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { Role } from '../../collections/roles.js'
import { createActors, type Actor } from '../helpers/actors.js'
import { createPost } from '../helpers/fixtures.js'
import { apiClient } from '../helpers/http.js'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'

// Recurring events on the wire as Events Calendar Pro serves them: one item per occurrence in lists,
// each with a provisional ID (10,000,000 + its occurrence ID) that single reads, `include` and the
// filters take; the series' own ID answers its first occurrence; single events are unchanged.

const BASE = 10_000_000
let app: TestApp
let client: ReturnType<typeof apiClient>
let actors: Record<Role | 'anonymous', Actor>
let series: number
let single: number
let drafted: number
let locked: number
let category: number
let other: number
const WINDOW = '?start_date=2026-03-01&end_date=2026-06-30&per_page=50'

async function occurrenceIds(event: number): Promise<number[]> {
  const found = await app.payload.find({ collection: 'occurrences', where: { event: { equals: event } }, sort: 'startDate', pagination: false, overrideAccess: true })
  return found.docs.map((row) => BASE + row.id)
}

beforeAll(async () => {
  app = await initTestApp({ siteTimezone: 'America/New_York' })
  client = apiClient(app.api)
  actors = await createActors(app)
  category = await createPost(app.payload, 'event-categories', { name: 'Choirs' })
  other = await createPost(app.payload, 'event-categories', { name: 'Talks' })
  // Tuesdays 19:00–21:00 New York from 3 March 2026, ten times: across the 8 March DST change.
  series = await createPost(app.payload, 'events', {
    title: 'Choir rehearsal',
    startDate: '2026-03-04T00:00:00.000Z',
    endDate: '2026-03-04T02:00:00.000Z',
    timezone: 'America/New_York',
    categories: [category],
    recurrence: ['RRULE:FREQ=WEEKLY;COUNT=10'],
  })
  single = await createPost(app.payload, 'events', { title: 'Spring talk', startDate: '2026-03-12T15:00:00.000Z', endDate: '2026-03-12T16:00:00.000Z', categories: [other] })
  drafted = await createPost(app.payload, 'events', {
    title: 'Draft series',
    status: 'draft',
    startDate: '2026-03-05T15:00:00.000Z',
    endDate: '2026-03-05T16:00:00.000Z',
    recurrence: ['RRULE:FREQ=DAILY;COUNT=5'],
  })
  locked = await createPost(app.payload, 'events', {
    title: 'Members only',
    startDate: '2026-04-01T15:00:00.000Z',
    endDate: '2026-04-01T16:00:00.000Z',
    excerpt: 'secret plans',
    password: 'open sesame',
    recurrence: ['RRULE:FREQ=MONTHLY;COUNT=2'],
  })
}, 120_000)

afterAll(async () => {
  await app?.close()
})

describe('lists: one item per occurrence', () => {
  it('lists every occurrence in the window in start order, with provisional IDs, beside single events', async () => {
    const ids = await occurrenceIds(series)
    expect(ids).toHaveLength(10)
    const res = await client.get(`/events${WINDOW}`)
    expect(res.status).toBe(200)
    const events = res.body.events as Array<Record<string, any>>
    const mine = events.filter((e) => e.recurrence?.series_id === series)
    expect(mine.map((e) => e.id)).toEqual(ids)
    // Wall clock kept across DST: 19:00 in New York, 00:00 UTC before 8 March, 23:00 UTC after.
    expect(mine.map((e) => e.start_date.slice(11))).toEqual(Array(10).fill('19:00:00'))
    expect(mine[0]).toMatchObject({ utc_start_date: '2026-03-04 00:00:00', title: 'Choir rehearsal', slug: 'choir-rehearsal' })
    expect(mine[1].utc_start_date).toBe('2026-03-10 23:00:00')
    expect(mine[1].rest_url).toMatch(new RegExp(`/calendar/events/v1/events/${ids[1]}$`))
    expect(mine[1].url).toMatch(/\/event\/choir-rehearsal\/2026-03-10\/$/)
    expect(mine[1].recurrence).toEqual({ series_id: series, rules: ['RRULE:FREQ=WEEKLY;COUNT=10'], original_start: '2026-03-10 19:00:00', original_start_utc: '2026-03-10 23:00:00' })
    // The single event (12 March) sits between the second and third occurrences, unchanged (no recurrence key).
    const at = events.findIndex((e) => e.id === single)
    expect(events[at - 1]!.id).toBe(ids[1])
    expect(events[at + 1]!.id).toBe(ids[2])
    expect('recurrence' in events[at]!).toBe(false)
    // The draft series is not the public's; the protected one is listed, blanked.
    expect(events.some((e) => e.title === 'Draft series')).toBe(false)
    const protectedItems = events.filter((e) => e.recurrence?.series_id === locked)
    expect(protectedItems).toHaveLength(2)
    expect(protectedItems[0].excerpt).toBe('')
    expect(res.body.total).toBe(events.length)
    expect(res.body.total).toBe(10 + 1 + 2)
  })

  it('pages through occurrences and single events in one order', async () => {
    const all = (await client.get(`/events${WINDOW}`)).body.events.map((e: { id: number }) => e.id)
    const pages: number[] = []
    for (let page = 1; page <= 5; page++) {
      const res = await client.get(`/events?start_date=2026-03-01&end_date=2026-06-30&per_page=3&page=${page}`)
      expect(res.status).toBe(200)
      expect(res.body.total).toBe(13)
      expect(res.body.total_pages).toBe(5)
      pages.push(...res.body.events.map((e: { id: number }) => e.id))
    }
    expect(pages).toEqual(all)
  })

  it('date filters apply to the occurrences', async () => {
    const res = await client.get('/events?start_date=2026-04-01&end_date=2026-04-30')
    const mine = res.body.events.filter((e: any) => e.recurrence?.series_id === series)
    expect(mine.map((e: any) => e.start_date.slice(0, 10))).toEqual(['2026-04-07', '2026-04-14', '2026-04-21', '2026-04-28'])
  })

  it('term filters apply to the occurrences through their series', async () => {
    const choirs = await client.get(`/events${WINDOW}&categories=${category}`)
    expect(choirs.body.events).toHaveLength(10)
    expect(choirs.body.events.every((e: any) => e.recurrence?.series_id === series)).toBe(true)
    const talks = await client.get(`/events${WINDOW}&categories=${other}`)
    expect(talks.body.events.map((e: any) => e.id)).toEqual([single])
    const search = await client.get(`/events${WINDOW}&search=choir`)
    expect(search.body.events).toHaveLength(10)
  })

  it('hide_subsequent_recurrences=true lists only the first occurrence of each series in the window', async () => {
    const res = await client.get(`/events?start_date=2026-03-15&end_date=2026-06-30&hide_subsequent_recurrences=true`)
    expect(res.status).toBe(200)
    const mine = res.body.events.filter((e: any) => e.recurrence?.series_id === series)
    expect(mine).toHaveLength(1)
    expect(mine[0].start_date).toBe('2026-03-17 19:00:00')
    expect(res.body.total).toBe(res.body.events.length)
  })

  it('post_parent=<series> lists its occurrences; include takes provisional IDs', async () => {
    const ids = await occurrenceIds(series)
    const children = await client.get(`/events${WINDOW}&post_parent=${series}`)
    expect(children.body.events.map((e: any) => e.id)).toEqual(ids)
    const included = await client.get(`/events?include=${ids[2]},${single},${ids[5]}`)
    expect(included.status).toBe(200)
    expect(included.body.events.map((e: any) => e.id).sort()).toEqual([ids[2], ids[5], single].sort())
  })

  it('the signed-in editor sees the draft series\' occurrences too', async () => {
    const res = await client.get(`/events${WINDOW}&status=draft`, actors.editor.headers)
    expect(res.status).toBe(200)
    expect(res.body.events.map((e: any) => e.recurrence?.series_id)).toEqual(Array(5).fill(drafted))
  })
  it('a protected series\' occurrences are unlocked together by its password', async () => {
    const res = await client.get(`/events${WINDOW}&password=open%20sesame`)
    const items = res.body.events.filter((e: any) => e.recurrence?.series_id === locked)
    expect(items).toHaveLength(2)
    expect(items.map((e: any) => e.excerpt)).toEqual([expect.stringContaining('secret plans'), expect.stringContaining('secret plans')])
  })

  it("keeps each occurrence's object for the public until a write, then serves the series' edit", async () => {
    const url = `/events${WINDOW}&categories=${category}`
    const titles = async (query: string) => (await client.get(`${url}${query}`)).body.events.map((e: { id: number; title: string }) => `${e.id} ${e.title}`)
    const first = await titles('&n=1')
    // Asked again (another URL, so not the response cache): the same objects, each its own occurrence.
    expect(await titles('&n=2')).toEqual(first)
    expect(new Set(first).size).toBe(10)
    expect((await client.post(`/events/${series}`, { title: 'Choir rehearsal, renamed' }, actors.editor.headers)).status).toBe(200)
    const after = await titles('&n=3')
    expect(after).toHaveLength(10)
    expect(after.every((line: string) => line.endsWith(' Choir rehearsal, renamed'))).toBe(true)
    expect(after.map((line: string) => line.split(' ')[0])).toEqual(first.map((line: string) => line.split(' ')[0]))
    expect((await client.post(`/events/${series}`, { title: 'Choir rehearsal' }, actors.editor.headers)).status).toBe(200)
  })
})

describe('single reads by provisional ID', () => {
  it('GET /events/<provisional id> answers the series at that occurrence\'s dates', async () => {
    const ids = await occurrenceIds(series)
    const res = await client.get(`/events/${ids[3]}`)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ id: ids[3], title: 'Choir rehearsal', start_date: '2026-03-24 19:00:00', end_date: '2026-03-24 21:00:00', utc_start_date: '2026-03-24 23:00:00' })
    expect(res.body.json_ld.startDate).toBe('2026-03-24T19:00:00-04:00')
    expect(res.body.recurrence.series_id).toBe(series)
  })

  it('GET /events/<series id> answers the first occurrence with the lines', async () => {
    const res = await client.get(`/events/${series}`)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ id: series, start_date: '2026-03-03 19:00:00', recurrence: { series_id: series, rules: ['RRULE:FREQ=WEEKLY;COUNT=10'] } })
  })

  it('an occurrence has its series\' visibility: draft 403 for the public, password 403 until given', async () => {
    const [draft] = await occurrenceIds(drafted)
    expect((await client.get(`/events/${draft}`)).status).toBe(403)
    expect((await client.get(`/events/${draft}`, actors.editor.headers)).status).toBe(200)
    const [secret] = await occurrenceIds(locked)
    expect((await client.get(`/events/${secret}`)).status).toBe(403)
    const unlocked = await client.get(`/events/${secret}?password=open%20sesame`)
    expect(unlocked.status).toBe(200)
    expect(unlocked.body.excerpt).toContain('secret plans')
  })

  it('a provisional ID the rule no longer gives is 404; single events keep their answer', async () => {
    const doc = await createPost(app.payload, 'events', {
      title: 'Short run',
      startDate: '2026-05-01T15:00:00.000Z',
      endDate: '2026-05-01T16:00:00.000Z',
      recurrence: ['RRULE:FREQ=DAILY;COUNT=3'],
    })
    const ids = await occurrenceIds(doc)
    await app.payload.update({ collection: 'events', id: doc, data: { recurrence: ['RRULE:FREQ=DAILY;COUNT=2'] }, overrideAccess: true })
    expect((await client.get(`/events/${ids[2]}`)).status).toBe(404)
    expect((await client.get(`/events/${ids[1]}`)).status).toBe(200)
    const plain = await client.get(`/events/${single}`)
    expect(plain.status).toBe(200)
    expect('recurrence' in plain.body).toBe(false)
  })

  it('an occurrence\'s url is its public page: the series on that date; another date is 404', async () => {
    const ids = await occurrenceIds(series)
    const item = (await client.get(`/events/${ids[1]}`)).body
    const page = await fetch(item.url.replace('http://localhost:3000', app.origin))
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('Choir rehearsal')
    expect(html).toContain('2026-03-10 19:00')
    expect(page.headers.get('x-tec-api-root')).toMatch(new RegExp(`/events/${ids[1]}$`))
    expect((await fetch(`${app.origin}/event/choir-rehearsal/2026-03-11/`)).status).toBe(404)
    expect((await fetch(`${app.origin}/event/choir-rehearsal/not-a-date/`)).status).toBe(404)
  })
})
