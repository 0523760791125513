// `npm run bench -- --workers N`: throughput of a cold and a cached route with 1 and with N workers
// (WEB_CONCURRENCY) behind one port, so the gain of every further core shows in the summary.
import autocannon from 'autocannon'
import { startChild } from './startChild.js'

export interface ScalingRow {
  workers: number
  /** GET /events?per_page=10 with the response cache off. */
  cold: { requestsPerSecond: number; p50: number; p99: number; non2xx: number; errors: number }
  /** The same route answered from the response cache. */
  cached: { requestsPerSecond: number; p50: number; p99: number; non2xx: number; errors: number }
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

/** Starts the API (bench/clusterApiServer.ts) with 1 and with `workers` workers, cache off and on, and loads each. */
export async function measureWorkerScaling(options: ScalingOptions): Promise<ScalingRow[]> {
  const { log } = options
  const rows: ScalingRow[] = []
  log(`\nWorkers (WEB_CONCURRENCY), GET /events?per_page=10, ${options.connections} connections:`)
  for (const workers of [...new Set([1, options.workers])]) {
    const env = { ...process.env, WEB_CONCURRENCY: String(workers) }
    const cold = await startChild('bench/clusterApiServer.ts', [String(options.port), options.uri, options.kind], { ...env, CACHE_TTL_SECONDS: '0' })
    let coldResult: ScalingRow['cold']
    try {
      coldResult = await measure(`http://127.0.0.1:${options.port}${ROUTE}`, options.connections, options.duration, workers)
    } finally {
      await stop(cold)
    }
    const cached = await startChild('bench/clusterApiServer.ts', [String(options.port), options.uri, options.kind], env)
    let cachedResult: ScalingRow['cached']
    try {
      cachedResult = await measure(`http://127.0.0.1:${options.port}${ROUTE}`, options.connections, options.duration, workers)
    } finally {
      await stop(cached)
    }
    rows.push({ workers, cold: coldResult, cached: cachedResult })
    const first = rows[0]!
    const gain = (now: number, was: number) => (workers === 1 ? '' : ` (${(now / Math.max(was, 1)).toFixed(2)} × 1 worker)`)
    log(`  ${String(workers).padStart(2)} worker${workers === 1 ? ' ' : 's'}  cold ${String(coldResult.requestsPerSecond).padStart(5)} req/s p99 ${coldResult.p99} ms${gain(coldResult.requestsPerSecond, first.cold.requestsPerSecond)}` +
      `   cached ${String(cachedResult.requestsPerSecond).padStart(6)} req/s p99 ${cachedResult.p99} ms${gain(cachedResult.requestsPerSecond, first.cached.requestsPerSecond)}` +
      (coldResult.non2xx + coldResult.errors + cachedResult.non2xx + cachedResult.errors ? '  ← non-2xx or errors: not a valid measurement' : ''))
  }
  return rows
}
