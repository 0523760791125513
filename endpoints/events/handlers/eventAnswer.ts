import { loadWrittenEvent } from '../../data/index.js'
import type { Event, OccurrenceView } from '../../data/documents.js'
import { serializeEvent } from '../serialize/serializeEvent.js'
import type { RequestContext } from '../../types.js'

/** The event object a write answers with: as a read sees it, without json_ld (reference 6.3); an occurrence under its provisional ID. */
export async function eventAnswer(ctx: RequestContext, written: Event, occurrence?: OccurrenceView) {
  const { doc, related } = await loadWrittenEvent(ctx, written)
  return serializeEvent(occurrence ? { ...doc, startDate: occurrence.startDate, endDate: occurrence.endDate } : doc, related, ctx, { occurrence })
}
