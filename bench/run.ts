// `npm run bench`: seeds a realistic calendar, prints the query plan of every filtered list's SQL
// (bench/queryPlans.ts), starts the API in production mode three times (response cache on; off for
// cold reads, with the document cache on as in production; every cache off), load-tests it on loopback with autocannon, compares every route with a bare Express route
// (the machine's ceiling), measures filtered lists and editor writes, soaks a fresh server with mixed
// reads and writes to watch memory (bench/soak.ts), then seeds weekly series and measures recurring events
// on fresh servers (bench/recurringEvents.ts); before the servers start, it times `npm start` and the
// CLI on the seeded database when the admin is built (bench/startupTimes.ts); and ends with every
// budget of decisions section 7, of recurring events and of issue 31 (the floor with every cache off, tails,
// a write's CPU time), met or MISSED (bench/budgets.ts).
// Options: --events N (10000) --duration S (10) --connections C (10) --soak S (60, 0 skips)
//          --database sqlite|postgres --postgres-url URL --out FILE
//          --workers N (also measure 1 and N workers behind one port: bench/workerScaling.ts)
//          --instances N (0: none; see bench/instances.ts)
//          --profile DIR (a V8 CPU profile of the cold API server, for chrome://inspect or speedscope)
//          --occurrences N (100000: weekly series are seeded until that many occurrences are stored; 0 skips)
//          --startup-runs N (3: restarts and CLI runs timed, medians judged; 0 skips)
;(process.env as Record<string, string>).NODE_ENV = 'production'

import { writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { loadEnv } from '../src/env.js'
import type { BenchResults, FilteredRow, Measurement, Row } from './benchResults.js'
import { type Budget, percent, printBudgets } from './budgets.js'
import { cpuMs, peakRssMiB, rssMiB, startChild } from './startChild.js'
import { createBenchDatabase, dropBenchDatabase } from './createBenchDatabase.js'
import { eventWriteLoad, type WriteTarget } from './eventWrites.js'
import { dateWindow, filteredRoutes, type Route, wallClock as fmt } from './filteredRoutes.js'
import { measureWorkerScaling, type ScalingRow } from './workerScaling.js'
import { instancesBudget, type InstancesResult, measureInstances } from './instances.js'
import { measureRecurring, type RecurringResult, recurringBudgets } from './recurringEvents.js'
import { captureQueryPlans, type RoutePlans, showQueryPlans } from './queryPlans.js'
import { BASELINE_MAX_SECONDS, soak as runSoak, soakBudgets, soakPaths, type SoakResult } from './soak.js'
import { measureStartup, startupBudgets } from './startupTimes.js'

const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '10000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    soak: { type: 'string', default: '60' },
    database: { type: 'string', default: 'sqlite' },
    'postgres-url': { type: 'string', default: 'postgres://calendar:calendar@127.0.0.1:5432/postgres' },
    out: { type: 'string' },
    workers: { type: 'string' },
    instances: { type: 'string', default: '0' },
    profile: { type: 'string' },
    occurrences: { type: 'string', default: '100000' },
    'startup-runs': { type: 'string', default: '3' },
  },
})
const EVENTS = Number(values.events)
const DURATION = Number(values.duration)
const CONNECTIONS = Number(values.connections)
const SOAK = Number(values.soak)
const KIND = values.database as 'sqlite' | 'postgres'
if (!Number.isInteger(EVENTS) || EVENTS < 1) throw new Error('--events must be a positive integer')
if (!(DURATION > 0) || !(CONNECTIONS > 0) || !(SOAK >= 0)) throw new Error('--duration and --connections must be positive, --soak at least 0')
if (KIND !== 'sqlite' && KIND !== 'postgres') throw new Error('--database must be sqlite or postgres')
const WORKERS = values.workers === undefined ? 0 : Number(values.workers)
if (values.workers !== undefined && !(Number.isInteger(WORKERS) && WORKERS >= 1)) throw new Error('--workers must be a positive integer')
const INSTANCES = Number(values.instances)
if (!Number.isInteger(INSTANCES) || INSTANCES < 0 || INSTANCES === 1) throw new Error('--instances must be 0 or at least 2')
const OCCURRENCES = Number(values.occurrences)
if (!Number.isInteger(OCCURRENCES) || OCCURRENCES < 0) throw new Error('--occurrences must be 0 or a positive integer')
const STARTUP_RUNS = Number(values['startup-runs'])
if (!Number.isInteger(STARTUP_RUNS) || STARTUP_RUNS < 0) throw new Error('--startup-runs must be 0 or a positive integer')
const OUT = values.out ?? path.join('bench', `results-${KIND}-${EVENTS}.json`)
const log = (line: string) => process.stdout.write(`${line}\n`)

