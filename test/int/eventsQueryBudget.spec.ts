import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import sharp from 'sharp'
import { apiClient } from '../helpers/http.js'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'
import { readsBelow, type StatementLog, watchStatements } from '../helpers/watchStatements.js'

let app: TestApp
let calls: string[] = []
const made: Record<'venues' | 'organizers' | 'events', number[]> = { venues: [], organizers: [], events: [] }

// Every read the database adapter serves, whatever the adapter: the unit of the query budget.
const READS = ['find', 'findOne', 'count', 'findDistinct', 'queryDrafts', 'findVersions', 'findGlobal']
// And below the adapter, on the SQL databases: every statement the driver runs, Payload's and those
// written below it (lib/sql), which no adapter call counts (eventIdPage's page and total, the counters).
let log: StatementLog | null = null
/** The statements of the last request readsFor made (empty on MongoDB). */
let statements: string[] = []
/** Statement budgets as measured on SQLite; PostgreSQL plans some filters differently (eventIdPage), and is held to not growing. */
const measured = (budget: number) => (app.payload.db.name === 'sqlite' ? budget : Number.POSITIVE_INFINITY)

beforeAll(async () => {
  // The document cache off: the budget is what an answer costs when nothing it links to is kept yet.
  app = await initTestApp({ maxPerPage: 60, documentCacheMb: 0 })
  const p = app.payload
  const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#c00' } }).png().toBuffer()
  for (let i = 0; i < 60; i++) {
    const image = await p.create({ collection: 'media', data: { alt: `img ${i}` }, file: { data: png, mimetype: 'image/png', name: `i${i}.png`, size: png.length } })
    const venue = await p.create({ collection: 'venues', data: { title: `Venue ${i}`, image: image.id } })
    const organizer = await p.create({ collection: 'organizers', data: { title: `Organizer ${i}`, image: image.id } })
    const category = await p.create({ collection: 'event-categories', data: { name: `Category ${i}` } })
    const tag = await p.create({ collection: 'event-tags', data: { name: `Tag ${i}` } })
    made.venues.push(venue.id as number)
    made.organizers.push(organizer.id as number)
    const event = await p.create({
      collection: 'events',
      data: {
        title: `Event ${i}`,
        startDate: `2027-07-${String((i % 28) + 1).padStart(2, '0')}T10:00:00Z`,
        endDate: `2027-07-${String((i % 28) + 1).padStart(2, '0')}T12:00:00Z`,
        venues: [venue.id],
        organizers: [organizer.id],
        categories: [category.id],
        tags: [tag.id],
        image: image.id,
        password: i % 5 === 0 ? 'pw' : undefined,
      },
    })
    made.events.push(event.id as number)
  }
  const db = p.db as unknown as Record<string, unknown>
  // A name the adapter lacks would count nothing and let the budget pass unmeasured.
  expect(READS.filter((name) => typeof db[name] !== 'function')).toEqual([])
  for (const name of READS) {
    const original = db[name]
    db[name] = function (this: unknown, ...args: unknown[]) {
      calls.push(`${name}:${(args[0] as { collection?: string })?.collection ?? ''}`)
      return (original as (...a: unknown[]) => unknown).apply(this, args)
    }
  }
  log = watchStatements(p)
  // On the SQL databases the driver is watched: a seam that moved would count nothing and pass.
  if (p.db.name !== 'mongoose') expect(log).not.toBeNull()
}, 180_000)

afterAll(async () => {
  await app?.close()
})

/** Database reads one request costs (never from the response cache: every URL is new; the document cache is off). */
async function readsFor(path: string): Promise<string[]> {
  calls = []
  if (log) log.statements = []
  const res = await apiClient(app.api).get(path)
  expect(res.status).toBe(200)
  expect([path, calls.length > 0]).toEqual([path, true])
  statements = [...(log?.statements ?? [])]
  // Every adapter read runs at least one statement: fewer means the driver is not watched where it runs.
  if (log) expect([path, statements.length >= calls.length]).toEqual([path, true])
  return [...calls]
}

