import type { CollectionAfterChangeHook, CollectionAfterDeleteHook, CollectionBeforeDeleteHook } from 'payload'
import type { ChangeKind } from '../Changes.js'
import { relationId } from '../relationIds.js'
import { queueChanges } from './changeQueue.js'
import { recordOccurrenceChanges, scheduledOccurrenceIds, seriesVisibility } from './occurrenceChanges.js'
import { postChange } from './postChange.js'
import type { PostVisibility } from './publicPost.js'

const now = () => new Date().toISOString()

/** Venues and organizers: one change per write (created, updated, trashed, restored, deleted for good). */
export function recordPostChanges(kind: Extract<ChangeKind, 'venue' | 'organizer'>): { afterChange: CollectionAfterChangeHook; afterDelete: CollectionAfterDeleteHook } {
  return {
    afterChange: async ({ doc, previousDoc, operation, req }) => {
      await queueChanges(req, [{ kind, doc: doc.id, ...postChange(operation === 'create' ? undefined : previousDoc, doc), changedAt: now() }])
      return doc
    },
    afterDelete: async ({ doc, id, req }) => {
      await queueChanges(req, [{ kind, doc: Number(doc?.id ?? id), ...postChange(doc, undefined), changedAt: now() }])
      return doc
    },
  }
}

/**
 * afterChange of events, after the occurrences are stored again (syncOccurrences records those it
 * adds and removes): the event's change and, for a series, the same change for each of its listed
 * occurrences (their title, status and trash are the series').
 */
export const recordEventChange: CollectionAfterChangeHook = async ({ doc, previousDoc, operation, req }) => {
  const previous = operation === 'create' ? undefined : (previousDoc as PostVisibility)
  const change = postChange(previous, doc)
  await queueChanges(req, [{ kind: 'event', doc: doc.id, ...change, changedAt: now() }])
  if (doc.recurring || previousDoc?.recurring) {
    await recordOccurrenceChanges(req, await scheduledOccurrenceIds(req, doc.id), change.action, previous, doc)
  }
  return doc
}

/** beforeDelete of events (before removeOccurrencesBeforeDelete takes them): a series' occurrences go with it. */
export const recordSeriesDeletion: CollectionBeforeDeleteHook = async ({ id, req }) => {
  const ids = await scheduledOccurrenceIds(req, Number(id))
  if (ids.length) await recordOccurrenceChanges(req, ids, 'deleted', await seriesVisibility(req, Number(id)), undefined)
}

/** afterDelete of events: deleted for good. */
export const recordEventDeletion: CollectionAfterDeleteHook = async ({ doc, id, req }) => {
  await queueChanges(req, [{ kind: 'event', doc: Number(doc?.id ?? id), ...postChange(doc, undefined), changedAt: now() }])
  return doc
}

/** Categories and tags: public whenever they exist (anyone reads them); deleting one is for good. */
export function recordTermChanges(kind: Extract<ChangeKind, 'category' | 'tag'>): { afterChange: CollectionAfterChangeHook; afterDelete: CollectionAfterDeleteHook } {
  return {
    afterChange: async ({ doc, operation, req }) => {
      const created = operation === 'create'
      await queueChanges(req, [{ kind, doc: doc.id, action: created ? 'created' : 'updated', publicBefore: !created, publicAfter: true, changedAt: now() }])
      return doc
    },
    afterDelete: async ({ doc, id, req }) => {
      await queueChanges(req, [{ kind, doc: Number(doc?.id ?? id), action: 'deleted', publicBefore: true, publicAfter: false, changedAt: now() }])
      return doc
    },
  }
}

/** afterChange of occurrences: one cancelled (the namespace's DELETE of an occurrence, an iCal import) leaves the lists. */
export const recordCancelledOccurrence: CollectionAfterChangeHook = async ({ doc, previousDoc, req }) => {
  if (doc.state !== 'cancelled' || previousDoc?.state === 'cancelled') return doc
  const series = Number(relationId(doc.event))
  const visibility = await seriesVisibility(req, series)
  await recordOccurrenceChanges(req, [doc.id], 'deleted', visibility, undefined)
  return doc
}
