// `npm run bench:recurrence`: the cost of lib/recurrence, no database. Parses and expands typical
// series over a two-year horizon (a weekly one of about 104 occurrences above all) many times and
// reports the median and 95th percentile per call, after a warm-up.
// Options: --runs N (500)
import { parseArgs } from 'node:util'
import { expandRecurrence, parseRecurrence } from '../lib/recurrence/index.js'

const { values } = parseArgs({ options: { runs: { type: 'string', default: '500' } } })
const runs = Number(values.runs)
const horizonEnd = '2028-01-06T00:00:00Z'

const CASES: Array<{ name: string; lines: string[]; start: string; end: string; timezone: string; allDay?: boolean }> = [
  { name: 'weekly, Tuesday 19:00 New York', lines: ['RRULE:FREQ=WEEKLY;BYDAY=TU'], start: '2026-01-07T00:00:00Z', end: '2026-01-07T02:00:00Z', timezone: 'America/New_York' },
  { name: 'weekly with 5 EXDATEs and 2 RDATEs', lines: ['RRULE:FREQ=WEEKLY;BYDAY=TU', 'EXDATE:20260113T190000,20260120T190000,20260224T190000,20261222T190000,20261229T190000', 'RDATE:20260115T190000,20260301T100000'], start: '2026-01-07T00:00:00Z', end: '2026-01-07T02:00:00Z', timezone: 'America/New_York' },
  { name: 'daily, 730 occurrences, Sydney', lines: ['RRULE:FREQ=DAILY;COUNT=730'], start: '2026-01-06T08:00:00Z', end: '2026-01-06T09:00:00Z', timezone: 'Australia/Sydney' },
  { name: 'monthly, last weekday (BYSETPOS=-1), Paris', lines: ['RRULE:FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1'], start: '2026-01-30T17:00:00Z', end: '2026-01-30T18:00:00Z', timezone: 'Europe/Paris' },
  { name: 'weekly all-day, Auckland', lines: ['RRULE:FREQ=WEEKLY'], start: '2026-01-05T11:00:00Z', end: '2026-01-06T10:59:59Z', timezone: 'Pacific/Auckland', allDay: true },
]

function measure(fn: () => unknown): { median: number; p95: number } {
  for (let i = 0; i < 50; i++) fn()
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const t = performance.now()
    fn()
    times.push(performance.now() - t)
  }
  times.sort((a, b) => a - b)
  return { median: times[Math.floor(runs / 2)]!, p95: times[Math.floor(runs * 0.95)]! }
}

const ms = (n: number) => `${n.toFixed(3)} ms`
console.log(`lib/recurrence, horizon ${horizonEnd}, ${runs} runs each (Node ${process.version})`)
for (const c of CASES) {
  const first = { start: c.start, end: c.end, timezone: c.timezone, allDay: c.allDay ?? false }
  const parsed = parseRecurrence(c.lines, first, { horizonEnd })
  if (!parsed.ok) throw new Error(`${c.name}: ${parsed.reasons.join('; ')}`)
  const series = parsed.series
  const count = expandRecurrence(series, { horizonEnd }).length
  const expand = measure(() => expandRecurrence(series, { horizonEnd }))
  const parse = measure(() => parseRecurrence(c.lines, first, { horizonEnd }))
  console.log(`${c.name}: ${count} occurrences; expand median ${ms(expand.median)}, p95 ${ms(expand.p95)}; parse (with its count check) median ${ms(parse.median)}`)
}
