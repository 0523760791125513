import { commitTransaction, createLocalReq, initTransaction, killTransaction, type Payload } from 'payload'
import { syncOccurrences } from '../../collections/hooks/syncOccurrences.js'
import { EVENTS } from '../../collections/slugs.js'
import { pluginOptionsOf } from '../../lib/options.js'
import { storedDataChanged } from '../../endpoints/cache/storedDataCaches.js'
import { announceWrite } from '../../endpoints/cache/watchDatabaseWrites.js'

const PAGE = 100
const DAY_MS = 24 * 3600 * 1000

/**
 * Stores the occurrences time has brought within the horizon, for every recurring event (open-ended
 * series grow; others are checked and left as they are), each series in its own transaction. A series
 * that fails is logged and skipped: the next run tries it again. Answers how many rows it added.
 */
export async function extendRecurrences(payload: Payload, now: Date = new Date()): Promise<{ series: number; created: number; failed: number }> {
  const options = pluginOptionsOf(payload.config)
  const limits = { horizonMonths: options.recurrenceHorizonMonths, maxOccurrences: options.recurrenceMaxOccurrences, siteTimezone: options.siteTimezone }
  let series = 0
  let created = 0
  let failed = 0
  for (let page = 1; ; page++) {
    const found = await payload.find({
      collection: EVENTS,
      where: { recurring: { equals: true } },
      select: { recurrence: true, recurring: true, startDate: true, endDate: true, timezone: true, allDay: true },
      sort: 'id',
      page,
      limit: PAGE,
      depth: 0,
      trash: true,
      overrideAccess: true,
    })
    for (const event of found.docs) {
      series++
      const req = await createLocalReq({}, payload)
      const inTransaction = await initTransaction(req)
      try {
        const made = (await syncOccurrences(req, event, limits, now)).created
        // New occurrences change lists: the caches of this process and, on commit, of the others go.
        if (made) {
          storedDataChanged(payload)
          await announceWrite(req)
        }
        created += made
        if (inTransaction) await commitTransaction(req)
      } catch (err) {
        if (inTransaction) await killTransaction(req)
        failed++
        payload.logger.warn({ err, event: event.id }, 'could not extend the occurrences of a recurring event')
      }
    }
    if (!found.hasNextPage) break
  }
  return { series, created, failed }
}

/**
 * Extends recurring events' occurrences once shortly after the start and then daily (timers that do not
 * keep the process alive). Answers the function that stops it.
 */
export function scheduleRecurrenceExtension(payload: Payload): () => void {
  const run = () => {
    extendRecurrences(payload)
      .then(({ series, created, failed }) => {
        if (created || failed) payload.logger.info(`Recurring events: ${created} occurrences added to ${series} series (${failed} failed)`)
      })
      .catch((err: unknown) => payload.logger.warn({ err }, 'could not extend recurring events'))
  }
  const first = setTimeout(run, 10_000)
  const daily = setInterval(run, DAY_MS)
  first.unref()
  daily.unref()
  return () => {
    clearTimeout(first)
    clearInterval(daily)
  }
}
