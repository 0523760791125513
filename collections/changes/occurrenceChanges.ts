import type { PayloadRequest } from 'payload'
import { provisionalIdBase } from '../provisionalIdBase.js'
import type { ChangeAction } from '../Changes.js'
import { EVENTS, OCCURRENCES } from '../slugs.js'
import { queueChanges } from './changeQueue.js'
import { publicPost, type PostVisibility } from './publicPost.js'

/** The IDs of a series' occurrences the namespace lists under provisional IDs (not cancelled, not moved into an event). */
export async function scheduledOccurrenceIds(req: PayloadRequest, series: number): Promise<number[]> {
  const rows = await req.payload.db.find<{ id: number }>({
    collection: OCCURRENCES,
    where: { and: [{ event: { equals: series } }, { state: { equals: 'scheduled' } }] },
    select: { id: true },
    pagination: false,
    limit: 0,
    req,
  })
  return rows.docs.map((row) => row.id)
}

/** A series' visibility fields as stored in the write's transaction (a caller that read only its schedule). */
export async function seriesVisibility(req: PayloadRequest, series: number): Promise<PostVisibility | undefined> {
  const found = await req.payload.db.findOne<PostVisibility & { id: number }>({ collection: EVENTS, where: { id: { equals: series } }, select: { status: true, deletedAt: true, hasPassword: true }, req })
  return found ?? undefined
}

/**
 * Records one change per occurrence, kind 'event' under its provisional ID, all at once: a series edit
 * that touches 500 occurrences queues 500 records, written by one batched INSERT at commit
 * (changeQueue.ts). `before` and `after`: the series' visibility on either side of the write.
 */
export async function recordOccurrenceChanges(
  req: PayloadRequest,
  ids: readonly number[],
  action: ChangeAction,
  before: PostVisibility | undefined,
  after: PostVisibility | undefined,
): Promise<void> {
  if (!ids.length) return
  const base = await provisionalIdBase(req.payload, req)
  const changedAt = new Date().toISOString()
  const publicBefore = action !== 'created' && publicPost(before)
  const publicAfter = action !== 'deleted' && publicPost(after)
  await queueChanges(
    req,
    ids.map((id) => ({ kind: 'event' as const, doc: base + id, action, publicBefore, publicAfter, changedAt })),
  )
}
