// `npm run bench`'s recurring events (issue 30): once the other measurements are done, weekly series are
// seeded until the occurrences table holds --occurrences rows (bench/recurringSeries.ts), fresh servers
// are started on the database, and the benchmark measures the filtered lists with those series present,
// the create of a weekly two-year series, the edit of one occurrence (which must change that
// occurrence's row only) and whether another process lists the edit.
import type { ChildProcess } from 'node:child_process'
import type { Budget } from './budgets.js'
import type { FilteredRow, Measurement } from './benchResults.js'
import { type Route, wallClock } from './filteredRoutes.js'
import { type RoutePlans, showQueryPlans } from './queryPlans.js'
import type { OccurrenceRow, SeedAnswer, SeedRequest } from './recurringSeries.js'
import { weeklyForTwoYears } from './weeklyRule.js'
import { startChild } from './startChild.js'

export interface RecurringResult {
  seeded: Omit<SeedAnswer, 'seriesIds' | 'titles' | 'provisionalBase'> & { how: string }
  /** The filtered lists' statements with the series present, as the first run's queryPlans. */
  queryPlans: RoutePlans[]
  filtered: Array<FilteredRow & { total: number }>
  /** POST /events of a weekly two-year series, one at a time: latency per create, ms. */
  creates: { count: number; p50: number; p99: number; failed: number; occurrencesListed: number; occurrencesExpected: number }
  /** PATCH /events/<provisional id>: latency, and per write how many of the series' rows changed. */
  edits: { count: number; p50: number; p99: number; failed: number; rowsChanged: number[]; rowsAddedOrRemoved: number; changedState: number }
  /** How long another process took to list an occurrence's edit made through the first (ms), or null if never within 30 s. */
  coherenceMs: number | null
}

const CREATES = 30
const EDITS = 20
const WARM_UP = 3
/** A weekly series over two years: 104 weeks and the first again (UNTIL is inclusive). */
const OCCURRENCES_PER_SERIES = 105
const COHERENCE_BOUND_MS = 1000
const base = (port: number) => `http://127.0.0.1:${port}/wp-json/calendar/events/v1`
const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!) : NaN
}

/** Sends one request to the seeding child and waits for its answer. */
function ask<T>(child: ChildProcess, message: unknown): Promise<T> {
  return new Promise((resolve, reject) => {
    child.once('message', (answer: { value?: T; error?: string }) => (answer.error ? reject(new Error(answer.error)) : resolve(answer.value as T)))
    child.send(message as object)
  })
}

const stop = (child: ChildProcess) => new Promise((resolve) => (child.exitCode !== null ? resolve(null) : (child.once('exit', resolve), child.kill())))

/** One timed request; its status and body. */
async function timed(url: string, init: RequestInit): Promise<{ ms: number; status: number; body: Record<string, unknown> }> {
  const started = performance.now()
  const res = await fetch(url, init)
  const body = (await res.json()) as Record<string, unknown>
  return { ms: performance.now() - started, status: res.status, body }
}

/** Rows of a series that differ between two reads: changed (same ID), and added or removed. */
export function rowChanges(before: OccurrenceRow[], after: OccurrenceRow[]): { changed: OccurrenceRow[]; addedOrRemoved: number } {
  const old = new Map(before.map((row) => [row.id, JSON.stringify(row)]))
  const ids = new Set(after.map((row) => row.id))
  const changed = after.filter((row) => old.has(row.id) && old.get(row.id) !== JSON.stringify(row))
  return { changed, addedOrRemoved: after.filter((row) => !old.has(row.id)).length + before.filter((row) => !ids.has(row.id)).length }
}

