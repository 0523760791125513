import type { CollectionConfig } from 'payload'
import { hasCapability } from './access/capabilities.js'
import { idField } from './fields/idField.js'
import { recordCancelledOccurrence } from './changes/recordChanges.js'
import { EVENTS, OCCURRENCES } from './slugs.js'

/** What became of an occurrence the rule gives: as the series has it, cancelled, or moved into an event of its own. */
export const OCCURRENCE_STATES = ['scheduled', 'cancelled', 'changed'] as const
export type OccurrenceState = (typeof OCCURRENCE_STATES)[number]

/**
 * The stored occurrences of recurring events (collections/hooks/syncOccurrences.ts writes them; nobody
 * else does). One row per series and original start, so an occurrence keeps its ID, and its provisional
 * ID on the wire, across edits of the series. The namespace reads them for the series it has already
 * let the caller see; through /api and GraphQL only editors read them.
 */
export const Occurrences: CollectionConfig = {
  slug: OCCURRENCES,
  labels: { singular: 'Occurrence', plural: 'Occurrences' },
  admin: { hidden: true },
  access: {
    read: ({ req }) => hasCapability(req.user, 'edit_others_posts'),
    create: () => false,
    update: () => false,
    delete: () => false,
  },
  hooks: { afterChange: [recordCancelledOccurrence] },
  // One row per series and original start. A list's page walks the scheduled ones in start order and
  // stops at its last (state, startDate, id …); its total counts each listed series' own entries
  // (event, state, startDate …). A lone index on `state` would have the planner visit every row.
  indexes: [
    { fields: ['event', 'originalStart'], unique: true },
    { fields: ['state', 'startDate', 'id', 'endDate', 'event'] },
    { fields: ['event', 'state', 'startDate', 'endDate'] },
  ],
  fields: [
    idField,
    { name: 'event', type: 'relationship', relationTo: EVENTS, required: true },
    /** The start the rule gives: the occurrence's identity (iCal's RECURRENCE-ID). */
    { name: 'originalStart', type: 'date', required: true },
    /** Named as the event's own dates, so the archive's date conditions apply to occurrences as they are. */
    { name: 'startDate', type: 'date', required: true },
    { name: 'endDate', type: 'date', required: true },
    { name: 'state', type: 'select', options: [...OCCURRENCE_STATES], defaultValue: 'scheduled', required: true },
    /** A changed occurrence: the event that now holds it (its own title, dates, venue…). */
    { name: 'changedTo', type: 'relationship', relationTo: EVENTS, index: true },
  ],
}
