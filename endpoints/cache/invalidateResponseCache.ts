import type { CollectionAfterChangeHook, CollectionAfterDeleteHook } from 'payload'
import { responseCacheFor } from './responseCache.js'

/**
 * afterChange / afterDelete on every calendar collection: any write may change any answer (an event's
 * venue, a term's count, a list's total), so the whole cache goes. Writes are rare next to reads.
 */
export const invalidateResponseCache: CollectionAfterChangeHook & CollectionAfterDeleteHook = ({ req, doc }) => {
  const cache = responseCacheFor(req.payload)
  if (cache) {
    cache.generation++
    cache.store.clear()
  }
  return doc
}
