// Start-up as an operator meets it (issue 31, decisions section 7): `npm start` on a built tree and an
// existing, migrated database, timed from the spawn until the calendar namespace answers 200 (and until
// the admin's login page does, shown beside it), then `npm run cli --` commands, wall-clock from spawn to
// exit. Each is repeated; the medians are judged. Only measured when the admin is built: a start that
// has to build it first (minutes) is stopped and the figure left out.
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Budget } from './budgets.js'

/** The budgets of decisions section 7. */
export const START_BUDGET_MS = 3000
export const CLI_BUDGET_MS = 1500
/** The command judged against the CLI budget (it boots Payload on the database); --help is shown beside it. */
const JUDGED_COMMAND = ['users:list']
const COMMANDS = [JUDGED_COMMAND, ['--help']]

export interface StartupResult {
  /** Milliseconds from `npm start` until GET <namespace>/ answered 200, per run. */
  namespaceMs: number[]
  /** Until GET /admin/login answered 200, per run. */
  adminMs: number[]
  cli: Array<{ command: string; ms: number[] }>
}

export interface StartupOptions {
  uri: string
  port: number
  runs: number
  log: (line: string) => void
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0

/** A child's environment (without NODE_ENV, which NodeJS.ProcessEnv requires here). */
type Environment = Record<string, string | undefined>

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function answers200(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(10_000) })
    await res.arrayBuffer()
    return res.status === 200
  } catch {
    return false
  }
}

/** Started as an operator would (its own process group, so the stop reaches npm and the server). */
function npm(args: string[], env: Environment): { child: ChildProcess; output: () => string } {
  const child = spawn('npm', args, { env: env as NodeJS.ProcessEnv, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
  let out = ''
  child.stdout!.on('data', (d) => (out += d))
  child.stderr!.on('data', (d) => (out += d))
  return { child, output: () => out }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  process.kill(-child.pid!, 'SIGTERM')
  await exited
}

/** One `npm start`: the namespace's and the admin's times, or a reason it was not measured. */
async function timeStart(env: Environment, origin: string): Promise<{ namespace: number; admin: number } | string> {
  const begin = performance.now()
  const { child, output } = npm(['start'], env)
  try {
    let namespace: number | undefined
    let admin: number | undefined
    while (namespace === undefined || admin === undefined) {
      if (/Building the admin UI/.test(output())) return 'the admin is not built: run `npm run build` first'
      if (child.exitCode !== null) return `npm start exited: ${output().trim().split('\n').pop()}`
      if (performance.now() - begin > 120_000) return 'no answer within 2 minutes'
      if (namespace === undefined && (await answers200(`${origin}/wp-json/calendar/events/v1/`))) namespace = performance.now() - begin
      if (namespace !== undefined && admin === undefined && (await answers200(`${origin}/admin/login`))) admin = performance.now() - begin
      await sleep(20)
    }
    return { namespace: Math.round(namespace), admin: Math.round(admin) }
  } finally {
    await stop(child)
  }
}

async function timeCommand(args: string[], env: Environment): Promise<number> {
  const begin = performance.now()
  const { child, output } = npm(['run', '--silent', 'cli', '--', ...args], env)
  const code = await new Promise((resolve) => child.once('exit', resolve))
  if (code !== 0) throw new Error(`npm run cli -- ${args.join(' ')} exited with ${code}: ${output()}`)
  return Math.round(performance.now() - begin)
}

/** Times `npm start` and the CLI on the benchmark's database; undefined (with the reason logged) when it cannot. */
export async function measureStartup(options: StartupOptions): Promise<StartupResult | undefined> {
  const { uri, port, runs, log } = options
  const data = mkdtempSync(path.join(tmpdir(), 'bench-startup-'))
  const envFile = path.join(data, 'empty.env')
  writeFileSync(envFile, '')
  const origin = `http://127.0.0.1:${port}`
  // As from an operator's shell: not the benchmark's NODE_ENV or NODE_OPTIONS, nor a developer's .env.
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'NODE_ENV' && name !== 'NODE_OPTIONS'))
  const env: Environment = { ...inherited, DATABASE_URI: uri, DATA_DIR: data, ENV_FILE: envFile, PORT: String(port), SITE_URL: origin, WEB_CONCURRENCY: '1', NEXT_TELEMETRY_DISABLED: '1' }
  try {
    log(`\nStart-up: npm start until the namespace answers (and the admin's login page), then npm run cli commands; ${runs} run(s) of each, after one unmeasured start:`)
    // The first start writes the secret into DATA_DIR and the compiled copies of the entries.
    const first = await timeStart(env, origin)
    if (typeof first === 'string') {
      log(`  not measured: ${first}`)
      return undefined
    }
    const result: StartupResult = { namespaceMs: [], adminMs: [], cli: [] }
    for (let i = 0; i < runs; i++) {
      const run = await timeStart(env, origin)
      if (typeof run === 'string') {
        log(`  not measured: ${run}`)
        return undefined
      }
      result.namespaceMs.push(run.namespace)
      result.adminMs.push(run.admin)
    }
    log(`  npm start → namespace 200: ${result.namespaceMs.join(', ')} ms (median ${median(result.namespaceMs)}); → admin login 200: ${result.adminMs.join(', ')} ms (median ${median(result.adminMs)})`)
    for (const args of COMMANDS) {
      await timeCommand(args, env)
      const ms: number[] = []
      for (let i = 0; i < runs; i++) ms.push(await timeCommand(args, env))
      result.cli.push({ command: args.join(' '), ms })
      log(`  npm run cli -- ${args.join(' ')}: ${ms.join(', ')} ms (median ${median(ms)})`)
    }
    return result
  } finally {
    rmSync(data, { recursive: true, force: true })
  }
}

/** The start-up budgets, met or missed on the medians (`at` names the run). */
export function startupBudgets(result: StartupResult | undefined, runs: number, at: (how: string) => string): Budget[] {
  if (!result) {
    return [
      { budget: `a built server answers the namespace within ${START_BUDGET_MS / 1000} s of npm start`, value: 'npm run build first, then run with --startup-runs N (N > 0)', ok: null, run: 'not part of this run' },
      { budget: `CLI commands within ${CLI_BUDGET_MS / 1000} s`, value: 'npm run build first, then run with --startup-runs N (N > 0)', ok: null, run: 'not part of this run' },
    ]
  }
  const namespace = median(result.namespaceMs)
  const judged = result.cli.find((c) => c.command === JUDGED_COMMAND.join(' '))!
  const others = result.cli.filter((c) => c !== judged).map((c) => `; ${c.command}: ${median(c.ms)} ms`).join('')
  return [
    {
      budget: `a built server answers the namespace within ${START_BUDGET_MS / 1000} s of npm start`,
      value: `median ${namespace} ms (the admin's login page: ${median(result.adminMs)} ms)`,
      ok: namespace <= START_BUDGET_MS,
      run: at(`median of ${runs} restarts, WEB_CONCURRENCY 1`),
    },
    {
      budget: `CLI commands within ${CLI_BUDGET_MS / 1000} s`,
      value: `${judged.command}: median ${median(judged.ms)} ms${others}`,
      ok: median(judged.ms) <= CLI_BUDGET_MS,
      run: at(`npm run cli, median of ${runs}`),
    },
  ]
}
