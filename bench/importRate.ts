// `npm run bench:import`: the import rate of `import:tec`. Seeds a source calendar (bench/seedDataset:
// 10,000 events by default, mixed statuses, zones, protected ones), serves it in production mode,
// then runs `npm run cli -- import:tec` as a process into a fresh database and reports its time.
// Options: --events N (10000) --database sqlite|postgres --postgres-url URL --per-page N (50)
// --profile DIR (a V8 CPU profile of the import process, for chrome://inspect or speedscope)
// --source URI (a source database seeded by an earlier run, kept: repeated runs skip the seeding)
;(process.env as Record<string, string>).NODE_ENV = 'production'

import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { printBudgets } from './budgets.js'
import { cpuMs, peakRssMiB, startChild } from './startChild.js'
import { createBenchDatabase, dropBenchDatabase } from './createBenchDatabase.js'

const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '10000' },
    database: { type: 'string', default: 'sqlite' },
    'postgres-url': { type: 'string', default: 'postgres://calendar:calendar@127.0.0.1:5432/postgres' },
    'per-page': { type: 'string', default: '50' },
    profile: { type: 'string' },
    source: { type: 'string' },
  },
})
const EVENTS = Number(values.events)
const KIND = values.database as 'sqlite' | 'postgres'
if (!Number.isInteger(EVENTS) || EVENTS < 1) throw new Error('--events must be a positive integer')
if (KIND !== 'sqlite' && KIND !== 'postgres') throw new Error('--database must be sqlite or postgres')
const log = (line: string) => process.stdout.write(`${line}\n`)
/** Issue 31, point 4: an import of 10,000 events, the source on the same machine. */
const IMPORT_BUDGET_EVENTS = 10_000
const IMPORT_BUDGET_SECONDS = 60

const source = values.source ?? (await createBenchDatabase(KIND, values['postgres-url']!))
const { getPayload } = await import('payload')
const { buildCalendarConfig } = await import('../src/payload.config.js')
const { seedDataset } = await import('./seedDataset.js')
const { createUser } = await import('../src/commands/createUser.js')
const { createAppPassword } = await import('../src/commands/createAppPassword.js')
const payload = await getPayload({ config: buildCalendarConfig(source, KIND) })
const seeded = (await payload.count({ collection: 'events', overrideAccess: true })).totalDocs
if (seeded) log(`${values.source}: ${seeded} events seeded before`)
else {
  await seedDataset(payload, { events: EVENTS, venues: 200, organizers: 100, categories: 20, tags: 50 }, log)
  await createUser(payload, { email: 'bench@example.org', username: 'bench', password: 'bench-password', role: 'editor' })
}
const { plain } = await createAppPassword(payload, { user: 'bench', name: 'bench' })
const { env } = await import('../src/env.js')
const listed = await payload.count({ collection: 'events', where: { hideFromListings: { not_equals: true } }, overrideAccess: true })
await payload.destroy()

const port = 4700 + Math.floor(Math.random() * 500)
const server = await startChild('bench/apiServer.ts', [String(port), source, KIND], process.env)
const target = await createBenchDatabase(KIND, values['postgres-url']!)
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'calendar-import-bench-'))
log(`Importing ${listed.totalDocs} listed events (of ${seeded || EVENTS}) from http://127.0.0.1:${port}${env.REST_PREFIX} into a fresh ${KIND} database…`)
const started = performance.now()
let peakRss = 0
let cpuSeconds = 0
const code = await new Promise<number | null>((resolve) => {
  // As `npm run cli` runs it: from the compiled copy (under tsx's loader a command starts slower).
  const child = spawn(
    process.execPath,
    [...(values.profile ? ['--cpu-prof', `--cpu-prof-dir=${values.profile}`] : []), '--conditions=production', 'src/runCompiled.mjs', 'src/cli.ts', 'import:tec', '--from', `http://127.0.0.1:${port}${env.REST_PREFIX}`,
      '--user', 'bench', '--app-password', plain, '--per-page', values['per-page']!],
    { env: { ...process.env, DATABASE_URI: target, DATA_DIR: dataDir }, stdio: ['ignore', 'inherit', 'inherit'] },
  )
  // VmHWM and the CPU time only grow: their last readings before the exit are the import's.
  const sampler = setInterval(() => {
    try {
      peakRss = Math.max(peakRss, peakRssMiB(child.pid!))
      cpuSeconds = cpuMs(child.pid!) / 1000
    } catch {
      // The process has just exited.
    }
  }, 250)
  child.on('close', (exitCode) => {
    clearInterval(sampler)
    resolve(exitCode)
  })
})
const seconds = (performance.now() - started) / 1000
server.kill('SIGTERM')
await new Promise((resolve) => server.once('exit', resolve))
for (const uri of values.source ? [target] : [source, target]) await dropBenchDatabase(uri, values['postgres-url']!)
rmSync(dataDir, { recursive: true, force: true })
log(`import:tec exited ${code} after ${seconds.toFixed(1)} s (process start to exit): ${Math.round(listed.totalDocs / seconds)} events/s, ${cpuSeconds.toFixed(1)} s of CPU, peak RSS ${peakRss} MiB`)
// Issue 31, point 4: stated for 10,000 events; other sizes are judged at the same rate.
const per10k = (seconds * IMPORT_BUDGET_EVENTS) / Math.max(listed.totalDocs, 1)
const scaled = listed.totalDocs === IMPORT_BUDGET_EVENTS ? '' : ` (${per10k.toFixed(1)} s at this rate for ${IMPORT_BUDGET_EVENTS.toLocaleString('en')})`
log('\nBudget:')
printBudgets(
  [{
    budget: `import:tec of ${IMPORT_BUDGET_EVENTS.toLocaleString('en')} events under ${IMPORT_BUDGET_SECONDS} s`,
    value: `${seconds.toFixed(1)} s for ${listed.totalDocs.toLocaleString('en')} events${scaled}, ${cpuSeconds.toFixed(1)} s of CPU`,
    ok: code === 0 && per10k < IMPORT_BUDGET_SECONDS,
    run: `${KIND}, the source on this machine, ${values['per-page']} a page`,
  }],
  log,
)
process.exit(code ?? 1)
