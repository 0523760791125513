import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createConnection } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
export { freePort } from './freePort.js'

/** A process started as an operator would: stdin ignored (no terminal), output collected. */
export interface Started {
  child: ChildProcess
  output: () => string
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

/** A temporary folder (DATA_DIR or a working directory) removed by `remove`. */
export function tempDir(prefix: string): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), prefix))
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) }
}

/**
 * The environment of a child as an operator's shell would give it: none of jest's (NODE_ENV=test,
 * its NODE_OPTIONS, the forced schema push), and an empty settings file unless ENV_FILE is given,
 * so a developer's ./.env cannot change the outcome.
 */
export function operatorEnv(extra: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = { ...process.env }
  for (const name of ['NODE_ENV', 'NODE_OPTIONS', 'PAYLOAD_FORCE_DRIZZLE_PUSH', 'DATABASE_URI', 'PORT', 'DATA_DIR', 'ENV_FILE', 'WEB_CONCURRENCY']) delete base[name]
  if (!('ENV_FILE' in extra)) {
    const empty = path.join(mkdtempSync(path.join(tmpdir(), 'calendar-env-')), 'empty.env')
    writeFileSync(empty, '')
    base.ENV_FILE = empty
  }
  // One server process unless a test asks for workers (test/process/workers.spec.ts): the default, a
  // worker per core, would multiply every suite's memory and start-up on a shared machine.
  const env: NodeJS.ProcessEnv = { ...base, NEXT_TELEMETRY_DISABLED: '1', WEB_CONCURRENCY: '1' }
  for (const [k, v] of Object.entries(extra)) {
    if (v === undefined) delete env[k]
    else env[k] = v
  }
  return env
}

/** Runs a command in its own process group (so a failed test can still clean up the whole tree). */
export function start(command: string, args: string[], env: NodeJS.ProcessEnv, cwd = process.cwd()): Started {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
  let out = ''
  child.stdout!.on('data', (d) => (out += d))
  child.stderr!.on('data', (d) => (out += d))
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  )
  return { child, output: () => out, exited }
}

/** `npm <args>` from the repository, as the README says to run it. */
export function npm(args: string[], env: NodeJS.ProcessEnv, cwd = process.cwd()): Started {
  return start('npm', args, env, cwd)
}

/** Kills whatever is left of a started process group (after a failed test). */
export function killGroup(started: Started | undefined): void {
  if (!started?.child.pid) return
  try {
    process.kill(-started.child.pid, 'SIGKILL')
  } catch {
    // already gone
  }
}


/** Whether a TCP connection to the port is accepted right now. */
export function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' })
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

/**
 * Waits until `url` answers 200, or fails with the process's output when it exits first. The
 * bound is generous: a first `npm start` may build the admin (minutes on a busy machine).
 */
export async function waitUntilAnswers(url: string, started: Started, timeoutMs = 540_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (started.child.exitCode !== null || started.child.signalCode !== null) {
      throw new Error(`exited (${started.child.exitCode ?? started.child.signalCode}) before answering ${url}:\n${started.output()}`)
    }
    try {
      const res = await fetch(url)
      if (res.status === 200) return
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`no answer from ${url}:\n${started.output()}`)
    await new Promise((r) => setTimeout(r, 250))
  }
}

/** The PIDs of a process and all its descendants, from ps. */
export function processTree(pid: number): number[] {
  const rows = execFileSync('ps', ['-e', '-o', 'pid=,ppid='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number) as [number, number])
  const tree = [pid]
  for (let i = 0; i < tree.length; i++) for (const [child, parent] of rows) if (parent === tree[i]) tree.push(child)
  return tree
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}
