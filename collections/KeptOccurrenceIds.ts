import type { CollectionConfig } from 'payload'
import { EVENTS, KEPT_OCCURRENCE_IDS } from './slugs.js'

/**
 * Hidden: IDs an occurrence is to have once it is stored, by series and original start. import:tec
 * keeps Events Calendar Pro's occurrence IDs, and a site's occurrences may lie past this horizon
 * (ECP stores 60 months ahead): the occurrence sync (hooks/syncOccurrences.ts) gives an occurrence
 * the ID kept for it when time brings it within the horizon. Only the server touches it.
 */
export const KeptOccurrenceIds: CollectionConfig = {
  slug: KEPT_OCCURRENCE_IDS,
  admin: { hidden: true },
  access: { read: () => false, create: () => false, update: () => false, delete: () => false },
  indexes: [{ fields: ['event', 'originalStart'], unique: true }],
  fields: [
    { name: 'event', type: 'relationship', relationTo: EVENTS, required: true },
    { name: 'originalStart', type: 'date', required: true },
    { name: 'occurrence', type: 'number', required: true },
  ],
}