// The reference's measured throughput for GET /events?per_page=10 (decisions section 7), for scale.
const REFERENCE_RPS = 18.6
// The budgets of decisions section 7 (shares of the ceiling measured in the same run).
const COLD_LIST_SHARE = 0.06
const COLD_SINGLE_SHARE = 0.1
const FILTERED_P50_MS = 20
const FILTERED_P99_MS = 100
const FILTERED_AT_EVENTS = 100_000
// A search with every cache off, served by the trigram indexes (FTS5 on SQLite, pg_trgm on PostgreSQL).
const SEARCH_P50_MS = 20
const WRITE_P50_MS = 50
// What Chromium and Firefox send with every request.
const BROWSER_ENCODINGS = 'gzip, deflate, br'
// Issue 31 raised the 5 × 8 requests/s of decisions section 7 (8 was served before find-or-create and
// the write queue were reworked) to 60 writes/s on a 2-core machine.
const WRITE_RPS = 60
// Issue 31, point 3: a write's CPU time halved. CPU time depends on the machine's speed, so it is judged
// as the number of ceiling requests the same CPU time serves in the same run: 29 ms per write at a
// ceiling of about 4,700 requests/s in the runs of 2026-11-25 (docs/performance.md), 136 of them.
const WRITE_CPU_BASELINE_CEILING_REQUESTS = 136
// Issue 31, point 1 (the floor: every cache off) and point 7 (tails: the document cache on).
const FLOOR_LIST_SHARE = 0.05
const FLOOR_SINGLE_SHARE = 0.1
const TAIL_P99_MS = 100
// The benchmark's own process while it seeds (issue 31, point 6), stated for 100,000 events.
const SEED_PEAK_MIB = 2048
// What the servers will use: the bounds of the response and document caches the soak's memory budget allows for.
const settings = loadEnv(process.env)
const CACHE_MAX_MB = settings.CACHE_MAX_MB + settings.DOCUMENT_CACHE_MB
const SIZE = `${KIND} ${EVENTS.toLocaleString('en')} events`

/** Waits until the server has worked off what an earlier route left queued: one request, answered. */
async function settle(url: string): Promise<void> {
  await fetch(url, { signal: AbortSignal.timeout(120_000) }).then((res) => res.arrayBuffer()).catch(() => undefined)
}

async function load(url: string, pid: number, options: Partial<autocannon.Options> = {}): Promise<Measurement> {
  if (!options.method || options.method === 'GET') await settle(url)
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, ...options })
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    rssMiB: rssMiB(pid),
  }
}

const show = (m: Measurement) =>
  `${String(m.requestsPerSecond).padStart(6)} req/s  p50 ${String(m.p50).padStart(3)} ms  p99 ${String(m.p99).padStart(4)} ms  RSS ${m.rssMiB} MiB` +
  (m.non2xx || m.errors ? `  ← ${m.non2xx} non-2xx, ${m.errors} errors: not a valid measurement` : '')

const uri = await createBenchDatabase(KIND, values['postgres-url']!)
log(`Benchmark on ${KIND} (${uri.replace(/\/\/[^@]*@/, '//')}), ${EVENTS} events, ${CONNECTIONS} connections, ${DURATION} s per route`)
const machine = { cpus: os.cpus().length, model: os.cpus()[0]?.model ?? 'cpu', memoryGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version }
log(`Machine: ${machine.cpus} × ${machine.model}, ${machine.memoryGiB} GiB, Node ${machine.node}`)

