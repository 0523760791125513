import type { CollectionAfterChangeHook, CollectionAfterDeleteHook, PayloadRequest } from 'payload'
import { CATEGORIES, EVENTS, TAGS } from '../slugs.js'

type TermField = 'categories' | 'tags'
const TERM_FIELDS: Array<[TermField, typeof CATEGORIES | typeof TAGS]> = [
  ['categories', CATEGORIES],
  ['tags', TAGS],
]

function idsOf(value: unknown): Array<number | string> {
  if (!Array.isArray(value)) return []
  return value.map((v) => (v && typeof v === 'object' ? (v as { id: number | string }).id : (v as number | string)))
}

/**
 * Stores each term's `count` of published, untrashed events (WordPress's term count), so term lists,
 * `hide_empty` and `orderby=count` read a column instead of counting per term.
 */
async function recount(req: PayloadRequest, docs: Array<Record<string, unknown> | undefined>): Promise<void> {
  for (const [field, collection] of TERM_FIELDS) {
    const ids = new Set(docs.flatMap((doc) => idsOf(doc?.[field])))
    for (const id of ids) {
      const { totalDocs } = await req.payload.count({
        collection: EVENTS,
        where: { [field]: { in: [id] }, status: { equals: 'publish' } },
        overrideAccess: true,
        req,
      })
      // Straight to the adapter: a count is derived data, not an edit (no hooks, no version).
      await req.payload.db.updateOne({ collection, id, data: { count: totalDocs }, req })
    }
  }
}

export const updateTermCountsAfterChange: CollectionAfterChangeHook = async ({ doc, previousDoc, req }) => {
  await recount(req, [doc, previousDoc])
  return doc
}

export const updateTermCountsAfterDelete: CollectionAfterDeleteHook = async ({ doc, req }) => {
  await recount(req, [doc])
  return doc
}