export async function measureRecurring(options: {
  uri: string
  kind: 'sqlite' | 'postgres'
  firstPort: number
  occurrences: number
  links: Omit<SeedRequest, 'occurrences'>
  routes: Route[]
  authorization: string
  /** Where the created series start. */
  start: Date
  load: (url: string, pid: number, connections: number) => Promise<Measurement>
  show: (m: Measurement) => string
  log: (line: string) => void
}): Promise<RecurringResult> {
  const { log, uri, kind } = options
  const children: ChildProcess[] = []
  try {
    log(`\nRecurring events: weekly two-year series seeded until the occurrences table holds ${options.occurrences.toLocaleString('en')} rows…`)
    // Response cache off, document cache on: its query plans are a cold server's.
    const seeder = await startChild('bench/recurringSeries.ts', [uri, kind], { ...process.env, CACHE_TTL_SECONDS: '0' })
    children.push(seeder)
    const seeded = await ask<SeedAnswer>(seeder, { seed: { occurrences: options.occurrences, ...options.links } })
    const how = 'series rows through the database adapter, their occurrences stored by the collection hook\'s syncOccurrences'
    log(`  seeded ${seeded.series.toLocaleString('en')} series, ${seeded.occurrences.toLocaleString('en')} occurrences in ${seeded.seconds} s (${how})`)
    await ask(seeder, { analyze: true })
    log('\nQuery plans of the filtered lists with the series present (one request each after an unrecorded one; time of the request and of each statement):')
    const queryPlans = await ask<RoutePlans[]>(seeder, { plans: options.routes })
    showQueryPlans(queryPlans, log)

    // Fresh servers: nothing of what the earlier ones kept applies to the database with series.
    const port = options.firstPort
    const cold = await startChild('bench/apiServer.ts', [String(port), uri, kind], { ...process.env, CACHE_TTL_SECONDS: '0' })
    children.push(cold)
    const bare = await startChild('bench/apiServer.ts', [String(port + 1), uri, kind], { ...process.env, CACHE_TTL_SECONDS: '0', DOCUMENT_CACHE_MB: '0' })
    children.push(bare)
    const warm = await startChild('bench/apiServer.ts', [String(port + 2), uri, kind], process.env)
    children.push(warm)

    log(`\nFiltered lists with ${seeded.occurrences.toLocaleString('en')} occurrences stored, cold, one connection (same budget as above; items listed in brackets):`)
    const filtered: RecurringResult['filtered'] = []
    for (const [label, route] of options.routes) {
      const total = Number((await fetch(`${base(port)}${route}`)).headers.get('x-tec-total'))
      const m = await options.load(`${base(port)}${route}`, cold.pid!, 1)
      const b = await options.load(`${base(port + 1)}${route}`, bare.pid!, 1)
      filtered.push({ route: label, path: route, coldAlone: m, bareAlone: b, total })
      log(`  ${`${label} (${total.toLocaleString('en')})`.padEnd(58)} ${options.show(m)}`)
      log(`  ${'  every cache off'.padEnd(58)} ${options.show(b)}`)
    }

    // An editor's create of a weekly series over two years, one at a time after a few not counted.
    const headers = { 'content-type': 'application/json', authorization: options.authorization }
    const tag = `Bench series ${Date.now().toString(36)}`
    const createMs: number[] = []
    let failed = 0
    for (let n = 0; n < WARM_UP + CREATES; n++) {
      const start = new Date(options.start.getTime() + n * 3_600_000)
      const { ms, status } = await timed(`${base(port)}/events`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          title: `${tag} ${n}`,
          status: 'publish',
          start_date: wallClock(start),
          end_date: wallClock(new Date(start.getTime() + 3_600_000)),
          recurrence: [weeklyForTwoYears(start)],
        }),
      })
      if (status !== 201) failed++
      else if (n >= WARM_UP) createMs.push(ms)
    }
    // Every created series lists its occurrences.
    // (The default window ends 24 months from now, before the last weeks of these series.)
    const window = `start_date=${encodeURIComponent(wallClock(new Date(options.start.getTime() - 86_400_000)))}&end_date=${encodeURIComponent(wallClock(new Date(options.start.getTime() + 3 * 365 * 86_400_000)))}`
    const occurrencesListed = Number((await fetch(`${base(port)}/events?search=${encodeURIComponent(tag)}&${window}&per_page=1`)).headers.get('x-tec-total'))
    const occurrencesExpected = (WARM_UP + CREATES - failed) * OCCURRENCES_PER_SERIES
    const creates = { count: createMs.length, p50: quantile(createMs, 0.5), p99: quantile(createMs, 0.99), failed, occurrencesListed, occurrencesExpected }
    log(`\nPOST /events of a weekly series over two years, 1 connection: p50 ${creates.p50} ms, p99 ${creates.p99} ms over ${creates.count} creates (${failed} not 201); occurrences listed afterwards ${occurrencesListed} (expected ${occurrencesExpected})`)

    // One occurrence of each of EDITS seeded series edited on its own: its row alone may change.
    const editMs: number[] = []
    const rowsChanged: number[] = []
    let addedOrRemoved = 0
    let changedState = 0
    let editFailed = 0
    // The coherence probe's occurrence, picked from the seeded series as the edits' are.
    let probe: { item: { id: number; title: string }; seriesId: number } | undefined
    for (let i = 0; i < EDITS + 1; i++) {
      const seriesId = seeded.seriesIds[i * Math.floor(seeded.series / (EDITS + 1))]!
      const listed = (await (await fetch(`${base(port)}/events?post_parent=${seriesId}&per_page=5`)).json()) as { events?: Array<{ id: number; title: string }> }
      const item = listed.events?.[2]
      if (!item) throw new Error(`series ${seriesId} lists fewer than 3 occurrences`)
      if (i === EDITS) {
        probe = { item, seriesId }
        break
      }
      const before = await ask<OccurrenceRow[]>(seeder, { rows: seriesId })
      const { ms, status, body } = await timed(`${base(port)}/events/${item.id}`, { method: 'PATCH', headers, body: JSON.stringify({ title: `${item.title} (moved)` }) })
      if (status !== 200) {
        editFailed++
        continue
      }
      if (i > 0) editMs.push(ms)
      // The reading process's SQLite connection may go on seeing an older snapshot for a moment (seen
      // for seconds right after the seeding): read again until the rows move, for at most 5 s.
      let after = await ask<OccurrenceRow[]>(seeder, { rows: seriesId })
      for (const since = performance.now(); !rowChanges(before, after).changed.length && performance.now() - since < 5000; ) {
        await new Promise((resolve) => setTimeout(resolve, 100))
        after = await ask<OccurrenceRow[]>(seeder, { rows: seriesId })
      }
      const changes = rowChanges(before, after)
      rowsChanged.push(changes.changed.length)
      addedOrRemoved += changes.addedOrRemoved
      const rowId = item.id - seeded.provisionalBase
      if (changes.changed.length === 1 && changes.changed[0]!.id === rowId && changes.changed[0]!.state === 'changed') changedState++
      else {
        // What the write did instead, to say why.
        const show = (rows: OccurrenceRow[]) => JSON.stringify(rows.find((row) => row.id === rowId) ?? null)
        log(`  edit of ${item.id} (series ${seriesId}, row ${rowId}) answered id ${String(body.id)}: ${changes.changed.length} rows changed; the row before ${show(before)}, after ${show(after)}`)
      }
    }
    const edits = { count: editMs.length, p50: quantile(editMs, 0.5), p99: quantile(editMs, 0.99), failed: editFailed, rowsChanged, rowsAddedOrRemoved: addedOrRemoved, changedState }
    log(`PATCH /events/<provisional id> (one occurrence), 1 connection: p50 ${edits.p50} ms, p99 ${edits.p99} ms over ${edits.count} edits after one not counted (${editFailed} not 200)`)
    log(`  rows of the series changed per edit: ${rowsChanged.join(' ')}; added or removed: ${addedOrRemoved}; the edited occurrence's row alone, now 'changed': ${changedState} of ${rowsChanged.length}`)

    // Another process (response cache on) lists the series; an edit through the first must reach it.
    if (!probe) throw new Error('no occurrence left for the coherence probe')
    const { item } = probe
    const route = `/events?post_parent=${probe.seriesId}&per_page=5`
    for (let attempt = 1; ; attempt++) {
      const res = await fetch(`${base(port + 2)}${route}`)
      await res.arrayBuffer()
      if (res.headers.get('x-cache') === 'HIT') break
      if (attempt === 50) throw new Error(`${base(port + 2)}${route} is never answered from the cache`)
    }
    const title = `${item.title} (edited through another process)`
    const res = await fetch(`${base(port)}/events/${item.id}`, { method: 'PATCH', headers, body: JSON.stringify({ title }) })
    const acknowledged = performance.now()
    if (res.status !== 200) throw new Error(`the coherence probe's PATCH answered ${res.status}: ${await res.text()}`)
    let coherenceMs: number | null = null
    while (performance.now() - acknowledged < 30_000) {
      const body = (await (await fetch(`${base(port + 2)}${route}`)).json()) as { events?: Array<{ id: number; title: string }> }
      if (body.events?.some((e) => e.id === item.id && e.title === title)) {
        coherenceMs = Math.round(performance.now() - acknowledged)
        break
      }
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    log(`Caches across processes: an occurrence edited through one server was listed by another (response cache on) after ${coherenceMs === null ? 'more than 30 s' : `${coherenceMs} ms`}`)

    return { seeded: { series: seeded.series, occurrences: seeded.occurrences, seconds: seeded.seconds, how }, queryPlans, filtered, creates, edits, coherenceMs }
  } finally {
    await Promise.all(children.map(stop))
  }
}

