import { env } from './env.js'

const calendarAt = () => `calendar at ${env.REST_PREFIX}/calendar/events/v1/`
const workersNote = (workers: number) => (workers > 1 ? ` (${workers} workers)` : '')

/** What `npm start` says once it listens: the namespace answers, the admin is still starting. */
export function servingMessage(workers = 1): string {
  return `Calendar serving on ${env.SITE_URL}: ${calendarAt()}; the admin at /admin is starting${workersNote(workers)}`
}

/** What `npm start` says once the admin serves too (with several workers, the primary says it once all do). */
export function readyMessage(workers = 1): string {
  return `Calendar ready on ${env.SITE_URL}: admin at /admin, ${calendarAt()}${workersNote(workers)}`
}
