import { wallClock } from '../../../lib/dates/wallClock.js'

/** A stored change, as the feed reads it. */
export interface StoredChange {
  id: number
  kind: string
  doc: number
  action: string
  publicBefore?: boolean | null
  publicAfter?: boolean | null
  changedAt: string
}

/** A change on the wire. */
export interface WireChange {
  kind: string
  id: number
  action: 'created' | 'updated' | 'deleted' | 'hidden'
  modified_utc: string
}

/**
 * A change as the caller may learn it (docs/api.md, the change feed). Editors (who read drafts,
 * private, protected and trashed posts) get what happened. Everyone else gets the public's view:
 * a change to what the public sees as it happened, except that a post becoming visible reads
 * 'created' (the public never had it, or had dropped it); a post leaving the public's view reads
 * 'hidden' (or 'deleted' when it was deleted); a change to what the public saw neither before nor
 * after is not there at all (null).
 */
export function serializeChange(change: StoredChange, seesEverything: boolean): WireChange | null {
  const base = { kind: change.kind, id: Number(change.doc), modified_utc: wallClock(change.changedAt, 'UTC') }
  const action = change.action as 'created' | 'updated' | 'deleted'
  if (seesEverything) return { ...base, action }
  if (change.publicAfter) return { ...base, action: change.publicBefore ? action : 'created' }
  if (change.publicBefore) return { ...base, action: action === 'deleted' ? 'deleted' : 'hidden' }
  return null
}
