import type { Config, Plugin } from 'payload'
import { calendarCollections } from '../collections/index.js'
import { ensureCounters } from '../collections/hooks/ensureCounters.js'
import { type CalendarPluginOptions, resolveOptions } from './options.js'

/**
 * Adds the calendar collections to a host Payload config. Spreads and appends; never replaces what
 * the host set. The REST namespace is mounted by `createCalendarRouter` (see src/app.ts).
 */
export function calendarPlugin(options: CalendarPluginOptions = {}): Plugin {
  const resolved = resolveOptions(options)
  return (config: Config): Config => ({
    ...config,
    collections: [...(config.collections ?? []), ...calendarCollections()],
    custom: { ...config.custom, calendar: resolved },
    onInit: async (payload) => {
      await config.onInit?.(payload)
      await ensureCounters(payload)
    },
  })
}
