import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { freePort } from '../../helpers/freePort.js'
import { CLI_ARGS } from '../../helpers/runCli.js'

export interface RunningServer {
  /** http://127.0.0.1:<port> */
  origin: string
  /** Runs `npm run cli`'s entry against the server's database. */
  cli: (args: string[]) => Promise<string>
  stop: () => Promise<void>
}


function run(args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, args[0] === CLI_ARGS[0] ? args : ['--conditions=production', '--import', 'tsx', ...args], {
    cwd: process.cwd(),
    env: { ...process.env, ...env, NODE_OPTIONS: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
}

/**
 * `src/server.ts` in production mode (the admin's production build, migrations run at boot) on a
 * fresh embedded database in a temporary folder, on a free loopback port. Resolves once it answers.
 */
export async function startServer(settings: (port: number) => Record<string, string> = () => ({})): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'calendar-e2e-'))
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    PORT: String(port),
    SITE_URL: origin,
    DATA_DIR: dataDir,
    DATABASE_URI: `file:${path.join(dataDir, 'calendar.db')}`,
    PAYLOAD_SECRET: randomBytes(24).toString('hex'),
    NEXT_TELEMETRY_DISABLED: '1',
    // Further settings of a test (SITE_URL, SERVER_ORIGINS…), given the port.
    ...settings(port),
  }
  const server = run(['src/server.ts'], env)
  let log = ''
  server.stdout!.on('data', (d) => (log += d))
  server.stderr!.on('data', (d) => (log += d))
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()))

  const deadline = Date.now() + 180_000
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The server exited with ${server.exitCode}:\n${log}`)
    try {
      const res = await fetch(`${origin}/wp-json/calendar/events/v1/`)
      if (res.ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      server.kill('SIGKILL')
      throw new Error(`The server did not answer within 180 s:\n${log}`)
    }
    await new Promise((r) => setTimeout(r, 500))
  }

  const cli = (args: string[]) =>
    new Promise<string>((resolve, reject) => {
      const child = run([...CLI_ARGS, ...args], env)
      let out = ''
      child.stdout!.on('data', (d) => (out += d))
      child.stderr!.on('data', (d) => (out += d))
      child.once('error', reject)
      child.once('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`cli ${args[0]} exited with ${code}:\n${out}`))))
    })

  const stop = async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM')
      const timer = setTimeout(() => server.kill('SIGKILL'), 10_000)
      await exited
      clearTimeout(timer)
    }
    rmSync(dataDir, { recursive: true, force: true })
  }
  return { origin, cli, stop }
}
