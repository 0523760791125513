// The stored documents the handlers and serializers read are Payload's generated types
// (src/payload-types.ts, `npm run generate:types`): what the Local API returns, at depth 0
// (relationships as IDs) unless populated.
import type { Event, EventCategory, EventTag } from '../../src/payload-types.js'

export type { Event, Media, Organizer, Venue } from '../../src/payload-types.js'

/** A relationship value: the related document's ID, or the document itself when populated. */
export type Relation<T extends { id: number }> = number | T | null | undefined

/** A category or a tag: the same fields, but a tag has no parent. */
export type Term = EventCategory | (EventTag & { parent?: undefined })

/** A stored rich-text description, as the generated types describe it (Lexical's serialized state). */
export type RichText = NonNullable<Event['description']>

/**
 * An item of a list or a read that is an occurrence of a recurring event: the series' event answered
 * with the occurrence's ID and dates (a changed occurrence: its own event, under the occurrence's ID).
 */
export interface OccurrenceView {
  /** The provisional ID: the base + the occurrence's ID. */
  wireId: number
  seriesId: number
  /** The series' lines. */
  lines: string[]
  /** The start the rule gave it (ISO, UTC). */
  originalStart: string
  startDate: string
  endDate: string
}
