import { CHANGE_KINDS } from '../Changes.js'

export type { ChangeKind } from '../Changes.js'

/** What a webhook delivery reports: `hidden` (left the public's view) is sent as `<kind>.deleted`. */
export const DELIVERED_ACTIONS = ['created', 'updated', 'deleted'] as const

/** Every value of a webhook's `events`: `*`, `<kind>.*`, `<kind>.<action>`. */
export const WEBHOOK_EVENT_TYPES: string[] = ['*', ...CHANGE_KINDS.flatMap((kind) => [`${kind}.*`, ...DELIVERED_ACTIONS.map((action) => `${kind}.${action}`)])]

/** Whether a webhook subscribed to `events` wants a delivery of type `type` (e.g. `venue.updated`). */
export function subscribesTo(events: readonly string[] | null | undefined, type: string): boolean {
  const kind = type.split('.')[0]
  return (events ?? []).some((wanted) => wanted === '*' || wanted === type || wanted === `${kind}.*`)
}
