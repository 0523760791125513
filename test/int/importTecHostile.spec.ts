// import:tec against a hostile TEC-shaped site on 127.0.0.1, as the CLI meets it: record IDs that
// would push the ID sequences to their end (or merge two records), pages that declare or inflate to
// gigabytes, a site that never stops paginating, an answer that is not JSON, descriptions whose images
// cannot be fetched, and posts without an author.
import { spawn } from 'node:child_process'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { getPayload, type Payload } from 'payload'
import { KEPT_ID_CEILING } from '../../collections/hooks/reserveIds.js'
import { buildCalendarConfig } from '../../src/payload.config.js'
import { CLI_ARGS, runCli } from '../helpers/runCli.js'
import { operatorEnv, tempDir } from '../helpers/serverProcess.js'
import { createTestDatabase, type TestDatabase } from '../helpers/testDatabase.js'
import { startImageServer, type ImageServer } from '../helpers/imageServer.js'

const LONG = 300_000
const ROOT = '/wp-json/tribe/events/v1'

const event = (id: number | string, day: number, extra: Record<string, unknown> = {}) => ({
  id,
  status: 'publish',
  title: `Event ${id}`,
  slug: `event-${id}`,
  author: '1',
  date_utc: '2027-01-01 10:00:00',
  utc_start_date: `2027-03-${String(day).padStart(2, '0')} 18:00:00`,
  utc_end_date: `2027-03-${String(day).padStart(2, '0')} 20:00:00`,
  timezone: 'Europe/Paris',
  all_day: false,
  description: '',
  cost: '',
  image: false,
  venue: [],
  organizer: [],
  categories: [],
  tags: [],
  ...extra,
})

/** How the site answers GET …/events: set by each test. */
let answerEvents: (req: IncomingMessage, res: ServerResponse, page: number) => void = () => {}
/** Event pages asked for, and body bytes the site wrote for them. */
let eventPagesAsked: number[] = []
let bytesSent = 0

let site: Server
let origin = ''
let images: ImageServer
const dataDir = tempDir('calendar-import-hostile-')

const json = (res: ServerResponse, body: unknown, headers: Record<string, string | number> = {}) => {
  res.writeHead(200, { 'content-type': 'application/json', ...headers })
  res.end(typeof body === 'string' ? body : JSON.stringify(body))
}

beforeAll(async () => {
  images = await startImageServer()
  site = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    if (url.pathname === ROOT) return json(res, { namespace: 'tribe/events/v1', routes: {} })
    const kind = url.pathname.slice(ROOT.length + 1)
    if (['categories', 'tags', 'venues', 'organizers'].includes(kind)) return json(res, { [kind]: [], total: 0, total_pages: 0 })
    if (kind === 'events') {
      const page = Number(url.searchParams.get('page') ?? 1)
      eventPagesAsked.push(page)
      return answerEvents(req, res, page)
    }
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"code":"rest_no_route"}')
  })
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`
}, LONG)

afterAll(async () => {
  site.closeAllConnections()
  await new Promise((resolve) => site.close(resolve))
  await images?.close()
  dataDir.remove()
})

function importFrom(database: TestDatabase, extra: string[] = [], env: Record<string, string> = {}) {
  eventPagesAsked = []
  bytesSent = 0
  return runCli(['import:tec', '--from', `${origin}/wp-json`, ...extra], database.uri, { DATA_DIR: dataDir.dir, ...env })
}

async function openTarget(database: TestDatabase): Promise<Payload> {
  return getPayload({
    config: buildCalendarConfig(database.uri, database.kind, {}, { push: false, migrations: false }),
    key: `${database.uri}#${Date.now()}`,
  })
}