// Seed in this process (schema from the committed migrations, as in production), then hand the database to the servers.
const { getPayload } = await import('payload')
const { buildCalendarConfig } = await import('../src/payload.config.js')
const { seedDataset } = await import('./seedDataset.js')
const { createUser } = await import('../src/commands/createUser.js')
const { createAppPassword } = await import('../src/commands/createAppPassword.js')
const payload = await getPayload({ config: buildCalendarConfig(uri, KIND) })
const dataset = await seedDataset(payload, { events: EVENTS, venues: 200, organizers: 100, categories: 20, tags: 50 }, log)
// Nothing else has run in this process yet: its peak so far is the seeding's (the app's boot included).
const seedPeakMiB = peakRssMiB(process.pid)
log(`Seeding's peak RSS: ${seedPeakMiB} MiB (budget ${SEED_PEAK_MIB} MiB)`)
await createUser(payload, { email: 'bench@example.org', username: 'bench', password: 'bench-password', role: 'editor' })
const { plain } = await createAppPassword(payload, { user: 'bench', name: 'bench' })
const now = new Date()
const monthLater = new Date(now.getTime() + 30 * 86_400_000)
const FILTERED: Route[] = filteredRoutes(dataset, now)
// PostgreSQL's autovacuum vacuums and analyzes freshly inserted tables within a minute or so: plan with
// those statistics and the visibility map index-only scans need, as the servers soon will.
if (KIND === 'postgres') await (payload.db as unknown as { pool: { query: (sql: string) => Promise<unknown> } }).pool.query('VACUUM ANALYZE')
log(`\nQuery plans of the filtered lists (${KIND === 'sqlite' ? 'EXPLAIN QUERY PLAN' : 'EXPLAIN'} of each statement one request runs):`)
const queryPlans: RoutePlans[] = await captureQueryPlans(payload, FILTERED)
showQueryPlans(queryPlans, log)
await payload.destroy()

const port = 4100 + Math.floor(Math.random() * 500)
// Start-up first, while no other server of the benchmark runs.
const startup = STARTUP_RUNS ? await measureStartup({ uri, port: port + 95, runs: STARTUP_RUNS, log }) : undefined
const ceiling = await startChild('bench/ceilingServer.ts', [String(port)], process.env)
const warm = await startChild('bench/apiServer.ts', [String(port + 1), uri, KIND], process.env)
const cold = await startChild('bench/apiServer.ts', [String(port + 2), uri, KIND], { ...process.env, CACHE_TTL_SECONDS: '0' }, values.profile ? ['--cpu-prof', `--cpu-prof-dir=${values.profile}`] : [])
// Every cache off (the document cache too): what an answer costs when nothing it reads is kept yet.
const BARE_PORT = port + 50
const bare = await startChild('bench/apiServer.ts', [String(BARE_PORT), uri, KIND], { ...process.env, CACHE_TTL_SECONDS: '0', DOCUMENT_CACHE_MB: '0' })
const base = (p: number) => `http://127.0.0.1:${p}/wp-json/calendar/events/v1`
const authorization = `Basic ${Buffer.from(`bench:${plain}`).toString('base64')}`

const READS: Route[] = [
  ['GET /events?per_page=10', '/events?per_page=10'],
  [`GET /events?categories=<slug>&per_page=50`, `/events?categories=${dataset.categorySlugs[0]}&per_page=50`],
  ['GET /events?start_date=…&end_date=… (30 days)', `/events?${dateWindow(now)}`],
  ['GET /events/<id>', `/events/${dataset.eventIds[0]}`],
  ['GET /events/by-slug/<slug>', `/events/by-slug/${dataset.eventSlugs[0]}`],
  ['GET /venues', '/venues'],
  ['GET /categories', '/categories'],
]

