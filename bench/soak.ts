// `npm run bench -- --soak S`: S seconds of mixed traffic on a fresh API server in its production
// configuration (response cache on, CACHE_MAX_MB): cold reads (list pages, filtered lists, single events
// by ID and by slug, on URLs that vary so the cache rarely answers) from autocannon, and a few event
// writes per second beside them (each empties the cache, as in production). RSS is sampled every 5 s.
// Budgets: flat (growth after the warm-up under 15 %) and bounded: the peak RSS at most the
// cache-off server's peak under the same reads in the same run (the code's own working set, which the
// idle RSS after start leaves out: 10 requests in flight grow the heap) plus CACHE_MAX_MB and
// DOCUMENT_CACHE_MB, the most the response and document caches may hold (the cache-off server had the
// document cache, but reads of other URLs may fill it further).
import type { ChildProcess } from 'node:child_process'
import autocannon from 'autocannon'
import type { Budget } from './budgets.js'
import { writeEvent, type WriteTarget } from './eventWrites.js'
import type { Route } from './filteredRoutes.js'
import { rssMiB } from './startChild.js'

export interface SoakResult {
  seconds: number
  /** RSS of the server right after it reported ready, before any request (for reference). */
  idleMiB: number
  /** The peak RSS of the cache-off server serving the same kinds of reads in this run: the fixed overhead. */
  baselineMiB: number
  cacheMaxMb: number
  /** baselineMiB + cacheMaxMb: what the server may reach. */
  boundMiB: number
  /** One sample every 5 s. */
  rssMiB: number[]
  /** The sample the growth is measured from: the end of the warm-up. */
  warmedUpMiB: number
  reads: { requests: number; requestsPerSecond: number; p50: number; p99: number; non2xx: number; errors: number; cacheHits: number }
  writes: { sent: number; created: number; perSecond: number }
}

const SAMPLE_MS = 5000
// JIT, the first pages of every query and the heap's first growth happen in the first 15 s.
const WARM_UP_SAMPLES = 3
const WRITES_PER_SECOND = 2
// A slow server gets no more than this many writes at once (the rest of the schedule is skipped).
const WRITES_IN_FLIGHT = 4

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

export async function soak(options: {
  server: ChildProcess
  idleMiB: number
  baselineMiB: number
  cacheMaxMb: number
  /** The namespace root of the server, e.g. http://127.0.0.1:4100/wp-json/calendar/events/v1 */
  base: string
  seconds: number
  connections: number
  path: (n: number) => string
  write: WriteTarget
  log: (line: string) => void
}): Promise<SoakResult> {
  const { server, log } = options
  const root = new URL(options.base).pathname
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
  const warmedUpMiB = samples[Math.min(WARM_UP_SAMPLES - 1, samples.length - 1)] ?? 0
  const measured: SoakResult = {
    seconds: options.seconds,
    idleMiB: options.idleMiB,
    baselineMiB: options.baselineMiB,
    cacheMaxMb: options.cacheMaxMb,
    boundMiB: options.baselineMiB + options.cacheMaxMb,
    rssMiB: samples,
    warmedUpMiB,
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
  log(`  reads ${measured.reads.requestsPerSecond} req/s, p50 ${measured.reads.p50} ms, p99 ${measured.reads.p99} ms, ${measured.reads.requests} requests (${cacheHits} from the cache)` +
    `${measured.reads.non2xx || measured.reads.errors ? `  ← ${measured.reads.non2xx} non-2xx, ${measured.reads.errors} errors` : ''}`)
  log(`  writes ${writes.created} of ${writes.sent} created (${measured.writes.perSecond}/s)`)
  log(`  RSS MiB every 5 s: ${samples.join(' ')} (idle after start ${options.idleMiB}; bound ${options.baselineMiB} + ${options.cacheMaxMb} = ${measured.boundMiB})`)
  return measured
}

/** The two memory budgets of a soak. */
export function soakBudgets(s: SoakResult, run: string): Budget[] {
  const last = s.rssMiB[s.rssMiB.length - 1] ?? 0
  const peak = Math.max(0, ...s.rssMiB)
  const valid = s.rssMiB.length > WARM_UP_SAMPLES && s.reads.non2xx === 0 && s.reads.errors === 0 && s.writes.created === s.writes.sent
  const why = valid ? '' : s.rssMiB.length > WARM_UP_SAMPLES ? ' (non-2xx answers or failed writes: not valid)' : ` (soak too short: needs more than ${WARM_UP_SAMPLES * 5} s)`
  return [
    {
      budget: `soak: memory flat (RSS growth after the ${WARM_UP_SAMPLES * 5} s warm-up under 15 %)`,
      value: `${s.warmedUpMiB} → ${last} MiB (${(((last - s.warmedUpMiB) / Math.max(s.warmedUpMiB, 1)) * 100).toFixed(1)} %)${why}`,
      ok: valid && last <= s.warmedUpMiB * 1.15,
      run,
    },
    {
      budget: `soak: memory bounded (peak RSS ≤ cache-off server's peak + CACHE_MAX_MB + DOCUMENT_CACHE_MB ${s.cacheMaxMb})`,
      value: `peak ${peak} MiB, bound ${s.baselineMiB} + ${s.cacheMaxMb} = ${s.boundMiB} MiB${why}`,
      ok: valid && peak <= s.boundMiB,
      run,
    },
  ]
}
