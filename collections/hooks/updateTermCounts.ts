import type { CollectionAfterChangeHook, CollectionAfterDeleteHook, CollectionBeforeDeleteHook, PayloadRequest } from 'payload'
import { incrementColumn } from '../../lib/sql/incrementColumn.js'
import { relationIds } from '../relationIds.js'
import { CATEGORIES, EVENTS, TAGS } from '../slugs.js'
import type { Event } from '../../src/payload-types.js'

type TermField = 'categories' | 'tags'
const TERM_FIELDS: Array<[TermField, typeof CATEGORIES | typeof TAGS]> = [
  ['categories', CATEGORIES],
  ['tags', TAGS],
]

// An event version as a hook gets it, or as read back with the counted fields only.
type EventLike = Partial<Event> | undefined

/**
 * A request context key: when it holds a Map, writes add their count changes to it instead of
 * updating each term, and the caller applies them with applyPendingTermCounts before committing
 * (an import writing a page of events in one transaction moves each term once, not once per event).
 */
export const PENDING_TERM_COUNTS = 'pendingTermCounts'
/** A term's count moving by `delta`. */
type CountChange = { collection: typeof CATEGORIES | typeof TAGS; id: number; delta: number }
type PendingCounts = Map<string, CountChange>

/** Applies the count changes gathered under PENDING_TERM_COUNTS, in the request's transaction. */
export async function applyPendingTermCounts(req: PayloadRequest, pending: PendingCounts): Promise<void> {
  await moveCounts(req, [...pending.values()])
  pending.clear()
}

/**
 * Moves term counts atomically in the database: one UPDATE per collection and change on the SQL
 * databases (every term an event write touches moves by the same ±1), one `$inc` per term elsewhere.
 */
async function moveCounts(req: PayloadRequest, changes: CountChange[]): Promise<void> {
  const groups = new Map<string, { collection: typeof CATEGORIES | typeof TAGS; delta: number; ids: number[] }>()
  for (const { collection, id, delta } of changes) {
    if (!delta) continue
    const key = `${collection}:${delta}`
    const group = groups.get(key) ?? { collection, delta, ids: [] }
    group.ids.push(id)
    groups.set(key, group)
  }
  for (const { collection, delta, ids } of groups.values()) {
    if (await incrementColumn(req, collection, 'count', delta, 'id', ids)) continue
    // Straight to the adapter: a count is derived data, not an edit (no hooks, no version).
    for (const id of ids) await req.payload.db.updateOne({ collection, where: { id: { equals: id } }, data: { count: { $inc: delta } }, req })
  }
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
  const changes: CountChange[] = []
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
      changes.push({ collection, id: Number(id), delta })
    }
  }
  await moveCounts(req, changes)
}

/** What the counts read of an event version. */
const COUNTED_FIELDS = ['status', 'deletedAt', 'categories', 'tags'] as const

/**
 * The event as stored, when `doc` is the caller's answer rather than the stored version: an answer
 * leaves out what the caller may not read (the fields a password hides, from an author's own
 * event too) or did not select (`?select=`), and those events still count.
 */
async function stored(req: PayloadRequest, doc: EventLike): Promise<EventLike> {
  if (!doc || COUNTED_FIELDS.every((field) => field in doc)) return doc
  return storedById(req, doc.id)
}

/** The counted fields of event `id` as stored. */
async function storedById(req: PayloadRequest, id: number | string | undefined): Promise<EventLike> {
  const select = { status: true, deletedAt: true, categories: true, tags: true } as const satisfies Record<(typeof COUNTED_FIELDS)[number], true>
  const found = await req.payload.find({ collection: EVENTS, where: { id: { equals: id } }, select, depth: 0, trash: true, overrideAccess: true, limit: 1, pagination: false, req })
  return found.docs[0]
}

/** req.context key: an event's stored version, read before its delete (the answer after it may leave its terms out). */
const BEFORE_DELETE = 'termCountsBeforeDelete'

export const updateTermCountsAfterChange: CollectionAfterChangeHook = async ({ doc, previousDoc, req }) => {
  await adjustCounts(req, await stored(req, doc), previousDoc)
  return doc
}

export const updateTermCountsBeforeDelete: CollectionBeforeDeleteHook = async ({ id, req }) => {
  const kept = (req.context[BEFORE_DELETE] ??= new Map()) as Map<string, EventLike>
  kept.set(String(id), await storedById(req, id))
}

export const updateTermCountsAfterDelete: CollectionAfterDeleteHook = async ({ doc, id, req }) => {
  const kept = req.context[BEFORE_DELETE] as Map<string, EventLike> | undefined
  const before = kept?.get(String(id)) ?? doc
  kept?.delete(String(id))
  await adjustCounts(req, undefined, before)
  return doc
}