const rows: Row[] = []
const budgets: Budget[] = []
let top: Measurement
try {
  log('\nCeiling (bare Express, 5 KB JSON):')
  top = await load(`http://127.0.0.1:${port}/ceiling`, ceiling.pid!)
  log(`  ${'GET /ceiling'.padEnd(50)} ${show(top)}`)
  // Warm up both servers once so JIT and page caches do not count against the first route.
  await autocannon({ url: `${base(port + 1)}/events?per_page=10`, connections: CONNECTIONS, duration: 2 })
  await autocannon({ url: `${base(port + 2)}/events?per_page=10`, connections: CONNECTIONS, duration: 2 })
  await autocannon({ url: `${base(BARE_PORT)}/events?per_page=10`, connections: CONNECTIONS, duration: 2 })

  // Asked as browsers, and the HTTP clients front ends render with, ask: for a compressed answer. The
  // same reads without Accept-Encoding are measured too; their large bodies cost bytes, not work.
  log(`\nRepeated public reads (response cache on), Accept-Encoding: ${BROWSER_ENCODINGS}:`)
  for (const [label, route] of READS) {
    const m = await load(`${base(port + 1)}${route}`, warm.pid!, { headers: { 'accept-encoding': BROWSER_ENCODINGS } })
    rows.push({ route: label, warm: m, warmRatioToCeiling: Math.round((m.requestsPerSecond / Math.max(top.requestsPerSecond, 1)) * 1000) / 1000 })
    log(`  ${label.padEnd(50)} ${show(m)}`)
  }
  log('\nRepeated public reads (response cache on), no Accept-Encoding:')
  for (const [label, route] of READS) {
    const m = await load(`${base(port + 1)}${route}`, warm.pid!)
    rows.find((r) => r.route === label)!.warmIdentity = m
    log(`  ${label.padEnd(50)} ${show(m)}`)
  }
  log('\nCold reads (response cache off; the document cache on, as in production):')
  for (const [label, route] of READS) {
    const m = await load(`${base(port + 2)}${route}`, cold.pid!)
    rows.find((r) => r.route === label)!.cold = m
    log(`  ${label.padEnd(50)} ${show(m)}`)
  }
  log('\nCold reads with every cache off (response and document caches):')
  for (const [label, route] of READS.filter(([label]) => label === 'GET /events?per_page=10' || label.startsWith('GET /events/'))) {
    const m = await load(`${base(BARE_PORT)}${route}`, bare.pid!)
    rows.find((r) => r.route === label)!.bare = m
    log(`  ${label.padEnd(50)} ${show(m)}`)
  }
  // Latency of one caller alone (no queueing behind others): what a single page view waits for.
  log('\nCold reads, one connection (latency):')
  const [listLabel, listRoute] = READS[0]!
  const listAlone = await load(`${base(port + 2)}${listRoute}`, cold.pid!, { connections: 1 })
  rows[0]!.coldAlone = listAlone
  log(`  ${listLabel.padEnd(50)} ${show(listAlone)}`)
  log(`\nFiltered lists, cold, one connection (budget: median < ${FILTERED_P50_MS} ms, p99 < ${FILTERED_P99_MS} ms, stated for ${FILTERED_AT_EVENTS.toLocaleString('en')} events; here ${EVENTS.toLocaleString('en')}):`)
  const filtered: FilteredRow[] = []
  for (const [label, route] of FILTERED) {
    const m = await load(`${base(port + 2)}${route}`, cold.pid!, { connections: 1 })
    const b = await load(`${base(BARE_PORT)}${route}`, bare.pid!, { connections: 1 })
    filtered.push({ route: label, path: route, coldAlone: m, bareAlone: b })
    log(`  ${label.padEnd(50)} ${show(m)}`)
    log(`  ${'  every cache off'.padEnd(50)} ${show(b)}`)
  }

  // An editor's create with everything linked, at one connection (latency) and at CONNECTIONS (throughput).
  log('\nWrites: POST /events with an inline venue, an organizer, categories and tags (application password):')
  const writeTarget: WriteTarget = { url: `${base(port + 1)}/events`, authorization, start: monthLater }
  const writes: Record<'one' | 'many', Measurement> = {} as Record<'one' | 'many', Measurement>
  // The server's CPU time per acknowledged write (/proc), per run.
  const writeCpuMs: Record<'one' | 'many', number> = { one: 0, many: 0 }
  // Warmed up as the reads were: the write path's first seconds are JIT compilation and the links'
  // first find-or-create.
  let created = (await autocannon({ url: writeTarget.url, connections: CONNECTIONS, duration: 2, ...eventWriteLoad(writeTarget) }))['2xx']
  for (const [key, connections] of [['one', 1], ['many', CONNECTIONS]] as const) {
    const cpuBefore = cpuMs(warm.pid!)
    const result = await autocannon({ url: writeTarget.url, connections, duration: DURATION, ...eventWriteLoad(writeTarget) })
    writeCpuMs[key] = Math.round((cpuMs(warm.pid!) - cpuBefore) / Math.max(result['2xx'], 1))
    created += result['2xx']
    writes[key] = { requestsPerSecond: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors, rssMiB: rssMiB(warm.pid!) }
    log(`  ${`POST /events, ${connections} connection${connections === 1 ? '' : 's'}`.padEnd(50)} ${show(writes[key])}  CPU ${writeCpuMs[key]} ms a write`)
  }
  // Every acknowledged write is a new event: the namespace lists as many as were answered 2xx.
  const listed = Number((await fetch(`${base(port + 1)}/events?search=${encodeURIComponent('Bench write')}&per_page=1`)).headers.get('x-tec-total'))
  log(`  events listed afterwards: ${listed} (answered 2xx: ${created})`)
  rows.push({ route: 'POST /events (inline venue, organizer, terms), 1 connection', warm: writes.one })
  rows.push({ route: `POST /events (inline venue, organizer, terms), ${CONNECTIONS} connections`, warm: writes.many })

  let soak: SoakResult | undefined
  if (SOAK > 0) {
    const soakPort = port + 3
    const mix = {
      seconds: SOAK, connections: CONNECTIONS, log,
      path: soakPaths(FILTERED, Number((await fetch(`${base(port + 1)}/events?per_page=10`)).headers.get('x-tec-totalpages')) || 1, dataset.eventIds.slice(0, 2000), dataset.eventSlugs.slice(0, 2000)),
      write: { url: `${base(soakPort)}/events`, authorization, start: monthLater },
    }
    /** The mix on a fresh server started with `env`, stopped afterwards. */
    const soakServer = async (env: NodeJS.ProcessEnv, seconds: number) => {
      const server = await startChild('bench/apiServer.ts', [String(soakPort), uri, KIND], env)
      try {
        return await runSoak({ ...mix, server, base: base(soakPort), seconds })
      } finally {
        await new Promise((resolve) => (server.exitCode !== null ? resolve(null) : (server.once('exit', resolve), server.kill())))
      }
    }
    const baselineSeconds = Math.min(SOAK, BASELINE_MAX_SECONDS)
    log(`\nSoak baseline: the same mix for ${baselineSeconds} s on a fresh server with every cache off (its peak RSS is the fixed overhead):`)
    const baseline = await soakServer({ ...process.env, CACHE_TTL_SECONDS: '0', DOCUMENT_CACHE_MB: '0' }, baselineSeconds)
    log(`\nSoak: ${SOAK} s on a fresh server with the response cache on (CACHE_MAX_MB + DOCUMENT_CACHE_MB: ${CACHE_MAX_MB}): cold reads at ${CONNECTIONS} connections, writes beside them, RSS every second:`)
    const run = await soakServer(process.env, SOAK)
    const boundMiB = Math.max(0, ...baseline.rssMiB) + CACHE_MAX_MB
    soak = { ...run, baseline, cacheMaxMb: CACHE_MAX_MB, boundMiB }
    log(`  bound: the baseline's peak ${boundMiB - CACHE_MAX_MB} + ${CACHE_MAX_MB} = ${boundMiB} MiB`)
  }

  let workerScaling: ScalingRow[] | undefined
  if (WORKERS) workerScaling = await measureWorkerScaling({ uri, kind: KIND, workers: WORKERS, port: port + 3, connections: CONNECTIONS, duration: DURATION, log })
  let instances: InstancesResult | undefined
  if (INSTANCES) {
    instances = await measureInstances({
      count: INSTANCES, uri, kind: KIND, firstPort: port + 3, duration: DURATION, connections: CONNECTIONS, log,
      authorization, startDate: fmt(monthLater), endDate: fmt(new Date(monthLater.getTime() + 3_600_000)),
    })
  }

  let recurring: RecurringResult | undefined
  if (OCCURRENCES) {
    recurring = await measureRecurring({
      uri, kind: KIND, firstPort: port + 60, occurrences: OCCURRENCES, routes: FILTERED, authorization, start: monthLater, log, show,
      links: { venueIds: dataset.venueIds, organizerIds: dataset.organizerIds, categoryIds: dataset.categoryIds, tagIds: dataset.tagIds },
      load: async (url, pid, connections) => load(url, pid, { connections }),
    })
  }

  log('\nRatio of repeated public reads to the ceiling (requests/s):')
  for (const row of rows.filter((r) => r.warmRatioToCeiling !== undefined)) log(`  ${row.route.padEnd(50)} ${(row.warmRatioToCeiling! * 100).toFixed(1)} %`)

  // The summary: every budget, in the order of decisions section 7.
  const valid = (m: Measurement) => (m.non2xx || m.errors ? ` (${m.non2xx} non-2xx, ${m.errors} errors: not valid)` : '')
  const fine = (m: Measurement) => !m.non2xx && !m.errors
  const at = (how: string) => `${SIZE}, ${how}`
  for (const row of rows.filter((r) => r.warmRatioToCeiling !== undefined)) {
    const identity = row.warmIdentity!
    budgets.push({
      budget: `repeated ${row.route} ≥ 80 % of the ceiling`,
      value: `${percent(row.warm!.requestsPerSecond, top.requestsPerSecond)}${valid(row.warm!)}; without Accept-Encoding: ${percent(identity.requestsPerSecond, top.requestsPerSecond)}${valid(identity)}`,
      ok: fine(row.warm!) && row.warmRatioToCeiling! >= 0.8,
      run: at(`cache on, ${CONNECTIONS} connections, Accept-Encoding: ${BROWSER_ENCODINGS}`),
    })
  }
  const list = rows[0]!.cold!
  // The same route with every cache off, beside the budget's figure (judged with the production setting).
  const bareNote = (m?: Measurement) => (m ? `; every cache off: ${percent(m.requestsPerSecond, top.requestsPerSecond)} (${m.requestsPerSecond} req/s), p99 ${m.p99} ms${valid(m)}` : '')
  budgets.push({
    budget: `cold GET /events?per_page=10 ≥ ${COLD_LIST_SHARE * 100} % of the ceiling and p99 < 100 ms`,
    value: `${percent(list.requestsPerSecond, top.requestsPerSecond)} (${list.requestsPerSecond} of ${top.requestsPerSecond} req/s, ${(list.requestsPerSecond / REFERENCE_RPS).toFixed(1)} × the reference), p99 ${list.p99} ms${valid(list)}${bareNote(rows[0]!.bare)}`,
    ok: fine(list) && list.requestsPerSecond >= COLD_LIST_SHARE * top.requestsPerSecond && list.p99 < 100,
    run: at(`response cache off, ${CONNECTIONS} connections`),
  })
  for (const row of rows.filter((r) => r.route.startsWith('GET /events/'))) {
    const m = row.cold!
    budgets.push({ budget: `cold ${row.route} ≥ ${COLD_SINGLE_SHARE * 100} % of the ceiling`, value: `${percent(m.requestsPerSecond, top.requestsPerSecond)} (${m.requestsPerSecond} req/s)${valid(m)}${bareNote(row.bare)}`, ok: fine(m) && m.requestsPerSecond >= COLD_SINGLE_SHARE * top.requestsPerSecond, run: at(`response cache off, ${CONNECTIONS} connections`) })
  }
  // Issue 31, point 1: the floor, every cache off (what the first reader after a start or a write pays).
  const floor: Array<[string, number]> = [['GET /events?per_page=10', FLOOR_LIST_SHARE], ['GET /events/<id>', FLOOR_SINGLE_SHARE], ['GET /events/by-slug/<slug>', FLOOR_SINGLE_SHARE]]
  for (const [route, share] of floor) {
    const m = rows.find((r) => r.route === route)?.bare
    if (!m) continue
    const p99 = route === 'GET /events?per_page=10'
    budgets.push({
      budget: `every cache off: ${route} ≥ ${share * 100} % of the ceiling${p99 ? ` and p99 < ${TAIL_P99_MS} ms` : ''}`,
      value: `${percent(m.requestsPerSecond, top.requestsPerSecond)} (${m.requestsPerSecond} req/s), p99 ${m.p99} ms${valid(m)}`,
      ok: fine(m) && m.requestsPerSecond >= share * top.requestsPerSecond && (!p99 || m.p99 < TAIL_P99_MS),
      run: at(`every cache off, ${CONNECTIONS} connections`),
    })
  }
  // Issue 31, point 7: tails with the document cache on (production settings).
  for (const route of ['GET /events?per_page=10', 'GET /events?categories=<slug>&per_page=50', 'GET /events/<id>', 'GET /events/by-slug/<slug>']) {
    const m = rows.find((r) => r.route === route)?.cold
    if (!m) continue
    budgets.push({ budget: `tail: cold ${route} p99 < ${TAIL_P99_MS} ms`, value: `p99 ${m.p99} ms (${m.requestsPerSecond} req/s)${valid(m)}`, ok: fine(m) && m.p99 < TAIL_P99_MS, run: at(`response cache off, document cache on, ${CONNECTIONS} connections`) })
  }
  for (const f of filtered) {
    const m = f.coldAlone
    budgets.push({
      budget: `filtered ${f.route.replace(/^GET /, '')}: median < ${FILTERED_P50_MS} ms, p99 < ${FILTERED_P99_MS} ms`,
      value: `p50 ${m.p50} ms, p99 ${m.p99} ms${valid(m)}; every cache off: p50 ${f.bareAlone.p50} ms, p99 ${f.bareAlone.p99} ms`,
      ok: fine(m) && m.p50 < FILTERED_P50_MS && m.p99 < FILTERED_P99_MS,
      run: at(`response cache off, 1 connection (budget stated for ${FILTERED_AT_EVENTS.toLocaleString('en')})`),
    })
  }
  // Search served by an index (issue 31, point 2): its median with every cache off, which is what the
  // first search after a start or a write pays.
  const search = filtered.find((f) => f.route === 'GET /events?search=<word>')
  if (search) {
    const m = search.bareAlone
    budgets.push({
      budget: `search (/events?search=<word>), every cache off: median < ${SEARCH_P50_MS} ms`,
      value: `p50 ${m.p50} ms, p99 ${m.p99} ms${valid(m)}`,
      ok: fine(m) && m.p50 < SEARCH_P50_MS,
      run: at(`every cache off, 1 connection (budget stated for ${FILTERED_AT_EVENTS.toLocaleString('en')})`),
    })
  }
  // Requests still in flight when autocannon stops are written but not counted: more may be listed, never fewer.
  const writesValid = listed >= created ? '' : ` (${created} answered 2xx but ${listed} listed: not valid)`
  budgets.push({ budget: `POST /events (inline venue, organizer, terms) p50 < ${WRITE_P50_MS} ms`, value: `p50 ${writes.one.p50} ms${valid(writes.one)}${writesValid}`, ok: fine(writes.one) && !writesValid && writes.one.p50 < WRITE_P50_MS, run: at('1 connection') })
  budgets.push({ budget: `POST /events (inline venue, organizer, terms) ≥ ${WRITE_RPS} req/s`, value: `${writes.many.requestsPerSecond} req/s, p99 ${writes.many.p99} ms${valid(writes.many)}${writesValid}`, ok: fine(writes.many) && !writesValid && writes.many.requestsPerSecond >= WRITE_RPS, run: at(`${CONNECTIONS} connections`) })
  // In ceiling requests: the CPU time of one write, over the CPU time the ceiling route spends per request.
  const writeCost = Math.round((writeCpuMs.one * top.requestsPerSecond) / 1000)
  budgets.push({
    budget: `POST /events CPU time halved: ≤ ${WRITE_CPU_BASELINE_CEILING_REQUESTS / 2} ceiling requests' worth (${WRITE_CPU_BASELINE_CEILING_REQUESTS} before)`,
    value: `${writeCpuMs.one} ms a write = ${writeCost} ceiling requests' worth; at ${CONNECTIONS} connections ${writeCpuMs.many} ms${valid(writes.one)}`,
    ok: fine(writes.one) && writeCpuMs.one > 0 && writeCost <= WRITE_CPU_BASELINE_CEILING_REQUESTS / 2,
    run: at('1 connection, the server\'s CPU time from /proc'),
  })
  budgets.push({ budget: 'import:tec of 10,000 events under 60 s', value: 'npm run bench:import', ok: null, run: 'not part of this run' })
  budgets.push(...startupBudgets(startup, STARTUP_RUNS, at))
  budgets.push({
    budget: `the benchmark seeds its events within ${SEED_PEAK_MIB / 1024} GB`,
    value: `peak RSS ${seedPeakMiB} MiB`,
    ok: seedPeakMiB <= SEED_PEAK_MIB,
    run: at('the benchmark\'s own process, app boot included (budget stated for 100,000)'),
  })
  const [one, many] = workerScaling ? [workerScaling[0]!, workerScaling[workerScaling.length - 1]!] : []
  if (one && many && many.workers > 1) {
    budgets.push({ budget: `cold reads scale with workers (${many.workers} above 1)`, value: `${one.cold.requestsPerSecond} → ${many.cold.requestsPerSecond} req/s (${(many.cold.requestsPerSecond / Math.max(one.cold.requestsPerSecond, 1)).toFixed(2)} ×); every cache off ${one.uncached.requestsPerSecond} → ${many.uncached.requestsPerSecond} req/s (${(many.uncached.requestsPerSecond / Math.max(one.uncached.requestsPerSecond, 1)).toFixed(2)} ×)`, ok: many.cold.requestsPerSecond > one.cold.requestsPerSecond, run: at(`WEB_CONCURRENCY 1 and ${many.workers}, ${CONNECTIONS} connections`) })
  } else {
    budgets.push({ budget: 'cold reads scale with workers', value: 'run with --workers N (N ≥ 2)', ok: null, run: 'not part of this run' })
  }
  if (instances) budgets.push(instancesBudget(instances, at(`${instances.instances} instances, cache on, under load`)))
  else budgets.push({ budget: 'several instances: no answer staler than 1000 ms after a write', value: 'run with --instances N (N ≥ 2)', ok: null, run: 'not part of this run' })
  if (soak) budgets.push(...soakBudgets(soak, at(`${SOAK} s soak, cache on, ${CONNECTIONS} connections + ${soak.writes.perSecond} writes/s`)))
  else budgets.push({ budget: 'soak: memory flat and bounded by CACHE_MAX_MB + DOCUMENT_CACHE_MB', value: 'run with --soak S (S > 15)', ok: null, run: 'not part of this run' })

  if (recurring) budgets.push(...recurringBudgets(recurring, at, FILTERED_P50_MS, FILTERED_P99_MS))
  else budgets.push({ budget: 'recurring events (a series\' create, lists with 100,000 occurrences, an occurrence\'s edit)', value: 'run with --occurrences N (N > 0)', ok: null, run: 'not part of this run' })

  log(`\nBudgets (decisions section 7, recurring events), ${SIZE}:`)
  printBudgets(budgets, log)

  const results: BenchResults = {
    date: new Date().toISOString(), database: KIND, events: EVENTS, connections: CONNECTIONS, durationSeconds: DURATION, machine, ceiling: top, routes: rows,
    filtered, queryPlans, seeding: { peakRssMiB: seedPeakMiB }, writes: { ...writes, created, listed, cpuMsPerWrite: writeCpuMs }, soak, workerScaling, instances, recurring, startup, budgets,
  }
  writeFileSync(OUT, JSON.stringify(results, null, 2))
  log(`\nWrote ${OUT}`)
} finally {
  const exited = [ceiling, warm, cold, bare].map((child) => new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve))))
  ceiling.kill()
  warm.kill()
  cold.kill()
  bare.kill()
  await Promise.all(exited)
  await dropBenchDatabase(uri, values['postgres-url']!)
}
process.exit(0)
