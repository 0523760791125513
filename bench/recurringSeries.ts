// Child process of `npm run bench` (bench/recurringEvents.ts): seeds weekly series on the benchmark's
// database once the servers measured before have stopped reading it, then reads a series' stored
// occurrences on request, so the benchmark can tell which rows a write changed. It answers over IPC.
// It also records the query plans of routes with the series present (bench/queryPlans.ts).
// Usage: fork with <databaseUri> <kind>; messages: { seed: SeedRequest } → SeedAnswer, { rows: seriesId } →
// OccurrenceRow[], { plans: Route[] } → RoutePlans[], { analyze: true } → true.
import { createLocalReq, getPayload, type Payload } from 'payload'
import { syncOccurrences } from '../collections/hooks/syncOccurrences.js'
import { COUNTERS, EVENTS, OCCURRENCES } from '../collections/slugs.js'
import { toSlug } from '../collections/hooks/toSlug.js'
import { seriesOfEvent } from '../lib/recurrence/index.js'
import { pluginOptionsOf } from '../lib/options.js'
import { raisedBase } from '../lib/recurrence/raisedBase.js'
import { lexicalParagraph as paragraph } from '../src/commands/lexicalParagraph.js'
import { seededRandom as rng } from '../src/commands/seededRandom.js'
import { buildCalendarConfig } from '../src/payload.config.js'
import { refreshPlannerStatistics } from '../src/refreshPlannerStatistics.js'
import type { Route } from './filteredRoutes.js'
import { captureQueryPlans } from './queryPlans.js'
import { inParallel, TIMEZONES, WORDS } from './seedDataset.js'
import { weeklyForTwoYears } from './weeklyRule.js'

export interface SeedRequest {
  /** Series are added until the occurrences table holds at least this many rows. */
  occurrences: number
  venueIds: number[]
  organizerIds: number[]
  categoryIds: number[]
  tagIds: number[]
}

export interface SeedAnswer {
  series: number
  occurrences: number
  seconds: number
  /** The seeded series' IDs and titles, in order. */
  seriesIds: number[]
  titles: string[]
  /** The provisional-ID base the servers use (PROVISIONAL_ID_BASE, raised as post IDs grow). */
  provisionalBase: number
}

/** What the benchmark compares of an occurrence row before and after a write. */
export interface OccurrenceRow {
  id: number
  originalStart: string
  startDate: string
  endDate: string
  state: string
  changedTo: number | null
  updatedAt: string
}

const DAY = 86_400_000
const HOUR = 3_600_000
/**
 * Weekly series over two years, starting between six months ago and six months ahead, in mixed zones,
 * each linked to a venue, an organizer, a category and tags of the dataset, so every filtered list finds
 * some. The event rows go in through the database adapter with what the collection's hooks would derive
 * (ID from the post sequence, slug, `recurring`, the lines as markRecurring stores them); their
 * occurrences are stored by syncOccurrences, the collection's afterChange hook's own function.
 */
