import type { ChangeKind } from '../../collections/webhooks/webhookEvents.js'
import type { WireChange } from '../../endpoints/changes/serialize/serializeChange.js'

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

/** The delivery type of a change as the public sees it: `hidden` is sent as `<kind>.deleted` (gone from public view). */
export function deliveryType(kind: ChangeKind, action: WireChange['action']): string {
  return `${kind}.${action === 'hidden' ? 'deleted' : action}`
}
