import type { CollectionAfterChangeHook, CollectionAfterDeleteHook } from 'payload'
import { storedDataChanged } from './storedDataCaches.js'
import { announceWrite } from './watchDatabaseWrites.js'

/**
 * afterChange / afterDelete on every calendar collection: any write may change any answer (an event's
 * venue, a term's count, a list's total), so the whole cache goes. Writes are rare next to reads.
 * This process's caches go at once; the other processes on the database hear of it through the
 * database when the write's transaction commits (and this one again then, so an answer computed from
 * data read before the commit is not kept).
 */
export const invalidateResponseCache: CollectionAfterChangeHook & CollectionAfterDeleteHook = async ({ req, doc }) => {
  storedDataChanged(req.payload)
  await announceWrite(req)
  return doc
}