/** The summary lines of the recurring events' budgets. */
export function recurringBudgets(r: RecurringResult, at: (how: string) => string, filteredP50: number, filteredP99: number): Budget[] {
  const store = `${r.seeded.series.toLocaleString('en')} series, ${r.seeded.occurrences.toLocaleString('en')} occurrences`
  const createsValid = r.creates.failed ? ` (${r.creates.failed} not 201: not valid)` : r.creates.occurrencesListed < r.creates.occurrencesExpected ? ` (${r.creates.occurrencesListed} occurrences listed of ${r.creates.occurrencesExpected}: not valid)` : ''
  const budgets: Budget[] = [
    {
      budget: 'POST /events of a weekly series over two years (105 occurrences) p50 < 100 ms',
      value: `p50 ${r.creates.p50} ms, p99 ${r.creates.p99} ms${createsValid}`,
      ok: !createsValid && r.creates.p50 < 100,
      run: at(`${store}, ${r.creates.count} creates, 1 connection`),
    },
  ]
  for (const f of r.filtered) {
    const m = f.coldAlone
    const invalid = m.non2xx || m.errors ? ` (${m.non2xx} non-2xx, ${m.errors} errors: not valid)` : ''
    budgets.push({
      budget: `filtered ${f.route.replace(/^GET /, '')} with series: median < ${filteredP50} ms, p99 < ${filteredP99} ms`,
      value: `p50 ${m.p50} ms, p99 ${m.p99} ms${invalid}; every cache off: p50 ${f.bareAlone.p50} ms, p99 ${f.bareAlone.p99} ms; ${f.total.toLocaleString('en')} listed`,
      ok: !invalid && m.p50 < filteredP50 && m.p99 < filteredP99,
      run: at(`${store}, response cache off, 1 connection`),
    })
  }
  const e = r.edits
  const onlyOne = e.rowsChanged.length > 0 && e.rowsChanged.every((n) => n === 1) && !e.rowsAddedOrRemoved && e.changedState === e.rowsChanged.length && !e.failed
  budgets.push({
    budget: 'PATCH /events/<provisional id> changes that occurrence\'s row only',
    value: `p50 ${e.p50} ms, p99 ${e.p99} ms; rows changed per edit: ${[...new Set(e.rowsChanged)].join(', ')} (the edited one, now 'changed', in ${e.changedState} of ${e.rowsChanged.length}), ${e.rowsAddedOrRemoved} added or removed${e.failed ? `, ${e.failed} not 200` : ''}`,
    ok: onlyOne,
    run: at(`${store}, ${e.rowsChanged.length} edits, 1 connection`),
  })
  budgets.push({
    budget: `an occurrence's edit listed by another process within ${COHERENCE_BOUND_MS} ms`,
    value: r.coherenceMs === null ? 'not within 30 s' : `${r.coherenceMs} ms`,
    ok: r.coherenceMs !== null && r.coherenceMs <= COHERENCE_BOUND_MS,
    run: at(`${store}, 2 processes, response cache on in the reader`),
  })
  return budgets
}
