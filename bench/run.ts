// `npm run bench`: seeds a realistic calendar, starts the API in production mode twice (response cache
// on, and off for cold reads), load-tests it on loopback with autocannon, compares every route with a
// bare Express route (the machine's ceiling), soaks it to watch memory, and checks the budgets of
// decisions section 7.
// Options: --events N (10000) --duration S (10) --connections C (10) --soak S (60, 0 skips)
//          --database sqlite|postgres --postgres-url URL --out FILE
//          --workers N (also measure 1 and N workers behind one port: bench/workerScaling.ts)
//          --instances N (0: none; see bench/instances.ts)
//          --profile DIR (a V8 CPU profile of the cold API server, for chrome://inspect or speedscope)
;(process.env as Record<string, string>).NODE_ENV = 'production'

import { writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { rssMiB, startChild } from './startChild.js'
import { createBenchDatabase, dropBenchDatabase } from './createBenchDatabase.js'
import { measureWorkerScaling, type ScalingRow } from './workerScaling.js'
import { instancesBudget, type InstancesResult, measureInstances } from './instances.js'

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
const OUT = values.out ?? path.join('bench', `results-${KIND}-${EVENTS}.json`)
const log = (line: string) => process.stdout.write(`${line}\n`)

// The reference's measured throughput for GET /events?per_page=10 (decisions section 7).
const REFERENCE_RPS = 18.6

interface Measurement {
  requestsPerSecond: number
  p50: number
  p99: number
  non2xx: number
  errors: number
  rssMiB: number
}

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
await createUser(payload, { email: 'bench@example.org', username: 'bench', password: 'bench-password', role: 'editor' })
const { plain } = await createAppPassword(payload, { user: 'bench', name: 'bench' })
await payload.destroy()

const port = 4100 + Math.floor(Math.random() * 500)
const ceiling = await startChild('bench/ceilingServer.ts', [String(port)], process.env)
const warm = await startChild('bench/apiServer.ts', [String(port + 1), uri, KIND], process.env)
const cold = await startChild('bench/apiServer.ts', [String(port + 2), uri, KIND], { ...process.env, CACHE_TTL_SECONDS: '0' }, values.profile ? ['--cpu-prof', `--cpu-prof-dir=${values.profile}`] : [])
const base = (p: number) => `http://127.0.0.1:${p}/wp-json/calendar/events/v1`
const fmt = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ')
const now = new Date()
const monthLater = new Date(now.getTime() + 30 * 86_400_000)

const READS: Array<[string, string]> = [
  ['GET /events?per_page=10', '/events?per_page=10'],
  [`GET /events?categories=<slug>&per_page=50`, `/events?categories=${dataset.categorySlugs[0]}&per_page=50`],
  ['GET /events?start_date=…&end_date=… (30 days)', `/events?start_date=${encodeURIComponent(fmt(now))}&end_date=${encodeURIComponent(fmt(monthLater))}`],
  ['GET /events/<id>', `/events/${dataset.eventIds[0]}`],
  ['GET /events/by-slug/<slug>', `/events/by-slug/${dataset.eventSlugs[0]}`],
  ['GET /venues', '/venues'],
  ['GET /categories', '/categories'],
]

interface Row {
  route: string
  warm?: Measurement
  cold?: Measurement
  coldAlone?: Measurement
  warmRatioToCeiling?: number
}
const rows: Row[] = []
const budgets: Array<{ budget: string; value: string; ok: boolean }> = []
let top: Measurement
try {
  log('\nCeiling (bare Express, 5 KB JSON):')
  top = await load(`http://127.0.0.1:${port}/ceiling`, ceiling.pid!)
  log(`  ${'GET /ceiling'.padEnd(50)} ${show(top)}`)
  // Warm up both servers once so JIT and page caches do not count against the first route.
  await autocannon({ url: `${base(port + 1)}/events?per_page=10`, connections: CONNECTIONS, duration: 2 })
  await autocannon({ url: `${base(port + 2)}/events?per_page=10`, connections: CONNECTIONS, duration: 2 })

  log('\nRepeated public reads (response cache on):')
  for (const [label, route] of READS) {
    const m = await load(`${base(port + 1)}${route}`, warm.pid!)
    rows.push({ route: label, warm: m, warmRatioToCeiling: Math.round((m.requestsPerSecond / Math.max(top.requestsPerSecond, 1)) * 1000) / 1000 })
    log(`  ${label.padEnd(50)} ${show(m)}`)
  }
  log('\nCold reads (response cache off):')
  for (const [label, route] of READS) {
    const m = await load(`${base(port + 2)}${route}`, cold.pid!)
    rows.find((r) => r.route === label)!.cold = m
    log(`  ${label.padEnd(50)} ${show(m)}`)
  }
  // Latency of one caller alone (no queueing behind others): what a single page view waits for.
  log('\nCold reads, one connection (latency):')
  const alone: Record<string, Measurement> = {}
  for (const [label, route] of READS.slice(0, 3)) {
    alone[label] = await load(`${base(port + 2)}${route}`, cold.pid!, { connections: 1 })
    rows.find((r) => r.route === label)!.coldAlone = alone[label]
    log(`  ${label.padEnd(50)} ${show(alone[label]!)}`)
  }

  log('\nWrites:')
  const create = await load(`${base(port + 1)}/events`, warm.pid!, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Basic ${Buffer.from(`bench:${plain}`).toString('base64')}` },
    body: JSON.stringify({ title: 'Bench create', start_date: fmt(monthLater), end_date: fmt(new Date(monthLater.getTime() + 3_600_000)) }),
  })
  rows.push({ route: 'POST /events (application password)', warm: create })
  log(`  ${'POST /events (application password)'.padEnd(50)} ${show(create)}`)

  let soak: { seconds: number; rssMiB: number[] } | undefined
  if (SOAK > 0) {
    log(`\nSoak: ${SOAK} s of cold list reads on varying pages, RSS every 5 s:`)
    const samples: number[] = []
    const timer = setInterval(() => samples.push(rssMiB(cold.pid!)), 5000)
    let n = 0
    await autocannon({
      url: base(port + 2),
      connections: CONNECTIONS,
      duration: SOAK,
      requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: `${new URL(base(port + 2)).pathname}/events?per_page=10&page=${(n++ % 20) + 1}&search=${n % 7}` }) }],
    })
    clearInterval(timer)
    soak = { seconds: SOAK, rssMiB: samples }
    log(`  RSS MiB: ${samples.join(' ')}`)
    const settled = samples[Math.min(2, samples.length - 1)] ?? 0
    const last = samples[samples.length - 1] ?? 0
    budgets.push({ budget: 'memory stays flat under a soak (growth after the first 15 s under 15 %)', value: `${settled} → ${last} MiB`, ok: last <= settled * 1.15 })
  }

  let workerScaling: ScalingRow[] | undefined
  if (WORKERS) {
    workerScaling = await measureWorkerScaling({ uri, kind: KIND, workers: WORKERS, port: port + 3, connections: CONNECTIONS, duration: DURATION, log })
    const [one, many] = [workerScaling[0]!, workerScaling[workerScaling.length - 1]!]
    if (many.workers > 1) {
      budgets.push({ budget: `cold reads scale with workers (${many.workers} workers above 1)`, value: `${one.cold.requestsPerSecond} → ${many.cold.requestsPerSecond} req/s`, ok: many.cold.requestsPerSecond > one.cold.requestsPerSecond })
    }
  }

  log('\nRatio of repeated public reads to the ceiling (requests/s):')
  for (const row of rows.filter((r) => r.warmRatioToCeiling !== undefined)) {
    log(`  ${row.route.padEnd(50)} ${(row.warmRatioToCeiling! * 100).toFixed(1)} %`)
    budgets.push({ budget: `repeated ${row.route} ≥ 50 % of the ceiling`, value: `${(row.warmRatioToCeiling! * 100).toFixed(1)} %`, ok: row.warmRatioToCeiling! >= 0.5 })
  }
  const list = rows[0]!.cold!
  budgets.push({ budget: `cold GET /events?per_page=10 ≥ 20 × the reference (${20 * REFERENCE_RPS} req/s)`, value: `${list.requestsPerSecond} req/s (${(list.requestsPerSecond / REFERENCE_RPS).toFixed(0)} ×)`, ok: list.requestsPerSecond >= 20 * REFERENCE_RPS })
  budgets.push({ budget: 'cold GET /events?per_page=10 p99 < 100 ms', value: `${list.p99} ms`, ok: list.p99 < 100 })
  if (EVENTS >= 100_000) {
    const filtered = rows[1]!.coldAlone!
    budgets.push({ budget: 'cold filtered list (categories) median < 20 ms, one connection', value: `${filtered.p50} ms`, ok: filtered.p50 < 20 })
  }
  let instances: InstancesResult | undefined
  if (INSTANCES) {
    instances = await measureInstances({
      count: INSTANCES, uri, kind: KIND, firstPort: port + 3, duration: DURATION, connections: CONNECTIONS, log,
      authorization: `Basic ${Buffer.from(`bench:${plain}`).toString('base64')}`, startDate: fmt(monthLater), endDate: fmt(new Date(monthLater.getTime() + 3_600_000)),
    })
    budgets.push(instancesBudget(instances))
  }
  log('\nBudgets (decisions section 7):')
  for (const b of budgets) log(`  ${b.ok ? 'ok  ' : 'MISS'} ${b.budget}: ${b.value}`)

  writeFileSync(
    OUT,
    JSON.stringify({ date: new Date().toISOString(), database: KIND, events: EVENTS, connections: CONNECTIONS, durationSeconds: DURATION, machine, ceiling: top, routes: rows, soak, workerScaling, instances, budgets }, null, 2),
  )
  log(`\nWrote ${OUT}`)
} finally {
  const exited = [ceiling, warm, cold].map((child) => new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve))))
  ceiling.kill()
  warm.kill()
  cold.kill()
  await Promise.all(exited)
  await dropBenchDatabase(uri, values['postgres-url']!)
}
process.exit(0)
