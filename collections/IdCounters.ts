import type { CollectionConfig } from 'payload'
import { COUNTERS, ID_SEQUENCES } from './slugs.js'

/** Hidden: the current value of each shared ID sequence. Only the server touches it. */
export const IdCounters: CollectionConfig = {
  slug: COUNTERS,
  admin: { hidden: true },
  access: { read: () => false, create: () => false, update: () => false, delete: () => false },
  fields: [
    { name: 'sequence', type: 'select', required: true, unique: true, options: ID_SEQUENCES },
    { name: 'value', type: 'number', required: true, defaultValue: 0 },
  ],
}
