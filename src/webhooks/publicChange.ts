import type { ChangeKind } from '../../collections/webhooks/webhookEvents.js'

/** A row of the change feed (collections/Changes.ts), as the worker reads it. */
export interface ChangeRow {
  id: number
  kind: ChangeKind
  doc: number
  action: 'created' | 'updated' | 'deleted'
  publicBefore?: boolean | null
  publicAfter?: boolean | null
  changedAt: string
}

export type PublicAction = 'created' | 'updated' | 'deleted' | 'hidden'

/**
 * What an anonymous caller sees of a change, as the feed lists it to one: a change of something public
 * before and after keeps its action; something that just became public reads as created; something
 * that left the public's view reads as deleted when it was deleted, else hidden; a change the public
 * never saw is not there (null). Webhooks send what the public sees.
 */
export function publicAction(change: Pick<ChangeRow, 'action' | 'publicBefore' | 'publicAfter'>): PublicAction | null {
  const before = Boolean(change.publicBefore)
  const after = Boolean(change.publicAfter)
  if (after) return before ? change.action : 'created'
  if (before) return change.action === 'deleted' ? 'deleted' : 'hidden'
  return null
}

/** The delivery type of a public action: `hidden` is sent as `<kind>.deleted` (gone from public view). */
export function deliveryType(kind: ChangeKind, action: PublicAction): string {
  return `${kind}.${action === 'hidden' ? 'deleted' : action}`
}

/** `YYYY-MM-DD HH:MM:SS` in UTC, as the namespace writes `modified_utc`. */
export function wireUtc(iso: string): string {
  return new Date(iso).toISOString().slice(0, 19).replace('T', ' ')
}
