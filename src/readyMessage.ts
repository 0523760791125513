import { env } from './env.js'

/** What `npm start` says once it serves (with several workers, the primary says it once all listen). */
export function readyMessage(workers = 1): string {
  return `Calendar ready on ${env.SITE_URL}: admin at /admin, calendar at ${env.REST_PREFIX}/calendar/events/v1/${workers > 1 ? ` (${workers} workers)` : ''}`
}