describe('the query budget of a list page', () => {
  it('does not grow with per_page, with every event linking its own venue, organizer, terms and images', async () => {
    // Without a password: one page query, then one query per linked collection and one for images.
    const one = await readsFor('/events?per_page=1&page=2&start_date=2027-01-01')
    const oneStatements = statements
    const sixty = await readsFor('/events?per_page=60&start_date=2027-01-01')
    expect(statements.length).toBe(oneStatements.length)
    // The page's IDs and total (eventIdPage, two statements no adapter call makes), then one per read;
    // and one probe whether any recurring event is stored (seriesExist, kept until a write when the
    // document cache is on).
    // On SQLite the page's events are read below the Local API, their links in a statement of their own.
    if (log) expect(statements.length).toBeGreaterThan(sixty.length)
    expect(statements.length).toBeLessThanOrEqual(measured(10))
    // The counter counted the page itself (through the adapter, or below it on the SQL databases): 0 = 0
    // would pass without measuring anything.
    expect(one.filter((call) => call.endsWith(':events')).length + readsBelow(oneStatements, 'events', 'id').length).toBeGreaterThan(0)
    expect(sixty.length).toBe(one.length)
    expect(sixty.length).toBeLessThanOrEqual(7)
    // With the password of the protected ones: three more, for the guess counter (stored, so every
    // process shares it), the hashes and the unlocked events.
    const unlockedOne = await readsFor('/events?per_page=1&start_date=2027-01-01&password=pw')
    const unlockedOneStatements = statements
    const unlockedSixty = await readsFor('/events?per_page=60&start_date=2027-01-01&password=pw')
    expect(statements.length).toBe(unlockedOneStatements.length)
    expect(statements.length).toBeLessThanOrEqual(measured(13))
    expect(unlockedSixty.length).toBe(unlockedOne.length)
    expect(unlockedSixty.length).toBeLessThanOrEqual(10)
    const body = (await apiClient(app.api).get('/events?per_page=60&start_date=2027-01-01&password=pw&again=1')).body
    expect(body.events).toHaveLength(60)
    expect(body.events.every((e: { venue: { image?: unknown }; organizer: unknown[]; image: unknown }) => e.venue.image && e.organizer.length && e.image)).toBe(true)
  })

  it('stays bounded with every filter and a password to check', async () => {
    const venues = made.venues.slice(0, 30).join(',')
    const organizers = made.organizers.join(',')
    const filtered = `/events?start_date=2027-01-01&categories=category-1,category-2&tags=tag-3,tag-4&venue=${venues}&organizer=${organizers}&search=Event&password=pw`
    const one = await readsFor(`${filtered}&per_page=1`)
    const oneStatements = statements
    const many = await readsFor(`${filtered}&per_page=60`)
    expect(statements.length).toBe(oneStatements.length)
    expect(statements.length).toBeLessThanOrEqual(measured(8))
    expect(many.length).toBe(one.length)
    expect(many.length).toBeLessThanOrEqual(15)
  })

  it('keeps single reads and venue, organizer and term lists bounded too', async () => {
    expect((await readsFor(`/events/${made.events[1]}`)).length).toBeLessThanOrEqual(8)
    expect(statements.length).toBeLessThanOrEqual(measured(8))
    const listBudget: Record<string, number> = { '/venues': 6, '/organizers': 6, '/categories': 2, '/tags': 2 }
    for (const list of ['/venues', '/organizers', '/categories', '/tags']) {
      const small = await readsFor(`${list}?per_page=1&hide_empty=0`)
      const smallStatements = statements
      const large = await readsFor(`${list}?per_page=50&hide_empty=0`)
      expect([list, large.length]).toEqual([list, small.length])
      expect([list, statements.length]).toEqual([list, smallStatements.length])
      expect([list, statements.length <= measured(listBudget[list]!)]).toEqual([list, true])
    }
  })
})

// Last: once a series is stored, every list takes the recurring path (findListedEvents).
describe('the query budget of a list page with recurring events', () => {
  it('does not grow with per_page or with the number of series, whose occurrences fill the page', async () => {
    for (let i = 0; i < 4; i++) {
      await app.payload.create({
        collection: 'events',
        data: {
          title: `Weekly ${i}`,
          startDate: `2027-07-0${i + 1}T09:00:00Z`,
          endDate: `2027-07-0${i + 1}T10:00:00Z`,
          recurrence: ['RRULE:FREQ=WEEKLY;COUNT=20'],
          venues: [made.venues[i]!],
        },
      })
    }
    const window = 'start_date=2027-01-01&end_date=2027-12-31'
    const one = await readsFor(`/events?per_page=1&page=3&${window}`)
    const oneStatements = statements
    const many = await readsFor(`/events?per_page=60&${window}`)
    const body = (await apiClient(app.api).get(`/events?per_page=60&${window}&again=1`)).body as { events: Array<{ id: number }>; total: number }
    // The page holds occurrences (provisional IDs) and single events alike: both paths were measured.
    expect(body.events.some((event) => event.id >= 10_000_000)).toBe(true)
    expect(body.events.some((event) => event.id < 10_000_000)).toBe(true)
    expect(body.total).toBe(60 + 4 * 20)
    expect(many.length).toBe(one.length)
    expect(statements.length).toBe(oneStatements.length)
    // Beside a list without series (10): the occurrences' page and total (two statements below the adapter),
    // the provisional IDs' base (the highest post ID), and the events the page shows read once, single
    // events and series together.
    expect(statements.length).toBeLessThanOrEqual(measured(13))
    // A filter on the series' venue: its occurrences' page takes the same statements.
    const venue = await readsFor(`/events?per_page=60&${window}&venue=${made.venues[0]}`)
    expect(venue.length).toBeLessThanOrEqual(many.length)
    expect(statements.length).toBeLessThanOrEqual(measured(13))
  })
})
