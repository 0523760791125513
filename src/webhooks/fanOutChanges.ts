import { commitTransaction, createLocalReq, initTransaction, killTransaction, type Payload } from 'payload'
import { CHANGES, EVENTS, WEBHOOK_DELIVERIES, WEBHOOKS } from '../../collections/slugs.js'
import { subscribesTo } from '../../collections/webhooks/webhookEvents.js'
import { relationIds } from '../../collections/relationIds.js'
import { pluginOptionsOf } from '../../lib/options.js'
import type { Webhook } from '../payload-types.js'
import { serializeChange } from '../../endpoints/changes/serialize/serializeChange.js'
import { type ChangeRow, deliveryType } from './publicChange.js'
import { publicResource } from './publicResource.js'
import { moveCursor, readCursor } from './webhookCursor.js'

/** Changes read per pass. */
const BATCH = 100
/**
 * A change younger than this is left for the next pass: other processes' caches of the public's
 * documents (read to build the body) hear of the write within a poll (250 ms on SQLite).
 */
const SETTLE_MS = 1000
/**
 * IDs are handed out when a write inserts its change and become visible when it commits, so on
 * PostgreSQL change 11 can be seen before change 10 of a transaction still open. The worker stops
 * before a gap in the IDs until the change after it is this old; then the gap is a rolled-back write.
 */
const GAP_WAIT_MS = 30_000

type Subscriber = Pick<Webhook, 'id' | 'events' | 'categories' | 'venues' | 'active' | 'createdAt'>

const ids = (list: unknown): number[] => relationIds(list).map(Number)

/** The category and venue IDs of an event change, from its public object, else from the stored event (trash included). */
async function eventLinks(payload: Payload, change: ChangeRow, resource: unknown): Promise<{ categories: number[]; venues: number[] } | null> {
  if (resource && typeof resource === 'object') {
    // One venue is an object, several a list, none [] (reference 6.2).
    const wire = resource as { categories?: Array<{ id?: number }>; venue?: { id?: number } | Array<{ id?: number }> }
    const venues = Array.isArray(wire.venue) ? wire.venue : wire.venue ? [wire.venue] : []
    return { categories: (wire.categories ?? []).map((c) => Number(c.id)), venues: venues.map((v) => Number(v.id)) }
  }
  if (change.doc >= pluginOptionsOf(payload.config).provisionalIdBase) return null
  const stored = await payload.find({ collection: EVENTS, where: { id: { equals: change.doc } }, trash: true, limit: 1, depth: 0, pagination: false, overrideAccess: true, select: { categories: true, venues: true } })
  const event = stored.docs[0]
  if (!event) return null
  return { categories: ids(event.categories), venues: ids(event.venues) }
}

/**
 * Whether a webhook's category and venue filters let a change through. Events match on their
 * categories and venue (both, when both are set); a category or venue change on its own ID; organizers
 * and tags are not filtered. A removal whose event is gone for good cannot be told apart: it is sent.
 */
async function passesFilters(webhook: Subscriber, change: ChangeRow, links: () => Promise<{ categories: number[]; venues: number[] } | null>): Promise<boolean> {
  const categories = ids(webhook.categories)
  const venues = ids(webhook.venues)
  if (change.kind === 'category') return !categories.length || categories.includes(change.doc)
  if (change.kind === 'venue') return !venues.length || venues.includes(change.doc)
  if (change.kind !== 'event' || (!categories.length && !venues.length)) return true
  const found = await links()
  if (!found) return true
  return (!categories.length || found.categories.some((id) => categories.includes(id))) && (!venues.length || found.venues.some((id) => venues.includes(id)))
}

/** The changes after `cursor` the worker may take now: settled, and up to the first gap still in flight. */
function takeable(rows: ChangeRow[], cursor: number, now: number): ChangeRow[] {
  const taken: ChangeRow[] = []
  let expected = cursor + 1
  for (const row of rows) {
    const age = now - Date.parse(row.changedAt)
    if (age < SETTLE_MS) break
    if (row.id !== expected && age < GAP_WAIT_MS) break
    taken.push(row)
    expected = row.id + 1
  }
  return taken
}

/**
 * One pass of the fan-out: reads the changes after the worker's cursor and queues, for each change the
 * public saw, a delivery to every active webhook that subscribes to its type and whose filters let it
 * through, with the body it will carry (the change, and the resource as the namespace serves it to the
 * public, or null once it is gone from view). The deliveries are inserted in the same transaction that
 * moves the cursor past those changes: a crash before the commit leaves both as they were (the next
 * pass does it again), after it both are stored; two processes never queue the same change twice.
 * Writes never wait for any of this: the changes are committed with them.
 */
export async function fanOutChanges(payload: Payload, now = new Date()): Promise<{ changes: number; queued: number }> {
  const cursor = await readCursor(payload)
  const found = await payload.find({ collection: CHANGES, where: { id: { greater_than: cursor } }, sort: 'id', limit: BATCH, depth: 0, pagination: false, overrideAccess: true })
  const changes = takeable(found.docs as ChangeRow[], cursor, now.getTime())
  if (!changes.length) return { changes: 0, queued: 0 }

  const webhooks = (await payload.find({ collection: WEBHOOKS, where: { active: { equals: true } }, depth: 0, pagination: false, overrideAccess: true, select: { events: true, categories: true, venues: true, active: true, createdAt: true } })).docs as Subscriber[]
  const deliveries: Array<{ webhook: number; change: number; messageId: string; type: string; payload: Record<string, unknown> }> = []
  for (const change of changes) {
    // The change as the feed lists it to an anonymous caller (GET /changes): webhooks send what the public sees.
    const wire = serializeChange(change, false)
    if (!wire) continue
    const { action } = wire
    const type = deliveryType(change.kind, action)
    // Only changes made after a webhook was registered are sent to it.
    const wanted = webhooks.filter((w) => subscribesTo(w.events, type) && Date.parse(w.createdAt) <= Date.parse(change.changedAt))
    if (!wanted.length) continue
    const resource = action === 'deleted' || action === 'hidden' ? null : await publicResource(payload, change.kind, change.doc)
    let links: Promise<{ categories: number[]; venues: number[] } | null> | undefined
    const body = {
      type,
      timestamp: new Date(change.changedAt).toISOString(),
      data: { change: wire, resource },
    }
    for (const webhook of wanted) {
      if (!(await passesFilters(webhook, change, () => (links ??= eventLinks(payload, change, resource))))) continue
      deliveries.push({ webhook: webhook.id, change: change.id, messageId: `msg_${change.id}_${webhook.id}`, type, payload: body })
    }
  }

  const last = changes[changes.length - 1]!.id
  const req = await createLocalReq({}, payload)
  const inTransaction = await initTransaction(req)
  try {
    // The cursor first: on PostgreSQL its row lock makes a second process wait here, then give up.
    if (!(await moveCursor(req, cursor, last))) {
      if (inTransaction) await killTransaction(req)
      return { changes: 0, queued: 0 }
    }
    const due = now.toISOString()
    for (const delivery of deliveries) {
      await payload.create({ collection: WEBHOOK_DELIVERIES, data: { ...delivery, status: 'pending', attempts: 0, nextAttemptAt: due }, overrideAccess: true, depth: 0, req })
    }
    if (inTransaction) await commitTransaction(req)
  } catch (error) {
    if (inTransaction) await killTransaction(req)
    throw error
  }
  return { changes: changes.length, queued: deliveries.length }
}
