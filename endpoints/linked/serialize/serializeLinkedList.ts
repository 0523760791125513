import { loadRelated } from '../../data/index.js'
import type { RequestContext } from '../../types.js'
import type { LinkedDoc, LinkedKind } from '../LinkedKind.js'

/**
 * Venues or organizers on the wire, with their featured images fetched in one query for the whole
 * list (json_ld only for single reads, reference 7.2).
 */
export async function serializeLinkedList(ctx: RequestContext, kind: LinkedKind, docs: LinkedDoc[], options: { jsonLd?: boolean } = {}) {
  const extra = kind.collection === 'venues' ? { venues: docs } : { organizers: docs }
  const related = await loadRelated(ctx, [], extra)
  return docs.map((doc) => kind.serialize(doc, ctx, related, options))
}
