import type { CollectionAfterChangeHook, CollectionAfterDeleteHook, PayloadRequest } from 'payload'
import { relationIds } from '../relationIds.js'
import { CATEGORIES, TAGS } from '../slugs.js'

type TermField = 'categories' | 'tags'
const TERM_FIELDS: Array<[TermField, typeof CATEGORIES | typeof TAGS]> = [
  ['categories', CATEGORIES],
  ['tags', TAGS],
]

type EventLike = Record<string, unknown> | undefined

/**
 * A request context key: when it holds a Map, writes add their count changes to it instead of
 * updating each term, and the caller applies them with applyPendingTermCounts before committing
 * (an import writing a page of events in one transaction moves each term once, not once per event).
 */
export const PENDING_TERM_COUNTS = 'pendingTermCounts'
type PendingCounts = Map<string, { collection: typeof CATEGORIES | typeof TAGS; id: number; delta: number }>

/** Applies the count changes gathered under PENDING_TERM_COUNTS, in the request's transaction. */
export async function applyPendingTermCounts(req: PayloadRequest, pending: PendingCounts): Promise<void> {
  for (const { collection, id, delta } of pending.values()) {
    if (delta) await req.payload.db.updateOne({ collection, where: { id: { equals: id } }, data: { count: { $inc: delta } }, req })
  }
  pending.clear()
}

/** The terms of `field` an event version counts towards: those of a published, untrashed event. */
function countedTerms(doc: EventLike, field: TermField): Set<string> {
  if (!doc || doc.status !== 'publish' || doc.deletedAt) return new Set()
  return new Set(relationIds(doc[field]).map(String))
}

/**
 * Keeps each term's stored `count` of published, untrashed events (WordPress's term count) current,
 * so term lists, `hide_empty` and `orderby=count` read a column. Each write moves the counts of the
 * terms it touches by ±1 with an atomic increment: constant work, however many events there are.
 */
async function adjustCounts(req: PayloadRequest, doc: EventLike, previous: EventLike): Promise<void> {
  for (const [field, collection] of TERM_FIELDS) {
    const now = countedTerms(doc, field)
    const before = countedTerms(previous, field)
    for (const id of new Set([...now, ...before])) {
      const delta = (now.has(id) ? 1 : 0) - (before.has(id) ? 1 : 0)
      if (!delta) continue
      const pending = req.context?.[PENDING_TERM_COUNTS] as PendingCounts | undefined
      if (pending) {
        const key = `${collection}:${id}`
        const entry = pending.get(key) ?? { collection, id: Number(id), delta: 0 }
        entry.delta += delta
        pending.set(key, entry)
        continue
      }
      // Straight to the adapter: a count is derived data, not an edit (no hooks, no version).
      await req.payload.db.updateOne({ collection, where: { id: { equals: Number(id) } }, data: { count: { $inc: delta } }, req })
    }
  }
}

export const updateTermCountsAfterChange: CollectionAfterChangeHook = async ({ doc, previousDoc, req }) => {
  await adjustCounts(req, doc, previousDoc)
  return doc
}

export const updateTermCountsAfterDelete: CollectionAfterDeleteHook = async ({ doc, req }) => {
  await adjustCounts(req, undefined, doc)
  return doc
}
