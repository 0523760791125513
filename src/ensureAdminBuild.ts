import { spawn } from 'node:child_process'
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { constants } from 'node:os'
import path from 'node:path'

const ROOT = process.cwd()
const SOURCES = ['src', 'collections', 'next.config.mjs', 'package.json']

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0
  const stat = statSync(target)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)))
  return newest
}

/**
 * Runs `next build` when there is no build, or when a source file changed since the sources the
 * last build started from (the stamp is taken before building, so edits during a build count).
 */
export async function ensureAdminBuild(): Promise<void> {
  const stamp = path.join(ROOT, '.next', 'calendar-sources-stamp')
  const builtFrom = existsSync(stamp) && existsSync(path.join(ROOT, '.next', 'BUILD_ID')) ? Number(readFileSync(stamp, 'utf8')) : -1
  const sources = Math.max(...SOURCES.map((s) => newestMtime(path.join(ROOT, s))))
  if (builtFrom >= sources) return
  process.stdout.write('Building the admin UI (first start or sources changed; takes a few minutes)…\n')
  const child = spawn(process.execPath, ['--conditions=production', path.join(ROOT, 'node_modules/next/dist/bin/next'), 'build', '--webpack'], {
    stdio: 'inherit',
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
  })
  // A stop request during the build stops the build too (no orphaned `next build`), then this process.
  let stoppedBy: NodeJS.Signals | undefined
  const forward = (signal: NodeJS.Signals) => {
    stoppedBy = signal
    child.kill(signal)
  }
  process.on('SIGTERM', forward).on('SIGINT', forward)
  const status = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject)
    child.once('exit', (code) => resolve(code))
  }).finally(() => process.off('SIGTERM', forward).off('SIGINT', forward))
  if (stoppedBy) process.exit(128 + constants.signals[stoppedBy])
  if (status !== 0) throw new Error(`next build failed with exit code ${status}`)
  writeFileSync(stamp, String(sources))
}
