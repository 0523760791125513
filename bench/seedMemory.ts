// `npm run bench:seed-memory -- --events N [--database postgres]`: seeds the benchmark's calendar alone,
// as `npm run bench` does, on a fresh database, printing the process's resident memory as it goes and its
// peak (VmHWM) at the end, so the seeding's memory can be measured without running the whole benchmark.
;(process.env as Record<string, string>).NODE_ENV = 'production'

import { createHash } from 'node:crypto'
import { parseArgs } from 'node:util'
import { createBenchDatabase, dropBenchDatabase } from './createBenchDatabase.js'
import { peakRssMiB, rssMiB } from './startChild.js'

const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '20000' },
    database: { type: 'string', default: 'sqlite' },
    'postgres-url': { type: 'string', default: 'postgres://calendar:calendar@127.0.0.1:5432/postgres' },
  },
})
const EVENTS = Number(values.events)
const KIND = values.database as 'sqlite' | 'postgres'
if (!Number.isInteger(EVENTS) || EVENTS < 1) throw new Error('--events must be a positive integer')
if (KIND !== 'sqlite' && KIND !== 'postgres') throw new Error('--database must be sqlite or postgres')
const log = (line: string) => process.stdout.write(`${line}\n`)

const uri = await createBenchDatabase(KIND, values['postgres-url']!)
const { getPayload } = await import('payload')
const { buildCalendarConfig } = await import('../src/payload.config.js')
const { seedDataset } = await import('./seedDataset.js')
try {
  const payload = await getPayload({ config: buildCalendarConfig(uri, KIND) })
  log(`${KIND}, ${EVENTS} events; after boot: RSS ${rssMiB(process.pid)} MiB`)
  const started = Date.now()
  const sampler = setInterval(() => log(`  ${Math.round((Date.now() - started) / 1000)} s: RSS ${rssMiB(process.pid)} MiB, heap ${Math.round(process.memoryUsage().heapUsed / 2 ** 20)} MiB, external ${Math.round(process.memoryUsage().external / 2 ** 20)} MiB`), 5_000)
  const dataset = await seedDataset(payload, { events: EVENTS, venues: 200, organizers: 100, categories: 20, tags: 50 }, (line) =>
    log(`${line}  [RSS ${rssMiB(process.pid)} MiB, heap ${Math.round(process.memoryUsage().heapUsed / 2 ** 20)} MiB]`),
  )
  clearInterval(sampler)
  // The dataset's fingerprint, without the start date (it moves with the clock): equal for equal --events.
  const { sample, ...rest } = dataset
  const fingerprint = createHash('sha256').update(JSON.stringify({ ...rest, sample: { ...sample, startDate: undefined } })).digest('hex').slice(0, 16)
  log(`seeded in ${((Date.now() - started) / 1000).toFixed(1)} s; ${dataset.eventIds.length} listed events; dataset ${fingerprint}`)
  log(`peak RSS (VmHWM) ${peakRssMiB(process.pid)} MiB`)
  // PostgreSQL: the pool's clients may still be closing when the drop below ends their sessions.
  ;(payload.db as unknown as { pool?: { on: (event: 'error', listener: () => void) => void } }).pool?.on('error', () => undefined)
  await payload.destroy()
} finally {
  await dropBenchDatabase(uri, values['postgres-url']!)
}
process.exit(0)
