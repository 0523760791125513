import { readFileSync } from 'node:fs'
import v8 from 'node:v8'
import { runInNewContext } from 'node:vm'
import fc from 'fast-check'
import { asCurl, send, type HttpAnswer, type HttpRequest } from './rawHttp.js'

/**
 * Seed and size of a run: FUZZ_SEED and FUZZ_RUNS override them, to replay a failure or fuzz longer.
 * The PostgreSQL lane sends half as many by default: each request costs it more time.
 */
export function fuzzSettings(defaultRuns: number) {
  const lane = process.env.TEST_DATABASE === 'postgres' ? 0.5 : 1
  return {
    seed: Number(process.env.FUZZ_SEED ?? 20261124),
    runs: Number(process.env.FUZZ_RUNS ?? Math.round(defaultRuns * lane)),
    /** FUZZ_ALL=1: go on after a bad answer and list every one at the end (the run still fails). */
    all: process.env.FUZZ_ALL === '1',
  }
}

/** Requests sent at once: one fast-check run is one batch. */
export const BATCH = 10

export interface FuzzOptions<C> {
  origin: string
  cases: fc.Arbitrary<C>
  toRequest: (c: C) => HttpRequest
  /** What is wrong with an answer, or undefined. */
  problemOf: (request: HttpRequest, answer: HttpAnswer) => string | undefined
  /** Called with every answer, for the coverage assertions. */
  seen: (c: C, request: HttpRequest, answer: HttpAnswer) => void
  /** A request that must answer 200 after every batch: the process is still up and serving. */
  health: HttpRequest
  seed: number
  runs: number
  all?: boolean
  /** Cases sent first, as one batch, on every run: inputs that once failed. */
  examples?: C[]
}

/**
 * Sends `runs` generated requests, BATCH at a time, each batch followed by the health request. The
 * first bad answer fails the property with its request as a curl command line; fast-check adds the
 * seed, the path and the shrunk counterexample. Returns how many requests were sent.
 */
export async function runFuzz<C>(options: FuzzOptions<C>): Promise<{ sent: number; problems: string[] }> {
  let sent = 0
  const collected = new Map<string, string>()
  await fc.assert(
    fc.asyncProperty(fc.array(options.cases, { minLength: BATCH, maxLength: BATCH }), async (batch) => {
      const problems = await Promise.all(
        batch.map(async (c) => {
          const request = options.toRequest(c)
          const answer = await send(options.origin, request)
          sent += 1
          options.seen(c, request, answer)
          const problem = options.problemOf(request, answer)
          if (!problem) return undefined
          return { problem, text: `${problem}\n${asCurl(options.origin, request)}\n→ ${answer.text.slice(0, 600)}` }
        }),
      )
      const health = await send(options.origin, options.health)
      if (health.status !== 200) throw new Error(`the health request answered ${health.status} after a batch`)
      const found = problems.filter((p) => p !== undefined)
      if (!found.length) return
      if (!options.all) throw new Error(found[0]!.text)
      // One entry per kind of problem and request line, so a survey stays readable.
      for (const p of found) {
        const key = `${p.problem} ${p.text.split('\n')[1]!.slice(0, 80)}`
        if (!collected.has(key)) collected.set(key, p.text)
      }
    }),
    // fast-check counts the examples' run among numRuns.
    { seed: options.seed, numRuns: Math.ceil(options.runs / BATCH) + (options.examples?.length ? 1 : 0), examples: options.examples?.length ? [[options.examples]] : [] },
  )
  return { sent, problems: [...collected.values()] }
}

/**
 * Growth allowed after a full garbage collection: the JavaScript heap (with buffers), where a leak in
 * JavaScript shows, and anonymous RSS (native memory too), without the file-backed pages of the
 * database's mapped files, which grow with the database rather than with leaks. Native allocators
 * keep freed arenas, so anonymous RSS measured 95–390 MB of growth over runs that leaked nothing.
 */
export const HEAP_BOUND_MB = 100
export const RSS_BOUND_MB = 512

/**
 * Memory of this process (the server runs in it) after a full garbage collection, in MB: RSS, its
 * anonymous part (Linux: without file-backed pages such as SQLite's mapped files), and the JavaScript
 * heap plus buffers, which is where a leak in JavaScript would show.
 */
export function memoryMb(): { rss: number; anon: number; heap: number } {
  v8.setFlagsFromString('--expose-gc')
  const gc = runInNewContext('gc') as () => void
  gc()
  const usage = process.memoryUsage()
  let anon = usage.rss
  try {
    const kb = /RssAnon:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]
    if (kb) anon = Number(kb) * 1024
  } catch {
    // not Linux: RSS as a whole
  }
  return { rss: usage.rss / 2 ** 20, anon: anon / 2 ** 20, heap: (usage.heapUsed + usage.external) / 2 ** 20 }
}
