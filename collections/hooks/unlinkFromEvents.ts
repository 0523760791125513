import type { CollectionAfterChangeHook, CollectionAfterDeleteHook, PayloadRequest } from 'payload'
import { relationIds } from '../relationIds.js'
import { EVENTS } from '../slugs.js'

type EventLink = 'venues' | 'organizers' | 'categories' | 'tags'

async function unlink(req: PayloadRequest, field: EventLink, id: number | string): Promise<void> {
  const linked = await req.payload.find({
    collection: EVENTS,
    where: { [field]: { in: [id] } },
    pagination: false,
    depth: 0,
    trash: true,
    select: { [field]: true },
    overrideAccess: true,
    req,
  })
  for (const event of linked.docs) {
    const kept = relationIds(event[field]).filter((v) => String(v) !== String(id))
    await req.payload.update({ collection: EVENTS, id: event.id, data: { [field]: kept }, overrideAccess: true, trash: true, req, depth: 0 })
  }
}

/**
 * Keeps events free of dangling links: when a venue, organizer or term is deleted, or a venue or
 * organizer is moved to the trash (reference 7.4), the events that used it drop it.
 */
export function unlinkFromEvents(field: EventLink): { afterChange: CollectionAfterChangeHook; afterDelete: CollectionAfterDeleteHook } {
  return {
    afterChange: async ({ doc, previousDoc, req }) => {
      if (doc.deletedAt && !previousDoc?.deletedAt) await unlink(req, field, doc.id)
      return doc
    },
    afterDelete: async ({ doc, req }) => {
      await unlink(req, field, doc.id)
      return doc
    },
  }
}
