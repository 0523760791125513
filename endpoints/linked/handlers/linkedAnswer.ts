import { loadLinked } from '../../data/index.js'
import type { RequestContext } from '../../types.js'
import type { LinkedDoc, LinkedKind } from '../LinkedKind.js'
import { serializeLinkedList } from '../serialize/serializeLinkedList.js'

/** One venue (organizer) as a write answers it: the wire object without json_ld. */
export async function linkedAnswer(ctx: RequestContext, kind: LinkedKind, doc: LinkedDoc) {
  const [body] = serializeLinkedList(kind, await loadLinked(ctx, [doc]), ctx)
  return body
}