describe('import:tec against a hostile site', () => {
  it('keeps only IDs well below the largest, refuses IDs past 2^53 rather than merging them, and later posts still get small IDs', async () => {
    // 2^53 and 2^53 + 1 are one number once parsed: the body is written by hand.
    const list = [event(5, 1), event(2147483647, 2), event(KEPT_ID_CEILING + 1, 3), event(7, 4)].map((e) => JSON.stringify(e))
    list.push(JSON.stringify(event(0, 5)).replace('"id":0', '"id":9007199254740992'), JSON.stringify(event(0, 6)).replace('"id":0', '"id":9007199254740993'))
    answerEvents = (_req, res) => json(res, `{"events":[${list.join(',')}],"total":6,"total_pages":1}`)

    const database = await createTestDatabase()
    const run = await importFrom(database)
    expect(run.stdout).toMatch(/events: 4 created, 0 updated, 0 unchanged, 2 failed/)
    expect(run.code).toBe(1)
    expect(run.stderr.match(/warning: events 9007199254740992 not written: its ID is not a whole number/g)).toHaveLength(2)

    const payload = await openTarget(database)
    try {
      const found = await payload.find({ collection: 'events', depth: 0, limit: 10, sort: 'id', overrideAccess: true })
      const bySlug = Object.fromEntries(found.docs.map((doc) => [doc.slug, doc.id]))
      expect(Object.keys(bySlug).sort()).toEqual(['event-1073741824', 'event-2147483647', 'event-5', 'event-7'])
      expect(bySlug['event-5']).toBe(5)
      expect(bySlug['event-7']).toBe(7)
      // The others took the next free IDs: the sequence stayed where it was.
      for (const slug of ['event-2147483647', 'event-1073741824']) expect(bySlug[slug]).toBeLessThan(100)
      // A post made afterwards gets a small ID (on PostgreSQL a serial column refuses any past 2^31 − 1).
      const later = await payload.create({
        collection: 'venues',
        data: { title: 'Made after the import', status: 'publish' } as never,
        overrideAccess: true,
      })
      expect(later.id).toBeLessThan(100)
    } finally {
      await payload.destroy()
    }
  }, LONG)

  it('refuses a page that declares more bytes than IMPORT_MAX_PAGE_BYTES before reading it, and one that inflates past it', async () => {
    const database = await createTestDatabase()
    // Declares 10 GB and trickles JSON until the client goes away.
    answerEvents = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(10 * 1024 ** 3) })
      res.write('{"events":[')
      const timer = setInterval(() => {
        if (res.destroyed) return clearInterval(timer)
        const chunk = `${JSON.stringify(event(1, 1))},`.repeat(100)
        bytesSent += chunk.length
        res.write(chunk)
      }, 5)
      res.on('close', () => clearInterval(timer))
    }
    const declared = await importFrom(database)
    expect(declared.code).not.toBe(0)
    expect(declared.stderr).toMatch(/^Error: GET \S+\/events\?\S+ declares 10737418240 bytes, more than the 33554432 bytes a page may have \(IMPORT_MAX_PAGE_BYTES\)$/m)
    expect(bytesSent).toBeLessThan(33554432)

    // 20 MiB of JSON that gzip makes a few kilobytes; fetch inflates it, the cap counts what it inflates to.
    const inflated = 20 * 1024 * 1024
    const bomb = gzipSync(`{"events":[],"filler":"${' '.repeat(inflated)}"}`)
    expect(bomb.length).toBeLessThan(1024 * 1024)
    answerEvents = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': bomb.length })
      res.end(bomb)
    }
    const gzip = await importFrom(database, [], { IMPORT_MAX_PAGE_BYTES: String(1024 * 1024) })
    expect(gzip.code).not.toBe(0)
    expect(gzip.stderr).toMatch(/^Error: GET \S+\/events\?\S+ sends \d+ bytes or more, more than the 1048576 bytes a page may have \(IMPORT_MAX_PAGE_BYTES\)$/m)

    const payload = await openTarget(database)
    try {
      expect((await payload.count({ collection: 'events', overrideAccess: true })).totalDocs).toBe(0)
    } finally {
      await payload.destroy()
    }
  }, LONG)

  it('stops a site that keeps announcing pages past what it declared, and refuses one that declares an impossible count', async () => {
    const database = await createTestDatabase()
    // Declares 2 pages of 5, then every page announces one more, with five new events each.
    answerEvents = (_req, res, page) => {
      const items = Array.from({ length: 5 }, (_, i) => event(page * 10 + i, (i % 28) + 1))
      json(res, { events: items, total: page === 1 ? 10 : (page + 1) * 5, total_pages: page + 1 }, { 'X-TEC-Total': page === 1 ? 10 : (page + 1) * 5, 'X-TEC-TotalPages': page + 1 })
    }
    const endless = await importFrom(database, ['--per-page', '5'])
    expect(endless.code).not.toBe(0)
    expect(endless.stderr).toMatch(/Error: the site keeps returning pages of events past the 4 its first page declared \(page 4 announces 5\): stopped/)
    // Pages 1 to 3 were written whole (each in its transaction); fetching ran at most two pages ahead.
    expect(Math.max(...eventPagesAsked)).toBeLessThanOrEqual(6)
    expect(eventPagesAsked.length).toBeGreaterThanOrEqual(4)

    // The finding's site: total_pages 1e11. Refused on its first page, before any of its events is written.
    answerEvents = (_req, res, page) => json(res, { events: [event(900 + page, 1)], total: 5e11, total_pages: 1e11 })
    const huge = await runCli(['import:tec', '--from', `${origin}/wp-json`], database.uri, { DATA_DIR: tempDir('calendar-import-hostile-b-').dir })
    expect(huge.code).not.toBe(0)
    expect(huge.stderr).toMatch(/Error: the site declares 100000000000 pages of events \(500000000000 records\), more than the 10000 pages of 50 an import reads/)

    const payload = await openTarget(database)
    try {
      const found = await payload.find({ collection: 'events', depth: 0, limit: 100, pagination: false, overrideAccess: true })
      expect(found.docs.map((doc) => doc.slug).sort()).toEqual(
        [10, 11, 12, 13, 14, 20, 21, 22, 23, 24, 30, 31, 32, 33, 34].map((id) => `event-${id}`).sort(),
      )
    } finally {
      await payload.destroy()
    }
  }, LONG)

  it('says when an answer is not JSON', async () => {
    const database = await createTestDatabase()
    answerEvents = (_req, res) => json(res, '{"events": [{"id": 1, "title": ')
    const run = await importFrom(database)
    expect(run.code).not.toBe(0)
    expect(run.stderr).toMatch(/^Error: GET \S+\/events\?\S+ answered 200 with a body that is not JSON \(Unexpected end of JSON input\)$/m)
  }, LONG)

  it('an image that cannot be fetched is one warning line naming --allow-private-hosts, no stack; a post without author makes no user', async () => {
    const database = await createTestDatabase()
    answerEvents = (_req, res) =>
      json(res, {
        events: [
          event(11, 1, { author: '', description: '<p>One <img src=x> two</p>' }),
          event(12, 2, { author: 0, description: `<p>Three <img src="${images.origin}/image.png"> four</p>`, image: { id: 77, url: `${images.origin}/image.png` } }),
        ],
        total: 2,
        total_pages: 1,
      })
    const run = await importFrom(database)
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/events: 2 created/)
    expect(run.stdout).toMatch(/users created: 0/)
    expect(run.stderr).toMatch(/^warning: event 11: description image "x" not stored \(not an http\(s\) address\); the description is kept without it$/m)
    expect(run.stderr).toMatch(/^warning: event 12: description image "http:\/\/127\.0\.0\.1:\d+\/image\.png" not stored \(127\.0\.0\.1 is a private address \(--allow-private-hosts allows it\)\); the description is kept without it$/m)
    expect(run.stderr).toMatch(/^warning: image not stored: http:\/\/127\.0\.0\.1:\d+\/image\.png: 127\.0\.0\.1 is a private address \(--allow-private-hosts allows it\)$/m)
    // One line each: no stack trace, no log record of the server's.
    expect(run.stderr).not.toMatch(/^\s+at /m)
    expect(`${run.stdout}${run.stderr}`).not.toMatch(/image download refused|"level":[4-9]0/)
    expect(run.stderr.trim().split('\n').filter((line) => line.startsWith('warning:'))).toHaveLength(3)

    const payload = await openTarget(database)
    try {
      const found = await payload.find({ collection: 'events', depth: 0, sort: 'id', overrideAccess: true })
      expect(found.docs.map((doc) => [doc.slug, doc.author ?? null])).toEqual([
        ['event-11', null],
        ['event-12', null],
      ])
      expect((await payload.count({ collection: 'users', overrideAccess: true })).totalDocs).toBe(0)
      expect(JSON.stringify(found.docs[0]!.description)).toMatch(/two/)
    } finally {
      await payload.destroy()
    }
  }, LONG)

  it('on a terminal, a warning during the run is written above the progress bars, not into them', async () => {
    const database = await createTestDatabase()
    // Four pages of two events, each with a description image that cannot be stored: warnings while the bars show.
    answerEvents = (_req, res, page) =>
      json(res, { events: [event(page * 10, page, { description: '<p><img src=x></p>' }), event(page * 10 + 1, page)], total: 8, total_pages: 4 })
    const command = [process.execPath, ...CLI_ARGS, 'import:tec', '--from', `${origin}/wp-json`, '--per-page', '2'].map((part) => `'${part}'`).join(' ')
    // script(1) runs the CLI on a pseudo-terminal, as an operator's shell does.
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn('script', ['-qefc', command, '/dev/null'], {
        env: { ...operatorEnv({ DATABASE_URI: database.uri, DATA_DIR: dataDir.dir }), COLUMNS: '120', LINES: '40' },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      let out = ''
      child.stdout.on('data', (chunk) => (out += chunk))
      child.on('error', reject)
      child.on('close', () => resolve(out))
    })
    // The escape character spelled out, for readable patterns.
    const text = output.split('\u001b').join('<ESC>')
    expect(text.replace(/<ESC>\[[0-9;?]*[A-Za-z]/g, '')).toMatch(/events +\|[█░]+\| 8\/8/)
    // Each warning starts a line of its own: after a line break, or after the cursor was moved up to
    // a cleared line above the bars (ESC[2K) — never straight after a bar's text.
    const warnings = text.match(/(<ESC>\[[0-9;?]*[A-Za-z]|.|[\r\n])warning: event \d+: description image "x" not stored/g) ?? []
    expect(warnings).toHaveLength(4)
    for (const warning of warnings) expect(warning).toMatch(/^(<ESC>\[2K|[\r\n])warning:/)
  }, LONG)
})
