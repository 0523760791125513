import type { CollectionAfterChangeHook, CollectionAfterDeleteHook, PayloadRequest } from 'payload'
import { relationIds } from '../relationIds.js'
import { CATEGORIES, TAGS } from '../slugs.js'

type TermField = 'categories' | 'tags'
const TERM_FIELDS: Array<[TermField, typeof CATEGORIES | typeof TAGS]> = [
  ['categories', CATEGORIES],
  ['tags', TAGS],
]

type EventLike = Record<string, unknown> | undefined

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
