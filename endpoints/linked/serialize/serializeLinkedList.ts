import type { LinkedListLoad } from '../../data/loadLinked.js'
import type { SerializeContext } from '../../serialize/SerializeContext.js'
import type { LinkedKind } from '../LinkedKind.js'

/** Venues or organizers on the wire, from what loadLinked read (json_ld only for single reads, reference 7.2). */
export function serializeLinkedList(kind: Pick<LinkedKind, 'serialize'>, load: LinkedListLoad, ctx: SerializeContext, options: { jsonLd?: boolean } = {}) {
  return load.docs.map((doc) => kind.serialize(doc, ctx, { media: load.media }, options))
}
