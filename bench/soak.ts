// `npm run bench -- --soak S`: S seconds of mixed traffic on a fresh API server in its production
// configuration (response cache on, CACHE_MAX_MB): cold reads (list pages, filtered lists, single events
// by ID and by slug, on URLs that vary so the cache rarely answers) from autocannon, and a few event
// writes per second beside them (each empties the cache, as in production). RSS is sampled every second.
//
// The fixed overhead the memory bound allows is measured, not guessed: before the soak, a fresh server
// with every cache off (response and document caches) takes the same mix of reads and writes, and its
// peak RSS is the code's own working set under that traffic: its modules (the write path's, jsdom and
// Lexical, load on the first write), requests in flight and the garbage between collections.
// Budgets: bounded, the soak's peak RSS at most that peak plus CACHE_MAX_MB and DOCUMENT_CACHE_MB (the
// most the two caches may hold); flat, the peak of the soak's second half (after a warm-up) at most
// 15 % above the peak of its first half. Peaks, not single samples: RSS saw-tooths with collections,
// and a sample just after one says little; a leak raises the peaks.
import type { ChildProcess } from 'node:child_process'
import autocannon from 'autocannon'
import type { Budget } from './budgets.js'
import { writeEvent, type WriteTarget } from './eventWrites.js'
import type { Route } from './filteredRoutes.js'
import { rssMiB } from './startChild.js'

/** One server under the soak's mix. */
export interface SoakRun {
  seconds: number
  /** RSS of the server right after it reported ready, before any request (for reference). */
  idleMiB: number
  /** One sample a second. */
  rssMiB: number[]
  reads: { requests: number; requestsPerSecond: number; p50: number; p99: number; non2xx: number; errors: number; cacheHits: number }
  writes: { sent: number; created: number; perSecond: number }
}

export interface SoakResult extends SoakRun {
  /** The same mix on a fresh server with every cache off: its peak is the fixed overhead. */
  baseline: SoakRun
  cacheMaxMb: number
  /** The baseline's peak + cacheMaxMb: what the server may reach. */
  boundMiB: number
}

const SAMPLE_MS = 1000
// JIT, the first pages of every query and the heap's first growth happen in the first 15 s.
const WARM_UP_SAMPLES = 15
const WRITES_PER_SECOND = 2
// A slow server gets no more than this many writes at once (the rest of the schedule is skipped).
const WRITES_IN_FLIGHT = 4
/** The longest the cache-off baseline runs (its working set settles well within this). */
export const BASELINE_MAX_SECONDS = 120

/**
 * The reads of the soak, in turn: list pages (1 to `listPages`), filtered lists (page sizes 10–50, so
 * their URLs vary without asking for a page past the last, which is a 400), events by ID, by slug.
 */
export function soakPaths(filtered: Route[], listPages: number, eventIds: number[], eventSlugs: string[]): (n: number) => string {
  const kinds = [
    (n: number) => `/events?per_page=10&page=${(n % Math.max(1, listPages)) + 1}`,
    (n: number) => filtered[n % filtered.length]![1].replace(/per_page=\d+/, `per_page=${10 + (Math.floor(n / filtered.length) % 41)}`),
    (n: number) => `/events/${eventIds[n % eventIds.length]}`,
    (n: number) => `/events/by-slug/${eventSlugs[n % eventSlugs.length]}`,
  ]
  return (n) => kinds[n % kinds.length]!(Math.floor(n / kinds.length))
}

/** The peak of each `size` consecutive samples: how the log shows a long run. */
const windowPeaks = (samples: number[], size: number) =>
  Array.from({ length: Math.ceil(samples.length / size) }, (_, i) => Math.max(...samples.slice(i * size, (i + 1) * size)))

