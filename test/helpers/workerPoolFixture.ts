// A primary running src/runWorkers.ts over tiny HTTP workers (no Payload), for the supervision rules
// that are slow or impossible to provoke with the real server: a worker that cannot start, a crash loop.
// Usage: node --import tsx test/helpers/workerPoolFixture.ts <fail-at-start|crash-loop> <port>
import cluster from 'node:cluster'
import http from 'node:http'
import { runWorkers } from '../../src/runWorkers.js'

const [mode, port] = process.argv.slice(2) as [string, string]
if (cluster.isPrimary) {
  const log = { info: (m: string) => console.log(m), warn: (m: string) => console.log(m), error: (m: string) => console.log(m) }
  try {
    await runWorkers({ count: 2, shutdownTimeoutSeconds: 1, log, maxCrashes: 3, crashWindowMs: 60_000 })
    console.log('ready')
    // Only now may the first workers die (earlier would be a failed start, not a crash loop).
    if (mode === 'crash-loop') for (const worker of Object.values(cluster.workers ?? {})) worker?.send('die')
  } catch (error) {
    console.log(`failed: ${(error as Error).message}`)
    process.exit(1)
  }
} else if (mode === 'fail-at-start') {
  process.exit(3)
} else {
  // Crash loop: the first two die when told, every replacement soon after it listens.
  process.on('message', () => process.exit(7))
  http
    .createServer((_req, res) => res.end(String(cluster.worker!.id)))
    .listen(Number(port), '127.0.0.1', () => {
      // What startServer sends once it serves the admin too.
      process.send!({ calendar: 'ready' })
      if (mode === 'crash-loop' && cluster.worker!.id > 2) setTimeout(() => process.exit(7), 300)
    })
}
