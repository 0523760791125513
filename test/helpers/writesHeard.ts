import { SQLITE_POLL_MS } from '../../endpoints/cache/watchDatabaseWrites.js'

/**
 * Waits until this process has heard, through the database, of the writes made so far. Each write
 * empties the response cache once more when its own signal comes back (see invalidateResponseCache),
 * so a test that expects a replay right after writing waits for that first.
 */
export function writesHeard(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 2 * SQLITE_POLL_MS + 50))
}
