// `npm run bench -- --instances N`: N server processes on one database (response cache on), load spread
// across them, and the staleness after a write: how long the other instances go on answering what they
// had cached before a write acknowledged by one of them (docs/operations.md, Several instances: 1 s).
import type { ChildProcess } from 'node:child_process'
import autocannon from 'autocannon'
import type { Budget } from './budgets.js'
import { startChild } from './startChild.js'

export interface InstancesResult {
  instances: number
  requestsPerSecond: number
  p50: number
  p99: number
  non2xx: number
  /** Per probe: the longest any other instance kept the previous answer, in ms. */
  stalenessMs: number[]
}

const BOUND_MS = 1000
const PROBES = 5
const base = (port: number) => `http://127.0.0.1:${port}/wp-json/calendar/events/v1`

/** The cached answer to a search no event matches yet, on every instance (read until it is a HIT). */
async function warm(ports: number[], route: string): Promise<void> {
  for (const port of ports) {
    for (let attempt = 1; ; attempt++) {
      const res = await fetch(`${base(port)}${route}`)
      await res.arrayBuffer()
      if (res.headers.get('x-cache') === 'HIT') break
      if (attempt === 50) throw new Error(`${base(port)}${route} is never answered from the cache`)
    }
  }
}

/** Milliseconds until `port` lists an event titled `title` at `route` (gives up after 30 s). */
async function freshAfter(port: number, route: string, title: string, acknowledged: number): Promise<number> {
  for (;;) {
    const elapsed = performance.now() - acknowledged
    const body = (await (await fetch(`${base(port)}${route}`)).json()) as { events?: Array<{ title: string }> }
    if (body.events?.some((e) => e.title === title)) return elapsed
    if (elapsed > 30_000) return elapsed
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

/**
 * Starts `count` instances on `uri` (ports from `firstPort`), loads GET /events?per_page=10 across all
 * of them for `duration` seconds and, during that load, writes PROBES events through one instance after
 * another, timing how long the others take to list each.
 */
export async function measureInstances(options: {
  count: number
  uri: string
  kind: string
  firstPort: number
  duration: number
  connections: number
  authorization: string
  startDate: string
  endDate: string
  log: (line: string) => void
}): Promise<InstancesResult> {
  const { count, log } = options
  const ports = Array.from({ length: count }, (_, i) => options.firstPort + i)
  const children: ChildProcess[] = []
  try {
    // One after another: the first runs whatever migration is pending, alone.
    for (const port of ports) children.push(await startChild('bench/apiServer.ts', [String(port), options.uri, options.kind], process.env))
    log(`\n${count} instances on one database (ports ${ports[0]}–${ports[ports.length - 1]}), response cache on:`)
    // autocannon spreads connections over an array of URLs (its typings admit only one).
    const urls = ports.map((port) => `${base(port)}/events?per_page=10`) as unknown as string
    const load = autocannon({ url: urls, connections: Math.max(options.connections, count), duration: options.duration })
    const stalenessMs: number[] = []
    const tag = Date.now().toString(36)
    for (let probe = 0; probe < PROBES; probe++) {
      const title = `Staleness probe ${tag} ${probe}`
      const route = `/events?search=${encodeURIComponent(title)}&per_page=5`
      await warm(ports, route)
      const writer = ports[probe % count]!
      const res = await fetch(`${base(writer)}/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: options.authorization },
        body: JSON.stringify({ title, status: 'publish', start_date: options.startDate, end_date: options.endDate }),
      })
      const acknowledged = performance.now()
      if (res.status !== 201) throw new Error(`probe write answered ${res.status}: ${await res.text()}`)
      const others = ports.filter((port) => port !== writer)
      const waits = await Promise.all(others.map((port) => freshAfter(port, route, title, acknowledged)))
      stalenessMs.push(Math.round(Math.max(...waits)))
      await new Promise((resolve) => setTimeout(resolve, (options.duration * 1000) / (PROBES + 1) / 2))
    }
    const result = await load
    const measured = {
      instances: count,
      requestsPerSecond: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
      non2xx: result.non2xx,
      stalenessMs,
    }
    log(`  ${'GET /events?per_page=10, spread'.padEnd(50)} ${String(measured.requestsPerSecond).padStart(6)} req/s  p50 ${measured.p50} ms  p99 ${measured.p99} ms`)
    log(`  staleness after a write on another instance (ms, ${PROBES} probes under that load): ${stalenessMs.join(' ')}`)
    return measured
  } finally {
    await Promise.all(children.map((child) => new Promise((resolve) => (child.exitCode !== null ? resolve(null) : (child.once('exit', resolve), child.kill())))))
  }
}

/** The summary line of the instances budget. */
export function instancesBudget(result: InstancesResult, run: string): Budget {
  const worst = Math.max(...result.stalenessMs)
  return { budget: `${result.instances} instances: no answer staler than ${BOUND_MS} ms after a write on another (max of ${result.stalenessMs.length} probes)`, value: `${worst} ms`, ok: worst <= BOUND_MS, run }
}
