// `npm run bench`: seeds a realistic calendar, starts the API in production mode, load-tests it on
// loopback with autocannon and compares every route with a bare Express route (the machine's ceiling).
// Options: --events N (10000) --duration S (10) --connections C (10) --database sqlite|postgres
//          --postgres-url URL --out FILE
;(process.env as Record<string, string>).NODE_ENV = 'production'

import { randomBytes } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { rssMiB, startChild } from './startChild.js'

const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '10000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    database: { type: 'string', default: 'sqlite' },
    'postgres-url': { type: 'string', default: 'postgres://calendar:calendar@127.0.0.1:5432/postgres' },
    out: { type: 'string' },
  },
})
const EVENTS = Number(values.events)
const DURATION = Number(values.duration)
const CONNECTIONS = Number(values.connections)
const KIND = values.database as 'sqlite' | 'postgres'
if (!Number.isInteger(EVENTS) || EVENTS < 1) throw new Error('--events must be a positive integer')
if (KIND !== 'sqlite' && KIND !== 'postgres') throw new Error('--database must be sqlite or postgres')
const OUT = values.out ?? path.join('bench', `results-${KIND}.json`)
const log = (line: string) => process.stdout.write(`${line}\n`)

async function createDatabase(): Promise<string> {
  const name = `calendar_bench_${randomBytes(4).toString('hex')}`
  if (KIND === 'sqlite') {
    const dir = path.join(os.tmpdir(), name)
    mkdirSync(dir, { recursive: true })
    return `file:${path.join(dir, 'calendar.db')}`
  }
  const { default: pg } = await import('pg')
  const client = new pg.Client({ connectionString: values['postgres-url'] })
  await client.connect()
  await client.query(`CREATE DATABASE ${name}`)
  await client.end()
  const url = new URL(values['postgres-url']!)
  url.pathname = `/${name}`
  return url.toString()
}

interface RouteResult {
  route: string
  requestsPerSecond: number
  p50: number
  p99: number
  non2xx: number
  errors: number
  rssMiB: number
  ratioToCeiling?: number
}

async function load(label: string, url: string, pid: number, options: Partial<autocannon.Options> = {}): Promise<RouteResult> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, ...options })
  const row: RouteResult = {
    route: label,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    rssMiB: rssMiB(pid),
  }
  const flag = row.non2xx || row.errors ? `  ← ${row.non2xx} non-2xx, ${row.errors} errors: not a valid measurement` : ''
  log(`  ${label.padEnd(58)} ${String(row.requestsPerSecond).padStart(6)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  RSS ${row.rssMiB} MiB${flag}`)
  return row
}

const uri = await createDatabase()
log(`Benchmark on ${KIND} (${uri.replace(/\/\/[^@]*@/, '//')}), ${EVENTS} events, ${CONNECTIONS} connections, ${DURATION} s per route`)
log(`Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`)

// Seed through the Local API in this process, then hand the database to the API server.
const { getPayload } = await import('payload')
const { buildCalendarConfig } = await import('../src/payload.config.js')
const { seedDataset } = await import('./seedDataset.js')
const { createUser } = await import('../src/commands/createUser.js')
const { createAppPassword } = await import('../src/commands/createAppPassword.js')
const payload = await getPayload({ config: buildCalendarConfig(uri, KIND) })
const dataset = await seedDataset(payload, { events: EVENTS, venues: 200, organizers: 100, categories: 20, tags: 50 }, log)
await createUser(payload, { email: 'bench@example.org', username: 'bench', password: 'bench-password', role: 'editor' })
const { plain } = await createAppPassword(payload, { user: 'bench', name: 'bench' })
await payload.destroy()

const ceilingPort = 4100 + Math.floor(Math.random() * 500)
const apiPort = ceilingPort + 1
const ceiling = await startChild('bench/ceilingServer.ts', [String(ceilingPort)], process.env)
const api = await startChild('bench/apiServer.ts', [String(apiPort), uri, KIND], process.env)
const base = `http://127.0.0.1:${apiPort}/wp-json/calendar/events/v1`
const fmt = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ')
const now = new Date()
const monthLater = new Date(now.getTime() + 30 * 86_400_000)

const results: RouteResult[] = []
try {
  log('\nCeiling (bare Express, 5 KB JSON):')
  const top = await load('GET /ceiling', `http://127.0.0.1:${ceilingPort}/ceiling`, ceiling.pid!)
  log('\nCalendar API:')
  // Warm up once so JIT and SQLite page cache do not count against the first route.
  await autocannon({ url: `${base}/events?per_page=10`, connections: CONNECTIONS, duration: 2 })
  const routes: Array<[string, string, Partial<autocannon.Options>?]> = [
    ['GET /events?per_page=10', '/events?per_page=10'],
    [`GET /events?categories=${dataset.categorySlugs[0]}&per_page=50`, `/events?categories=${dataset.categorySlugs[0]}&per_page=50`],
    ['GET /events?start_date=…&end_date=… (30 days)', `/events?start_date=${encodeURIComponent(fmt(now))}&end_date=${encodeURIComponent(fmt(monthLater))}`],
    [`GET /events/${dataset.eventIds[0]}`, `/events/${dataset.eventIds[0]}`],
    [`GET /events/by-slug/${dataset.eventSlugs[0]}`, `/events/by-slug/${dataset.eventSlugs[0]}`],
    ['GET /venues', '/venues'],
    ['GET /categories', '/categories'],
    [
      'POST /events (application password)',
      '/events',
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Basic ${Buffer.from(`bench:${plain}`).toString('base64')}`,
        },
        body: JSON.stringify({ title: 'Bench create', start_date: fmt(monthLater), end_date: fmt(new Date(monthLater.getTime() + 3_600_000)) }),
      },
    ],
  ]
  for (const [label, route, options] of routes) {
    const row = await load(label, `${base}${route}`, api.pid!, options)
    row.ratioToCeiling = Math.round((row.requestsPerSecond / Math.max(top.requestsPerSecond, 1)) * 1000) / 1000
    results.push(row)
  }
  results.unshift(top)
  log('\nRatio to the ceiling (requests/s):')
  for (const row of results.slice(1)) {
    const valid = !row.non2xx && !row.errors
    log(`  ${row.route.padEnd(58)} ${valid ? `${(row.ratioToCeiling! * 100).toFixed(1)} %` : 'n/a (errors)'}`)
  }
  writeFileSync(
    OUT,
    JSON.stringify(
      {
        date: new Date().toISOString(),
        database: KIND,
        events: EVENTS,
        connections: CONNECTIONS,
        durationSeconds: DURATION,
        machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, memoryGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version },
        results,
      },
      null,
      2,
    ),
  )
  log(`\nWrote ${OUT}`)
} finally {
  ceiling.kill()
  api.kill()
}
process.exit(0)
