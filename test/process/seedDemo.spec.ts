// `npm run cli -- seed:demo` as a process on a fresh DATA_DIR, then the calendar it made read over HTTP
// from a server process on that database (the namespace and Payload's /api, no admin build).
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals'
import { DateTime } from 'luxon'
import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { type CliResult, runCli } from '../helpers/runCli.js'
import { tempDir } from '../helpers/serverProcess.js'

jest.setTimeout(900_000)

const EVENTS = 150
const data = tempDir('calendar-demo-')
const env = { DATA_DIR: data.dir, DATABASE_URI: `file:${path.join(data.dir, 'calendar.db')}`, LOG_LEVEL: 'warn' }
const NS = '/wp-json/calendar/events/v1'
let first: CliResult
/** When the first run started and ended: its "tomorrow" is one of theirs. */
let ran: DateTime[] = []
let server: ChildProcess | undefined
let origin = ''

/** The server process the backup suite uses: Payload on DATA_DIR behind the Express app, its origin as the first line. */
function startServer(): Promise<string> {
  const child = spawn(process.execPath, ['--conditions=production', '--import', 'tsx', 'test/process/backupServer.ts'], {
    cwd: process.cwd(),
    env: { ...process.env, NODE_OPTIONS: '', NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  server = child
  return new Promise((resolve, reject) => {
    let out = ''
    let err = ''
    child.stdout!.on('data', (d) => {
      out += d
      const line = out.split('\n').find((l) => l.startsWith('{"origin"'))
      if (line) resolve(JSON.parse(line).origin)
    })
    child.stderr!.on('data', (d) => (err += d))
    child.on('close', (code) => reject(new Error(`server exited ${code}\n${out}\n${err}`)))
  })
}

async function get(pathAndQuery: string, headers: Record<string, string> = {}): Promise<{ status: number; body: any; headers: Headers }> {
  const res = await fetch(`${origin}${pathAndQuery}`, { headers })
  return { status: res.status, headers: res.headers, body: await res.json() }
}

/** Every upcoming event the namespace lists to this caller, page by page. */
async function allListed(headers: Record<string, string> = {}): Promise<any[]> {
  const events: any[] = []
  for (let page = 1; ; page++) {
    const { status, body } = await get(`${NS}/events?per_page=50&page=${page}`, headers)
    expect(status).toBe(200)
    events.push(...body.events)
    if (page >= body.total_pages) return events
  }
}

beforeAll(async () => {
  ran = [DateTime.utc()]
  first = await runCli(['seed:demo', '--seed', '7', '--events', String(EVENTS)], undefined, env)
  ran.push(DateTime.utc())
  process.stdout.write(`seed:demo --events ${EVENTS}: ${first.ms} ms wall-clock (process start to exit)\n${first.stdout}\n`)
  if (first.code !== 0) throw new Error(`seed:demo exited ${first.code}\n${first.stdout}\n${first.stderr}`)
  origin = await startServer()
})
afterAll(() => {
  server?.kill('SIGTERM')
  data.remove()
})

describe('seed:demo', () => {
  it('prints a summary: event count, zones, the protected event with its password, the demo users with theirs', () => {
    expect(first.stdout).toMatch(new RegExp(`: ${EVENTS} events \\(5 draft, 1 pending, ${EVENTS - 6} publish\\) in \\d+ time zones`))
    expect(first.stdout).toMatch(/^Password-protected event \d+ ".+": password \S+$/m)
    for (const role of ['editor', 'author', 'contributor']) expect(first.stdout).toMatch(new RegExp(`^  ${role}\\s+demo-${role}\\s+${role}@demo\\.example\\.org\\s+password \\S{12,}$`, 'm'))
    expect(first.stderr).toMatch(new RegExp(`Events ${EVENTS}/${EVENTS}`))
  })

  it('the namespace lists at least 100 upcoming events over at least 4 zones, at venues with coordinates, some featured, all-day and multi-day', async () => {
    const events = await allListed()
    expect(events.length).toBeGreaterThanOrEqual(100)
    const now = Date.now()
    for (const e of events) expect(Date.parse(`${e.utc_end_date.replace(' ', 'T')}Z`)).toBeGreaterThan(now)
    const zones = new Set(events.map((e) => e.timezone))
    expect(zones.size).toBeGreaterThanOrEqual(4)
    for (const zone of ['Europe/Paris', 'America/New_York', 'Asia/Tokyo', 'Australia/Sydney']) expect(zones).toContain(zone)
    const withVenue = events.filter((e) => e.venue && !Array.isArray(e.venue) && e.venue.id)
    expect(withVenue.length).toBeGreaterThan(50)
    for (const e of withVenue) {
      expect(typeof e.venue.geo_lat).toBe('number')
      expect(typeof e.venue.geo_lng).toBe('number')
      expect(e.venue.address).toBeTruthy()
    }
    expect(events.some((e) => e.featured)).toBe(true)
    expect(events.some((e) => e.all_day && e.start_date.slice(0, 10) !== e.end_date.slice(0, 10))).toBe(true)
    expect(events.some((e) => e.all_day && e.start_date.slice(0, 10) === e.end_date.slice(0, 10))).toBe(true)
    expect(events.map((e) => e.cost)).toEqual(expect.arrayContaining(['Free']))
    expect(events.some((e) => e.organizer?.[0]?.email?.endsWith('example.org'))).toBe(true)
  })

  it('prices every event in its venue’s currency (online ones in US dollars), at venues in its zone’s cities', async () => {
    const CURRENCY: Record<string, [code: string, symbol: string, cities: string[]]> = {
      'Europe/Paris': ['EUR', '€', ['Paris']],
      'Europe/Berlin': ['EUR', '€', ['Berlin']],
      'Europe/London': ['GBP', '£', ['London']],
      'America/New_York': ['USD', '$', ['New York', 'Brooklyn']],
      'Asia/Tokyo': ['JPY', '¥', ['Tokyo']],
      'Australia/Sydney': ['AUD', 'A$', ['Sydney']],
      UTC: ['USD', '$', []],
    }
    const protectedId = Number(first.stdout.match(/^Password-protected event (\d+) /m)![1])
    // The protected event is listed with its cost blanked (reference section 10).
    const events = (await allListed()).filter((e) => e.id !== protectedId)
    expect(events.length).toBeGreaterThan(100)
    const escape = (text: string) => text.replace(/[$]/g, '\\$')
    let priced = 0
    for (const e of events) {
      const [code, symbol, cities] = CURRENCY[e.timezone]!
      expect({ id: e.id, code: e.cost_details.currency_code, symbol: e.cost_details.currency_symbol }).toEqual({ id: e.id, code, symbol })
      if (e.venue?.city) expect({ id: e.id, zone: e.timezone, city: cities.includes(e.venue.city) }).toEqual({ id: e.id, zone: e.timezone, city: true })
      else expect(e.timezone).toBe('UTC')
      if (!/\d/.test(e.cost)) {
        expect(['Free', 'Free with registration']).toContain(e.cost)
        continue
      }
      priced++
      // Amounts as TEC formats them: the symbol before each, an en dash between the lowest and highest.
      expect(e.cost).toMatch(new RegExp(`^${escape(symbol)}\\d+( – ${escape(symbol)}\\d+)?$`))
      expect(e.cost_details.values.length).toBeGreaterThan(0)
    }
    expect(priced).toBeGreaterThan(events.length / 2)
    expect(new Set(events.map((e) => e.cost_details.currency_code))).toEqual(new Set(['EUR', 'GBP', 'USD', 'JPY', 'AUD']))
  })

  it('prints the local dates its published events run between, the first one tomorrow in its zone', async () => {
    const [, from, to] = first.stdout.match(/^published ones from (\d{4}-\d{2}-\d{2}) to (\d{4}-\d{2}-\d{2}) \(local dates\)/m)!
    const events = await allListed()
    const days = events.map((e) => e.start_date.slice(0, 10) as string).sort()
    expect(days.length).toBeGreaterThan(100)
    expect([days[0], days.at(-1)]).toEqual([from, to])
    // The first day is tomorrow where that event runs (by the clock of the run, before or after it).
    const tomorrowThere = events.filter((e) => e.start_date.startsWith(from!) && ran.some((t) => t.setZone(e.timezone).plus({ days: 1 }).toISODate() === from))
    expect(tomorrowThere.length).toBeGreaterThan(0)
  })

  it('the CLI usage names as many time zones as the summary', async () => {
    const usage = await runCli([], undefined, env)
    const [, named] = (usage.stdout + usage.stderr).match(/seed:demo[^\n]*\n\s+A demo calendar \(\d+ upcoming events in (\d+) time zones/)!
    const [, made] = first.stdout.match(/ in (\d+) time zones \(/)!
    expect(Number(named)).toBe(Number(made))
  })

  it('categories include a child (Jazz under Music)', async () => {
    const { status, body } = await get(`${NS}/categories?per_page=50`)
    expect(status).toBe(200)
    const music = body.categories.find((c: any) => c.name === 'Music')
    const jazz = body.categories.find((c: any) => c.name === 'Jazz')
    expect(music).toBeDefined()
    expect(jazz?.parent).toBe(music.id)
    expect(jazz.count).toBeGreaterThan(0)
  })

  it('the protected event is refused without its password and readable with the printed one', async () => {
    const [, id, password] = first.stdout.match(/^Password-protected event (\d+) ".+": password (\S+)$/m)!
    const refused = await get(`${NS}/events/${id}`)
    expect(refused.status).toBe(403)
    expect(refused.body.code).toBe('event-password-protected')
    expect((await get(`${NS}/events/${id}?password=not-${password}`)).status).toBe(403)
    const read = await get(`${NS}/events/${id}?password=${encodeURIComponent(password!)}`)
    expect(read.status).toBe(200)
    expect(read.body.id).toBe(Number(id))
    expect(read.body.description).toContain(read.body.title)
  })

  it('drafts and the pending event are invisible anonymously and visible to the demo editor', async () => {
    const editor = first.stdout.match(/^ {2}editor\s+demo-editor\s+(\S+)\s+password (\S+)$/m)!
    const login = await fetch(`${origin}/api/users/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: editor[1], password: editor[2] }) })
    expect(login.status).toBe(200)
    const token = ((await login.json()) as { token: string }).token
    const hidden = await get(`/api/events?where[status][in]=draft,pending&limit=50&depth=0`, { authorization: `JWT ${token}` })
    expect(hidden.status).toBe(200)
    expect(hidden.body.docs.map((d: any) => d.status).sort()).toEqual(['draft', 'draft', 'draft', 'draft', 'draft', 'pending'])
    const anonymous = new Set((await allListed()).map((e) => e.id))
    expect(anonymous.size).toBeGreaterThan(0)
    for (const doc of hidden.body.docs) {
      expect(anonymous.has(doc.id)).toBe(false)
      expect((await get(`${NS}/events/${doc.id}`)).status).toBeGreaterThanOrEqual(401)
    }
  })

  it('running it again refuses without duplicating; --force adds another set', async () => {
    // Counted through /api as the demo editor: the namespace's anonymous cache may replay an answer
    // from before another process's write for up to CACHE_TTL_SECONDS.
    const editor = first.stdout.match(/^ {2}editor\s+demo-editor\s+(\S+)\s+password (\S+)$/m)!
    const login = await fetch(`${origin}/api/users/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: editor[1], password: editor[2] }) })
    const jwt = { authorization: `JWT ${((await login.json()) as { token: string }).token}` }
    const count = async (collection: string) => {
      const { status, body } = await get(`/api/${collection}?limit=1&depth=0`, jwt)
      expect(status).toBe(200)
      return body.totalDocs as number
    }
    const before = { events: await count('events'), venues: await count('venues'), categories: await count('event-categories'), users: await count('users') }
    expect(before.events).toBe(EVENTS)
    const again = await runCli(['seed:demo', '--seed', '7'], undefined, env)
    expect(again.code).toBe(1)
    expect(again.stderr.trim().split('\n')).toEqual([`Error: a demo calendar is already here (${EVENTS} events by the demo users); --force adds another set of events`])
    expect(await count('events')).toBe(before.events)
    const forced = await runCli(['seed:demo', '--seed', '8', '--events', '10', '--force'], undefined, env)
    expect(forced.code).toBe(0)
    expect(forced.stdout).toMatch(/existed; password unchanged/)
    expect(await count('events')).toBe(before.events + 10)
    expect(await count('venues')).toBe(before.venues)
    expect(await count('event-categories')).toBe(before.categories)
    expect(await count('users')).toBe(before.users)
  })

  it('usage mistakes answer before any database work', async () => {
    const bad = await runCli(['seed:demo', '--seed', 'x'], undefined, env)
    expect(bad.code).toBe(1)
    expect(bad.stderr.trim()).toBe('Error: --seed must be a whole number')
  })
})