/** Runs the mix against one fresh server for `seconds`, sampling its RSS every second. */
export async function soak(options: {
  server: ChildProcess
  /** The namespace root of the server, e.g. http://127.0.0.1:4100/wp-json/calendar/events/v1 */
  base: string
  seconds: number
  connections: number
  path: (n: number) => string
  write: WriteTarget
  log: (line: string) => void
}): Promise<SoakRun> {
  const { server, log } = options
  const root = new URL(options.base).pathname
  const idleMiB = rssMiB(server.pid!)
  const samples: number[] = []
  const sampler = setInterval(() => samples.push(rssMiB(server.pid!)), SAMPLE_MS)
  const writes = { sent: 0, created: 0 }
  // A steady trickle of writes on a fixed schedule, WRITES_PER_SECOND a second, however slow each is.
  const inFlight = new Set<Promise<void>>()
  const writer = setInterval(() => {
    if (inFlight.size >= WRITES_IN_FLIGHT) return
    writes.sent++
    const write: Promise<void> = writeEvent(options.write)
      .then((status) => void (status === 201 && writes.created++), () => undefined)
      .finally(() => inFlight.delete(write))
    inFlight.add(write)
  }, 1000 / WRITES_PER_SECOND)
  let n = 0
  let cacheHits = 0
  const result = await autocannon({
    url: options.base,
    connections: options.connections,
    duration: options.seconds,
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => ({ ...req, path: `${root}${options.path(n++)}` }),
        onResponse: (_status, _body, _context, headers) => {
          if (headers && (headers as Record<string, string>)['x-cache'] === 'HIT') cacheHits++
        },
      },
    ],
  })
  clearInterval(writer)
  await Promise.all(inFlight)
  clearInterval(sampler)
  const run: SoakRun = {
    seconds: options.seconds,
    idleMiB,
    rssMiB: samples,
    reads: {
      requests: result.requests.total,
      requestsPerSecond: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors,
      cacheHits,
    },
    writes: { ...writes, perSecond: Math.round((writes.sent / options.seconds) * 10) / 10 },
  }
  log(`  reads ${run.reads.requestsPerSecond} req/s, p50 ${run.reads.p50} ms, p99 ${run.reads.p99} ms, ${run.reads.requests} requests (${cacheHits} from the cache)` +
    `${run.reads.non2xx || run.reads.errors ? `  ← ${run.reads.non2xx} non-2xx, ${run.reads.errors} errors` : ''}`)
  log(`  writes ${writes.created} of ${writes.sent} created (${run.writes.perSecond}/s)`)
  log(`  RSS MiB, peak of every 10 s: ${windowPeaks(samples, 10).join(' ')} (idle after start ${idleMiB}, peak ${Math.max(0, ...samples)})`)
  return run
}

const valid = (r: SoakRun) => r.reads.non2xx === 0 && r.reads.errors === 0 && r.writes.created === r.writes.sent

/** The two memory budgets of a soak. */
export function soakBudgets(s: SoakResult, run: string): Budget[] {
  const peak = Math.max(0, ...s.rssMiB)
  const after = s.rssMiB.slice(WARM_UP_SAMPLES)
  const half = Math.floor(after.length / 2)
  const firstPeak = Math.max(0, ...after.slice(0, half))
  const secondPeak = Math.max(0, ...after.slice(half))
  const long = half > 0
  const ok = long && valid(s) && valid(s.baseline)
  const why = ok ? '' : long ? ' (non-2xx answers or failed writes: not valid)' : ` (soak too short: needs more than ${WARM_UP_SAMPLES} s)`
  return [
    {
      budget: `soak: memory flat (peak RSS of the second half after a ${WARM_UP_SAMPLES} s warm-up at most 15 % above the first half's)`,
      value: `${firstPeak} → ${secondPeak} MiB (${(((secondPeak - firstPeak) / Math.max(firstPeak, 1)) * 100).toFixed(1)} %)${why}`,
      ok: ok && secondPeak <= firstPeak * 1.15,
      run,
    },
    {
      budget: `soak: memory bounded (peak RSS ≤ every-cache-off server's peak under the same mix + CACHE_MAX_MB + DOCUMENT_CACHE_MB ${s.cacheMaxMb})`,
      value: `peak ${peak} MiB, bound ${s.boundMiB - s.cacheMaxMb} + ${s.cacheMaxMb} = ${s.boundMiB} MiB${why}`,
      ok: ok && peak <= s.boundMiB,
      run,
    },
  ]
}
