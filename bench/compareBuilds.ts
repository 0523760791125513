// `npm run bench:compare -- --base DIR`: is this checkout as fast as another one (a restructuring must be
// "within noise")? Seeds one SQLite calendar here, starts this checkout's API and the other checkout's on it
// (every cache off: what each answer costs), and load-tests them alternately, round after round, so a
// drift of the machine hits both alike. Prints each route's median requests/s per build and their ratio.
// Options: --base DIR (a checkout with its node_modules; the schema must be the same) --events N (5000)
//          --duration S (4 per measurement) --rounds R (3) --connections C (10)
;(process.env as Record<string, string>).NODE_ENV = 'production'

import { type ChildProcess, fork } from 'node:child_process'
import path from 'node:path'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { createBenchDatabase, dropBenchDatabase } from './createBenchDatabase.js'

const { values } = parseArgs({
  options: {
    base: { type: 'string' },
    events: { type: 'string', default: '5000' },
    duration: { type: 'string', default: '4' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '10' },
  },
})
if (!values.base) throw new Error('--base DIR is required: the checkout to compare this one with')
const BASE = path.resolve(values.base)
const EVENTS = Number(values.events)
const DURATION = Number(values.duration)
const ROUNDS = Number(values.rounds)
const CONNECTIONS = Number(values.connections)
const log = (line: string) => process.stdout.write(`${line}\n`)

/** Forks a checkout's bench/apiServer.ts (its own code, its own node_modules) with every cache off. */
function startApi(checkout: string, port: number, uri: string): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(checkout, 'bench/apiServer.ts'), [String(port), uri, 'sqlite'], {
      cwd: checkout,
      execArgv: ['--conditions=production', '--import', 'tsx'],
      env: { ...process.env, NODE_ENV: 'production', CACHE_TTL_SECONDS: '0', DOCUMENT_CACHE_MB: '0' },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    })
    child.once('message', () => resolve(child))
    child.once('exit', (code) => reject(new Error(`${checkout}'s API exited with code ${code} before it was ready`)))
  })
}

const uri = await createBenchDatabase('sqlite', '')
const { getPayload } = await import('payload')
const { buildCalendarConfig } = await import('../src/payload.config.js')
const { seedDataset } = await import('./seedDataset.js')
const payload = await getPayload({ config: buildCalendarConfig(uri, 'sqlite') })
const dataset = await seedDataset(payload, { events: EVENTS, venues: 200, organizers: 100, categories: 20, tags: 50 }, log)
await payload.destroy()

const routes: Record<string, string> = {
  'GET /events': '/events?per_page=10',
  'GET /events (category, venue, search)': `/events?categories=${dataset.sample.categorySlug}&venue=${dataset.sample.venueId}&search=${dataset.sample.word}`,
  'GET /events/<id>': `/events/${dataset.eventIds[Math.floor(dataset.eventIds.length / 2)]}`,
  'GET /venues': '/venues?per_page=10',
  'GET /organizers/<id>': `/organizers/${dataset.organizerIds[0]}`,
  'GET /categories': '/categories?per_page=10',
}
const port = 4700 + Math.floor(Math.random() * 500)
const builds = { base: await startApi(BASE, port, uri), this: await startApi(process.cwd(), port + 1, uri) }
const urls = { base: `http://127.0.0.1:${port}/wp-json/tribe/events/v1`, this: `http://127.0.0.1:${port + 1}/wp-json/tribe/events/v1` }
const samples: Record<string, { base: number[]; this: number[] }> = {}
log(`\nAlternating ${BASE} (base) and ${process.cwd()} (this), ${EVENTS} events, every cache off, ${ROUNDS} rounds × ${DURATION} s, ${CONNECTIONS} connections`)
try {
  // Warm both up (JIT, statement caches) before anything is recorded.
  for (const route of Object.values(routes)) for (const url of Object.values(urls)) await autocannon({ url: url + route, connections: CONNECTIONS, duration: 1 })
  for (let round = 1; round <= ROUNDS; round++) {
    for (const [name, route] of Object.entries(routes)) {
      const row = (samples[name] ??= { base: [], this: [] })
      // Alternate which build goes first, so neither always meets a warmer machine.
      const order = round % 2 ? (['base', 'this'] as const) : (['this', 'base'] as const)
      for (const build of order) {
        const result = await autocannon({ url: urls[build] + route, connections: CONNECTIONS, duration: DURATION })
        if (result.non2xx || result.errors) throw new Error(`${name} on ${build}: ${result.non2xx} non-2xx, ${result.errors} errors`)
        row[build].push(Math.round(result.requests.average))
      }
    }
    log(`  round ${round} of ${ROUNDS} done`)
  }
} finally {
  for (const child of Object.values(builds)) child.kill('SIGTERM')
  await dropBenchDatabase(uri, '')
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
log(`\n| route | base req/s | this req/s | this ÷ base | rounds (base / this) |\n|---|---:|---:|---:|---|`)
for (const [name, row] of Object.entries(samples)) {
  const [b, t] = [median(row.base), median(row.this)]
  log(`| ${name} | ${b} | ${t} | ${(t / b).toFixed(2)} | ${row.base.join(', ')} / ${row.this.join(', ')} |`)
}
