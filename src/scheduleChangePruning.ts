import type { Payload } from 'payload'
import { pruneChanges } from '../collections/changes/pruneChanges.js'
import { pluginOptionsOf } from '../lib/options.js'

const HOUR_MS = 3600 * 1000

/**
 * Prunes the change feed's rows older than CHANGES_RETENTION_DAYS shortly after the start and then
 * hourly (timers that do not keep the process alive). Answers the function that stops it.
 */
export function scheduleChangePruning(payload: Payload): () => void {
  const { changesRetentionDays } = pluginOptionsOf(payload.config)
  const run = () => {
    pruneChanges(payload, changesRetentionDays)
      .then((removed) => {
        if (removed) payload.logger.info(`Change feed: ${removed} changes older than ${changesRetentionDays} days pruned`)
      })
      .catch((err: unknown) => payload.logger.warn({ err }, 'could not prune the change feed'))
  }
  const first = setTimeout(run, 15_000)
  const hourly = setInterval(run, HOUR_MS)
  first.unref()
  hourly.unref()
  return () => {
    clearTimeout(first)
    clearInterval(hourly)
  }
}
