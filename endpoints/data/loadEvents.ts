import { canChangePost } from '../../collections/access/postAccess.js'
import { EVENTS } from '../../collections/slugs.js'
import { type KeptSerializations, keepSerialization, keptSerialization, keptSerializations } from '../cache/keptSerializations.js'
import { NO_RELATED, type Related } from '../serialize/related.js'
import type { RequestContext } from '../types.js'
import type { Event, OccurrenceView } from './documents.js'
import type { LocatedEventPost } from './locatePost.js'
import { loadRelated } from './loadRelated.js'
import { readOneVisible } from './readVisible.js'
import { WITHOUT_RICH_TEXT } from './servedFields.js'
import { readUnlocked, unlockedIds } from './unlockEvents.js'

/**
 * What unlocks password-protected events (reference 10): `?password=`, and `context=edit` for their
 * editors, as their declarations parse them (events/params/unlockArgs.ts).
 */
export interface Unlock {
  password?: string
  context?: 'edit'
}

/** Everything a list of event objects needs: serializeEventList is a pure function of it. */
export interface EventListLoad {
  /** The events in the list's order; those the caller unlocked with their protected fields. */
  docs: Event[]
  /** Password-protected events the caller may not read in full: their protected fields are blanked. */
  locked: ReadonlySet<number>
  /** What the events to serialize link to, read once for the whole list. */
  related: Related
  /** The public's event objects kept since the last write, by key: not serialized again. */
  kept: ReadonlyMap<number, object>
  /** Aligned with docs: each item's key among the kept objects, its ID on the wire (an occurrence's provisional ID). */
  keys: readonly number[]
  /** Aligned with docs: the occurrence an item shows (its ID and dates), undefined for single events. */
  occurrences: ReadonlyArray<OccurrenceView | undefined>
}

/**
 * Where the public's event objects of one request are kept (see keptSerializations), taken before the
 * request reads anything; undefined for signed-in callers, inside a write, with `password` or
 * `context=edit`.
 */
export function keptEventObjects(ctx: RequestContext, unlock: Unlock, kind: 'event-list' | 'event-single'): KeptSerializations | undefined {
  return keptSerializations(ctx, unlock, kind)
}

/**
 * A list's events as the caller may see them (reference 10): password-protected ones stay locked
 * unless `?password=` matches (unlockedIds: one query for the hashes, then the unlocked events read
 * again with their protected fields) or their editor asks with context=edit; linked documents read once
 * for the whole list (loadRelated). With `kept`, events serialized since the last write are reused and
 * only the others are read for.
 */
export async function loadEventList(
  ctx: RequestContext,
  found: Event[],
  unlock: Unlock,
  kept?: KeptSerializations,
  occurrences: ReadonlyArray<OccurrenceView | undefined> = [],
): Promise<EventListLoad> {
  // Kept by the item's ID on the wire: a series' occurrences are one event, each its own object.
  const keys = found.map((doc, i) => occurrences[i]?.wireId ?? doc.id)
  const reused = new Map<number, object>()
  if (kept) {
    for (const key of keys) {
      const object = keptSerialization(kept, key)
      if (object) reused.set(key, object)
    }
  }
  const missing = found.filter((_, i) => !reused.has(keys[i]!))
  if (!missing.length) return { docs: found, locked: new Set(), related: NO_RELATED, kept: reused, keys, occurrences }
  const editing = unlock.context === 'edit'
  // Once per event: a series' occurrences share it.
  const protectedIds = [...new Set(missing.filter((d) => d.hasPassword && !(editing && canChangePost(ctx.user, d))).map((d) => d.id))]
  const unlocked = await unlockedIds(ctx, protectedIds, unlock.password)
  const full = unlocked.length ? await readUnlocked(ctx, unlocked) : new Map<number, Event>()
  // An occurrence shows the series' event at its own dates.
  const docs = found.map((d, i) => {
    const doc = full.get(d.id) ?? d
    const occurrence = occurrences[i]
    return occurrence ? { ...doc, startDate: occurrence.startDate, endDate: occurrence.endDate } : doc
  })
  const locked = new Set(protectedIds.filter((id) => !unlocked.includes(id)))
  const related = await loadRelated(ctx, docs.filter((_, i) => !reused.has(keys[i]!)))
  return { docs, locked, related, kept: reused, keys, occurrences }
}

/** Keeps the list's newly serialized event objects (frozen) for the public's next requests; answers the list to send. */
export function keepEventObjects(kept: KeptSerializations | undefined, load: EventListLoad, objects: object[]): object[] {
  if (!kept) return objects
  return objects.map((object, i) => {
    const key = load.keys[i]!
    return load.kept.has(key) ? object : keepSerialization(kept, key, object)
  })
}

/** What a single event's answer needs, or why there is none. */
export type EventLoad =
  | { found: 'kept'; object: object }
  /** Password-protected, and neither unlocked by `?password=` nor edited by the caller. */
  | { found: 'locked' }
  /** Access control hides it. */
  | { found: 'hidden' }
  | { found: 'event'; doc: Event; related: Related; public: boolean }

/**
 * A single event the checks have let through (reference 6.1): its kept object, or the event (with its
 * protected fields when `?password=` unlocks it or the caller edits it with context=edit) and what it
 * links to. An event unlocked by a password is not the public's answer.
 */
export async function loadEvent(ctx: RequestContext, meta: LocatedEventPost, unlock: Unlock, kept?: KeptSerializations): Promise<EventLoad> {
  const id = meta.id
  const reused = kept && !meta.hasPassword ? keptSerialization(kept, id) : undefined
  if (reused) return { found: 'kept', object: reused }
  let doc: Event | undefined
  if (meta.hasPassword && !(unlock.context === 'edit' && canChangePost(ctx.user, meta))) {
    const unlocked = await unlockedIds(ctx, [id], unlock.password)
    if (!unlocked.length) return { found: 'locked' }
    doc = (await readUnlocked(ctx, unlocked)).get(id)
  } else {
    doc = await readOneVisible(ctx, EVENTS, id, { select: WITHOUT_RICH_TEXT })
  }
  if (!doc) return { found: 'hidden' }
  return { found: 'event', doc, related: await loadRelated(ctx, [doc]), public: !meta.hasPassword }
}

/** Keeps a single event's object for the public's next requests (never one a password unlocked); answers it. */
export function keepEventObject<T extends object>(kept: KeptSerializations | undefined, load: { doc: Event; public: boolean }, object: T): T {
  return kept && load.public ? keepSerialization(kept, load.doc.id, object) : object
}

/** What a write's answer needs: the event as written and what it links to, read as the caller. */
export async function loadWrittenEvent(ctx: RequestContext, doc: Event): Promise<{ doc: Event; related: Related }> {
  return { doc, related: await loadRelated(ctx, [doc]) }
}