async function seed(payload: Payload, request: SeedRequest): Promise<SeedAnswer> {
  const options = pluginOptionsOf(payload.config)
  const limits = { horizonMonths: options.recurrenceHorizonMonths, maxOccurrences: options.recurrenceMaxOccurrences, siteTimezone: options.siteTimezone }
  const random = rng(7)
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!
  const started = Date.now()
  const now = Date.now()
  const seriesIds: number[] = []
  const titles: string[] = []
  let stored = (await payload.db.count({ collection: OCCURRENCES, where: {} })).totalDocs
  const BATCH = 100
  while (stored < request.occurrences) {
    const counter = (await payload.db.findOne({ collection: COUNTERS, where: { sequence: { equals: 'post' } } })) as { id: number; value: number }
    const firstId = counter.value + 1
    await payload.db.updateOne({ collection: COUNTERS, id: counter.id, data: { value: firstId + BATCH - 1 } })
    const made = await inParallel(BATCH, 4, async (i) => {
      const n = seriesIds.length + i + 1
      const start = new Date(now + Math.floor(random() * 360 - 180) * DAY + Math.floor(8 + random() * 12) * HOUR)
      start.setUTCMinutes(0, 0, 0)
      const title = `${pick(WORDS)} every week ${n}`
      const stamp = new Date(now - Math.floor(random() * 200) * DAY).toISOString()
      const doc = {
        id: firstId + i,
        title,
        slug: toSlug(title),
        status: 'publish',
        startDate: start.toISOString(),
        endDate: new Date(start.getTime() + 2 * HOUR).toISOString(),
        timezone: pick(TIMEZONES),
        recurrence: [weeklyForTwoYears(start)],
        recurring: true,
        description: paragraph(`${title}: every week for two years.`),
        descriptionHtml: `<p>${title}: every week for two years.</p>`,
        venues: [pick(request.venueIds)],
        organizers: [pick(request.organizerIds)],
        categories: [pick(request.categoryIds)],
        tags: [...new Set([pick(request.tagIds), pick(request.tagIds)])],
        currencySymbol: '$',
        createdAt: stamp,
        updatedAt: stamp,
      }
      const parsed = seriesOfEvent(doc, limits)
      if (!parsed.ok || !parsed.series) throw new Error(`seeded series ${title} is not valid: ${parsed.ok ? 'no series' : parsed.reasons.join('; ')}`)
      doc.recurrence = parsed.series.lines
      await payload.db.create({ collection: EVENTS, data: doc })
      const { created } = await syncOccurrences(await createLocalReq({}, payload), doc, limits)
      return { id: doc.id, title, created }
    })
    for (const m of made) {
      seriesIds.push(m.id)
      titles.push(m.title)
      stored += m.created
    }
    process.stderr.write(`  ${seriesIds.length} series, ${stored} occurrences (${Math.round(stored / ((Date.now() - started) / 1000))}/s)\n`)
  }
  const counter = (await payload.db.findOne({ collection: COUNTERS, where: { sequence: { equals: 'post' } } })) as { id: number; value: number }
  return {
    series: seriesIds.length,
    occurrences: (await payload.db.count({ collection: OCCURRENCES, where: {} })).totalDocs,
    seconds: Math.round((Date.now() - started) / 100) / 10,
    seriesIds,
    titles,
    provisionalBase: raisedBase(options.provisionalIdBase, counter.value),
  }
}

async function rows(payload: Payload, series: number): Promise<OccurrenceRow[]> {
  const found = await payload.db.find<OccurrenceRow>({ collection: OCCURRENCES, where: { event: { equals: series } }, sort: 'id', pagination: false, limit: 0 })
  return found.docs.map((r) => ({ id: r.id, originalStart: r.originalStart, startDate: r.startDate, endDate: r.endDate, state: r.state, changedTo: r.changedTo ?? null, updatedAt: r.updatedAt }))
}

const [uri, kind] = process.argv.slice(2) as [string, 'sqlite' | 'postgres']
const payload = await getPayload({ config: buildCalendarConfig(uri, kind) })
// Plans with the statistics the servers will have: SQLite's are recorded at boot (the servers start after
// the seeding), PostgreSQL's by autovacuum within a minute or so of the new rows.
const analyze = async () => {
  if (kind === 'postgres') await (payload.db as unknown as { pool: { query: (sql: string) => Promise<unknown> } }).pool.query('VACUUM ANALYZE')
  else await refreshPlannerStatistics(payload)
  return true
}
process.on('message', (message: { seed?: SeedRequest; rows?: number; plans?: Route[]; analyze?: true }) => {
  const answer = message.seed ? seed(payload, message.seed) : message.plans ? captureQueryPlans(payload, message.plans, { warmUp: true }) : message.analyze ? analyze() : rows(payload, message.rows!)
  answer.then(
    (value) => process.send?.({ value }),
    (err: unknown) => process.send?.({ error: err instanceof Error ? err.stack : String(err) }),
  )
})
process.once('SIGTERM', () => process.exit(0))
process.send?.({ ready: true })
