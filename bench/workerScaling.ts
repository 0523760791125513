// `npm run bench -- --workers N`: throughput of a route cold, cached and with every cache off, with 1
// and with N workers (WEB_CONCURRENCY) behind one port, so the gain of every further core shows in the
// summary. The load generator shares the machine's cores: the cheaper a request, the less a further
// worker can add, which the every-cache-off figure shows least clouded.
import autocannon from 'autocannon'
import { startChild } from './startChild.js'

export interface ScalingRow {
  workers: number
  /** GET /events?per_page=10 with the response cache off. */
  cold: { requestsPerSecond: number; p50: number; p99: number; non2xx: number; errors: number }
  /** The same route answered from the response cache. */
  cached: { requestsPerSecond: number; p50: number; p99: number; non2xx: number; errors: number }
  /** The same route with every cache off (response and document caches): the most work a request can be. */
  uncached: { requestsPerSecond: number; p50: number; p99: number; non2xx: number; errors: number }
}

export interface ScalingOptions {
  uri: string
  kind: 'sqlite' | 'postgres'
  workers: number
  port: number
  connections: number
  duration: number
  log: (line: string) => void
}

const ROUTE = '/wp-json/calendar/events/v1/events?per_page=10'

async function measure(url: string, connections: number, duration: number, workers: number) {
  // Warm-up: JIT, the page cache and (for the cached server) the cache entry of every worker, each of which warms up alone.
  await autocannon({ url, connections, duration: 2 * workers })
  const result = await autocannon({ url, connections, duration })
  return { requestsPerSecond: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors }
}

async function stop(child: import('node:child_process').ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)))
  child.kill('SIGTERM')
  await exited
}

/**
 * Starts the API (bench/clusterApiServer.ts) with 1 and with `workers` workers, with the response cache
 * off, on, and with every cache off, and loads each.
 */
export async function measureWorkerScaling(options: ScalingOptions): Promise<ScalingRow[]> {
  const { log } = options
  const rows: ScalingRow[] = []
  log(`\nWorkers (WEB_CONCURRENCY), GET /events?per_page=10, ${options.connections} connections:`)
  for (const workers of [...new Set([1, options.workers])]) {
    const env = { ...process.env, WEB_CONCURRENCY: String(workers) }
    const run = async (settings: Record<string, string>) => {
      const server = await startChild('bench/clusterApiServer.ts', [String(options.port), options.uri, options.kind], { ...env, ...settings })
      try {
        return await measure(`http://127.0.0.1:${options.port}${ROUTE}`, options.connections, options.duration, workers)
      } finally {
        await stop(server)
      }
    }
    const row: ScalingRow = { workers, cold: await run({ CACHE_TTL_SECONDS: '0' }), cached: await run({}), uncached: await run({ CACHE_TTL_SECONDS: '0', DOCUMENT_CACHE_MB: '0' }) }
    rows.push(row)
    const first = rows[0]!
    const gain = (now: number, was: number) => (workers === 1 ? '' : ` (${(now / Math.max(was, 1)).toFixed(2)} ×)`)
    const shown = (label: string, kind: 'cold' | 'cached' | 'uncached') =>
      `   ${label} ${String(row[kind].requestsPerSecond).padStart(5)} req/s p99 ${row[kind].p99} ms${gain(row[kind].requestsPerSecond, first[kind].requestsPerSecond)}`
    const invalid = [row.cold, row.cached, row.uncached].some((m) => m.non2xx + m.errors)
    log(`  ${String(workers).padStart(2)} worker${workers === 1 ? ' ' : 's'}${shown('cold', 'cold')}${shown('cached', 'cached')}${shown('every cache off', 'uncached')}` +
      (invalid ? '  ← non-2xx or errors: not a valid measurement' : ''))
  }
  return rows
}
