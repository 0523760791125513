import type { CollectionConfig, Config, Plugin } from 'payload'
import { calendarCollections, webhookCollections } from '../collections/index.js'
import { invalidateResponseCache } from '../endpoints/cache/invalidateResponseCache.js'
import { watchDatabaseWrites } from '../endpoints/cache/watchDatabaseWrites.js'
import { ensureCounters } from '../collections/hooks/ensureCounters.js'
import { flushChangesAtCommit } from '../collections/changes/changeQueue.js'
import { withBooleanCells } from '../collections/fields/withBooleanCells.js'
import { keepValidationDetails } from './guards/keepValidationDetails.js'
import { type CalendarPluginOptions, resolveOptions } from '../lib/options.js'
import { createListingIndexes } from './createListingIndexes.js'
import { createSearchIndexes } from './createSearchIndexes.js'
import { refreshPlannerStatistics } from './refreshPlannerStatistics.js'

/**
 * Adds the calendar collections to a host Payload config. Spreads and appends; never replaces what
 * the host set. The REST namespace is mounted by `createCalendarRouter` (see src/app.ts).
 */
export function calendarPlugin(options: CalendarPluginOptions = {}): Plugin {
  const resolved = resolveOptions(options)
  return (config: Config): Config => ({
    ...config,
    collections: [...(config.collections ?? []), ...calendarCollections(resolved).map(withCacheInvalidation).map(withBooleanCells), ...webhookCollections().map(withBooleanCells)],
    custom: { ...config.custom, calendar: resolved },
    hooks: { ...config.hooks, afterError: [...(config.hooks?.afterError ?? []), keepValidationDetails] },
    onInit: async (payload) => {
      await config.onInit?.(payload)
      await ensureCounters(payload)
      await createListingIndexes(payload)
      await createSearchIndexes(payload)
      await refreshPlannerStatistics(payload)
      await watchDatabaseWrites(payload)
      // After the write signal's wrapper: the change rows are written before it commits.
      flushChangesAtCommit(payload)
    },
  })
}

/** Appends the response-cache invalidation to a collection's write hooks. */
function withCacheInvalidation(collection: CollectionConfig): CollectionConfig {
  return {
    ...collection,
    hooks: {
      ...collection.hooks,
      afterChange: [...(collection.hooks?.afterChange ?? []), invalidateResponseCache],
      afterDelete: [...(collection.hooks?.afterDelete ?? []), invalidateResponseCache],
    },
  }
}
