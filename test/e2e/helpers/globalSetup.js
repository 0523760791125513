// The browser tests run against the admin's production build: make it when missing or stale
// (a no-op after `npm run build`, which CI runs first).
import { spawnSync } from 'node:child_process'

export default async function globalSetup() {
  const result = spawnSync(process.execPath, ['--conditions=production', '--import', 'tsx', 'src/buildAdmin.ts'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_OPTIONS: '' },
  })
  if (result.status !== 0) throw new Error(`The admin build failed (exit code ${result.status}).`)
}
