import type { EventListLoad } from '../../data/loadEvents.js'
import type { SerializeContext } from '../../serialize/SerializeContext.js'
import { serializeEvent } from './serializeEvent.js'

/**
 * The event objects of a list (without json_ld), in its order, from what loadEventList read: kept
 * objects as they are, locked events with their protected fields blanked (reference 10).
 */
export function serializeEventList(load: EventListLoad, ctx: SerializeContext): object[] {
  return load.docs.map(
    (doc, i) => load.kept.get(load.keys[i]!) ?? serializeEvent(doc, load.related, ctx, { locked: load.locked.has(doc.id), occurrence: load.occurrences[i] }),
  )
}
