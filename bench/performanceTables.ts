// `npm run bench:tables -- bench/results-sqlite-10000.json bench/results-postgres-10000.json …`: the
// Performance tables of docs/performance.md, made from the JSON files `npm run bench` writes (one per
// database and size), so the figures there are the runs' own. With `--into docs/performance.md` it replaces
// what stands between that page's `<!-- bench:begin -->` and `<!-- bench:end -->` markers (`--readme FILE`,
// the older name, still works); without, it prints.
import { readFileSync, writeFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import type { BenchResults as Results, Measurement, Row } from './benchResults.js'
import { percent } from './budgets.js'

const { values, positionals } = parseArgs({ options: { into: { type: 'string' }, readme: { type: 'string' } }, allowPositionals: true })
const target = values.into ?? values.readme
if (positionals.length === 0) throw new Error('name the results files: bench/results-<database>-<events>.json …')
const runs: Results[] = positionals.map((file) => JSON.parse(readFileSync(file, 'utf8')) as Results)

const DATABASE = { sqlite: 'SQLite', postgres: 'PostgreSQL' } as const
const size = (events: number) => (events >= 1000 && events % 1000 === 0 ? `${events / 1000}k` : String(events))
const name = (r: Results) => `${DATABASE[r.database]} ${size(r.events)}`
const n = (x: number) => x.toLocaleString('en')
/** requests/s (p50/p99), and the share of the run's ceiling where it is asked for. */
const cell = (r: Results, m: Measurement | undefined, share = false) =>
  m ? `${n(m.requestsPerSecond)} (${m.p50}/${m.p99})${share ? `, ${percent(m.requestsPerSecond, r.ceiling.requestsPerSecond)}` : ''}${m.non2xx || m.errors ? ' (not valid)' : ''}` : ''
const table = (head: string[], body: string[][]) =>
  [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...body.map((cells) => `| ${cells.join(' | ')} |`)].join('\n')
const isRead = (row: Row) => row.route.startsWith('GET ')
const shared = (row: Row) => row.route === 'GET /events?per_page=10' || row.route.startsWith('GET /events/')
const code = (route: string) => `\`${route.replace(/^GET /, '')}\``
/** Budget texts name routes with `<slug>`, which Markdown would take for a tag. */
const text = (s: string) => s.replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** The first and the last worker count of a run's scaling rows: requests/s from one to the other, and the gain. */
const scaling = (r: Results, kind: 'cold' | 'uncached', named = false) => {
  const [one, many] = [r.workerScaling?.[0], r.workerScaling?.at(-1)]
  if (!one || !many) return 'not run'
  const gain = (many[kind].requestsPerSecond / Math.max(1, one[kind].requestsPerSecond)).toFixed(2)
  return `${n(one[kind].requestsPerSecond)} → ${n(many[kind].requestsPerSecond)} (${named ? `${many.workers} workers, ` : ''}${gain} ×)`
}

const out: string[] = []
const sizes = [...new Set(runs.map((r) => r.events))].sort((a, b) => a - b)
for (const events of sizes) {
  const group = runs.filter((r) => r.events === events)
  const head = ['Route', ...group.flatMap((r) => [`${name(r)}, repeated`, 'without Accept-Encoding', `${name(r)}, cold`, 'every cache off'])]
  const body: string[][] = [['ceiling (bare Express, 5 KB JSON)', ...group.flatMap((r) => [cell(r, r.ceiling), '', '', ''])]]
  for (const row of group[0]!.routes.filter(isRead)) {
    body.push([code(row.route), ...group.flatMap((r) => {
      const own = r.routes.find((x) => x.route === row.route)!
      return [cell(r, own.warm, true), own.warmIdentity ? percent(own.warmIdentity.requestsPerSecond, r.ceiling.requestsPerSecond) : '', cell(r, own.cold, shared(row)), cell(r, own.bare, true)]
    })])
    if (row.coldAlone) body.push(['same, one connection', ...group.flatMap((r) => ['', '', cell(r, r.routes.find((x) => x.route === row.route)!.coldAlone), ''])])
  }
  out.push(`At ${n(events)} events, requests/s (p50/p99 ms), share of the ceiling:`, '', table(head, body), '')
}

out.push('Filtered lists, one connection, p50 / p99 ms, cold (every cache off in brackets):', '')
out.push(table(['Filter', ...runs.map(name)], runs[0]!.filtered.map((f, i) => [code(f.route), ...runs.map((r) => {
  const own = r.filtered[i]!
  return `${own.coldAlone.p50} / ${own.coldAlone.p99} (${own.bareAlone.p50} / ${own.bareAlone.p99})`
})])), '')

const perRun: string[][] = [
  ['`POST /events`, 1 connection', ...runs.map((r) => cell(r, r.writes.one))],
  [`\`POST /events\`, ${runs[0]!.connections} connections`, ...runs.map((r) => cell(r, r.writes.many))],
  ['events listed after the writes / answered 201', ...runs.map((r) => `${n(r.writes.listed)} / ${n(r.writes.created)}`)],
  ['cold list, 1 → N workers', ...runs.map((r) => scaling(r, 'cold', true))],
  ['every cache off, 1 → N workers', ...runs.map((r) => scaling(r, 'uncached'))],
  ['staleness on another instance, worst probe', ...runs.map((r) => (r.instances ? `${Math.max(...r.instances.stalenessMs)} ms (${r.instances.instances} instances, ${r.instances.stalenessMs.length} probes)` : 'not run'))],
  ['soak: seconds, reads/s, writes created', ...runs.map((r) => (r.soak ? `${r.soak.seconds} s, ${n(r.soak.reads.requestsPerSecond)}/s, ${n(r.soak.writes.created)} of ${n(r.soak.writes.sent)}` : 'not run'))],
  ['soak: peak RSS / bound (MiB)', ...runs.map((r) => (r.soak ? `${Math.max(...r.soak.rssMiB)} / ${r.soak.boundMiB} (${Math.max(...r.soak.baseline.rssMiB)} + ${r.soak.cacheMaxMb})` : 'not run'))],
]
out.push('Writes (an editor\'s create with an inline venue, an organizer, categories and tags), workers, instances and the soak:', '', table(['', ...runs.map(name)], perRun), '')

// Recurring events (runs with --occurrences; older results files have none).
const withSeries = runs.filter((r) => r.recurring)
if (withSeries.length) {
  const rec = (r: Results) => r.recurring!
  const body: string[][] = [
    ['series / occurrences stored', ...withSeries.map((r) => `${n(rec(r).seeded.series)} / ${n(rec(r).seeded.occurrences)}`)],
    ...rec(withSeries[0]!).filtered.map((f, i) => [`${code(f.route)}, p50 / p99 ms (every cache off)`, ...withSeries.map((r) => {
      const own = rec(r).filtered[i]!
      return `${own.coldAlone.p50} / ${own.coldAlone.p99} (${own.bareAlone.p50} / ${own.bareAlone.p99}), ${n(own.total)} listed`
    })]),
    ['`POST /events`, a weekly two-year series, p50 / p99 ms', ...withSeries.map((r) => `${rec(r).creates.p50} / ${rec(r).creates.p99} (${rec(r).creates.count} creates)`)],
    ['`PATCH /events/<provisional id>`, p50 / p99 ms', ...withSeries.map((r) => `${rec(r).edits.p50} / ${rec(r).edits.p99} (${rec(r).edits.count} edits)`)],
    ['rows changed per edit', ...withSeries.map((r) => `${[...new Set(rec(r).edits.rowsChanged)].join(', ')} (${rec(r).edits.rowsAddedOrRemoved} added or removed)`)],
    ['edit listed by another process after', ...withSeries.map((r) => (rec(r).coherenceMs === null ? 'not within 30 s' : `${rec(r).coherenceMs} ms`))],
  ]
  out.push('Recurring events (weekly two-year series; fresh servers, one connection):', '', table(['', ...withSeries.map(name)], body), '')
}

// Every budget the runs judged, in the benchmark's order: met or MISSED, with its figure.
const budgetNames = [...new Set(runs.flatMap((r) => r.budgets.filter((b) => b.ok !== null).map((b) => b.budget)))]
out.push('Budgets, as each run printed them:', '', table(['Budget', ...runs.map(name)], budgetNames.map((budget) => [text(budget), ...runs.map((r) => {
  const b = r.budgets.find((x) => x.budget === budget)
  return b ? `${b.ok ? 'met' : '**MISSED**'}: ${text(b.value)}` : 'not run'
})])))
const machines = [...new Set(runs.map((r) => `${r.machine.cpus} × ${r.machine.model}, ${r.machine.memoryGiB} GiB, Node ${r.machine.node}`))]
out.push('', `Runs of ${[...new Set(runs.map((r) => r.date.slice(0, 10)))].join(', ')} on ${machines.join('; ')}; ${runs[0]!.connections} connections, ${runs[0]!.durationSeconds} s per route.`)

const markdown = out.join('\n')
if (!target) process.stdout.write(`${markdown}\n`)
else {
  const page = readFileSync(target, 'utf8')
  const [begin, end] = ['<!-- bench:begin -->', '<!-- bench:end -->']
  const from = page.indexOf(begin)
  const to = page.indexOf(end)
  if (from < 0 || to < from) throw new Error(`${target} has no ${begin} … ${end} block`)
  writeFileSync(target, `${page.slice(0, from + begin.length)}\n${markdown}\n${page.slice(to)}`)
  process.stdout.write(`Rewrote the Performance tables of ${target} from ${runs.length} runs\n`)
}
