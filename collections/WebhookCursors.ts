import type { CollectionConfig } from 'payload'
import { WEBHOOK_CURSORS } from './slugs.js'

const never = () => false

/**
 * Hidden: how far the webhook worker has read the change feed (`changes` row ID). One row, named
 * `changes`; moved only in the transaction that queues the deliveries of the changes it passes.
 */
export const WebhookCursors: CollectionConfig = {
  slug: WEBHOOK_CURSORS,
  admin: { hidden: true },
  access: { read: never, create: never, update: never, delete: never },
  timestamps: false,
  fields: [
    { name: 'name', type: 'text', required: true, unique: true },
    { name: 'value', type: 'number', required: true, defaultValue: 0 },
  ],
}
