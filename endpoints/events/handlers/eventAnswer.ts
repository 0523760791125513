import { loadWrittenEvent } from '../../data/index.js'
import type { Event } from '../../data/documents.js'
import { serializeEvent } from '../serialize/serializeEvent.js'
import type { RequestContext } from '../../types.js'

/** The event object a write answers with: as a read sees it, without json_ld (reference 6.3). */
export async function eventAnswer(ctx: RequestContext, written: Event) {
  const { doc, related } = await loadWrittenEvent(ctx, written)
  return serializeEvent(doc, related, ctx)
}
