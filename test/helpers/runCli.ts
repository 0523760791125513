import { spawn } from 'node:child_process'
import { operatorEnv } from './serverProcess.js'

/** `npm run cli`'s command line after `node`: the entry run from its compiled copy (src/runCompiled.mjs). */
export const CLI_ARGS = ['--conditions=production', 'src/runCompiled.mjs', 'src/cli.ts']

export interface CliResult {
  code: number | null
  stdout: string
  stderr: string
  /** Wall-clock time of the whole process, start to exit. */
  ms: number
}

/**
 * Runs `npm run cli`'s entry as a real process: against the given database, or with the given
 * environment (DATA_DIR, ENV_FILE, …) when `databaseUri` is undefined.
 */
export function runCli(args: string[], databaseUri: string | undefined, env: Record<string, string | undefined> = {}): Promise<CliResult> {
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...CLI_ARGS, ...args], {
      cwd: process.cwd(),
      env: operatorEnv({ ...(databaseUri ? { DATABASE_URI: databaseUri } : {}), ...env }),
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d) => (stdout += d))
    child.stderr.on('data', (d) => (stderr += d))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr, ms: Math.round(performance.now() - started) }))
  })
}
