import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
export { freePort } from './freePort.js'

export interface EdgeServer {
  port: number
  login: string
  email: string
  password: string
  appPassword: string
  eventId: number
  /** Every line the process wrote to stdout and stderr so far. */
  output: () => string
  /** The JSON lines of stdout so far, parsed (log lines and the ready line). */
  jsonLines: () => Array<Record<string, any>>
  stop: () => Promise<void>
}


/**
 * Starts test/helpers/edgeServer.ts as its own process on a fresh embedded database, with `settings`
 * as its environment (PORT, SITE_URL, SERVER_ORIGINS, CORS_ORIGINS, LOG_LEVEL…). Resolves once it
 * prints its ready line.
 */
export async function startEdgeServer(settings: Record<string, string>): Promise<EdgeServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'calendar-edge-'))
  const child: ChildProcess = spawn(process.execPath, ['--conditions=production', '--import', 'tsx', 'test/helpers/edgeServer.ts'], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URI: `file:${path.join(dataDir, 'calendar.db')}`,
      PAYLOAD_SECRET: randomBytes(24).toString('hex'),
      ...settings,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout!.on('data', (d) => (stdout += d))
  child.stderr!.on('data', (d) => (stderr += d))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const jsonLines = () =>
    stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .flatMap((line) => {
        try {
          return [JSON.parse(line) as Record<string, any>]
        } catch {
          return []
        }
      })
  const deadline = Date.now() + 180_000
  for (;;) {
    const ready = jsonLines().find((line) => line.edgeServerReady)?.edgeServerReady
    if (ready) {
      return {
        ...ready,
        output: () => stdout + stderr,
        jsonLines,
        stop: async () => {
          if (child.exitCode === null) child.kill('SIGTERM')
          await exited
          rmSync(dataDir, { recursive: true, force: true })
        },
      }
    }
    if (child.exitCode !== null) throw new Error(`The edge server exited with ${child.exitCode}:\n${stdout}${stderr}`)
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`The edge server did not start:\n${stdout}${stderr}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}
