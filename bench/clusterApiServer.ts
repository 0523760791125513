// Child process of the benchmark: the calendar API (Payload + Express, no admin) in WEB_CONCURRENCY
// workers on one port, supervised by the same primary as `npm start` (src/runWorkers.ts). The
// database is seeded and migrated before; workers start with migrations off, as under `npm start`.
// Usage: node --conditions=production --import tsx bench/clusterApiServer.ts <port> <databaseUri> <kind>
import cluster from 'node:cluster'
import { getPayload } from 'payload'
import { createApp } from '../src/app.js'
import { env } from '../src/env.js'
import { buildCalendarConfig } from '../src/payload.config.js'
import { runWorkers } from '../src/runWorkers.js'

const [port, uri, kind] = process.argv.slice(2) as [string, string, 'sqlite' | 'postgres' | 'mongodb']
if (cluster.isPrimary) {
  const log = { info: () => {}, warn: (m: string) => process.stderr.write(`${m}\n`), error: (m: string) => process.stderr.write(`${m}\n`) }
  await runWorkers({ count: env.WEB_CONCURRENCY, shutdownTimeoutSeconds: 1, log })
  process.send?.({ ready: true })
} else {
  const payload = await getPayload({ config: buildCalendarConfig(uri, kind, {}, { migrations: false }) })
  createApp(payload).listen(Number(port), '127.0.0.1')
  // The benchmark stops it between runs; nothing in flight is worth waiting for.
  process.on('SIGTERM', () => process.exit(0))
}
