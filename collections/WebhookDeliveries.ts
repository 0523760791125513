import type { CollectionConfig } from 'payload'
import { isAdministrator } from './access/isAdministrator.js'
import { WEBHOOK_DELIVERIES, WEBHOOKS } from './slugs.js'

const never = () => false

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const

/** Longest answer excerpt a delivery keeps. */
export const RESPONSE_EXCERPT_CHARS = 1000

/**
 * The durable queue of webhook deliveries and their log: one row per change and webhook, inserted in the
 * same transaction that moves the worker's cursor past the change (src/webhooks/fanOutChanges.ts), so
 * none is lost to a crash; then claimed, sent, and retried by src/webhooks/deliverPending.ts.
 * Administrators read it (the webhook's edit view lists it); nobody writes it over /api.
 */
export const WebhookDeliveries: CollectionConfig = {
  slug: WEBHOOK_DELIVERIES,
  labels: { singular: 'Webhook delivery', plural: 'Webhook deliveries' },
  admin: {
    hidden: true,
    useAsTitle: 'messageId',
    defaultColumns: ['type', 'status', 'attempts', 'lastStatus', 'lastDuration', 'responseExcerpt', 'createdAt'],
  },
  access: { read: isAdministrator, create: never, update: never, delete: never },
  // The worker's question: which pending deliveries are due.
  indexes: [{ fields: ['status', 'nextAttemptAt'] }],
  fields: [
    { name: 'webhook', type: 'relationship', relationTo: WEBHOOKS, required: true, index: true },
    /** The change (the feed's row ID) it reports; empty for a test event. */
    { name: 'change', type: 'number', index: true },
    /** Sent as `webhook-id`: the same on every attempt, so a receiver can drop duplicates. */
    { name: 'messageId', type: 'text', required: true, unique: true },
    { name: 'type', type: 'text', required: true },
    { name: 'test', type: 'checkbox', defaultValue: false },
    /** The body sent, fixed when queued: every attempt sends the same bytes. */
    { name: 'payload', type: 'json', required: true },
    { name: 'status', type: 'select', options: [...DELIVERY_STATUSES], required: true, defaultValue: 'pending' },
    { name: 'attempts', type: 'number', required: true, defaultValue: 0 },
    { name: 'nextAttemptAt', label: 'Next attempt', type: 'date', admin: { date: { pickerAppearance: 'dayAndTime' } } },
    /** While set and in the future, one server process is sending it (src/webhooks/claimDelivery.ts). */
    { name: 'claimedUntil', type: 'date', admin: { hidden: true } },
    { name: 'lastStatus', label: 'HTTP status', type: 'number' },
    { name: 'lastDuration', label: 'Duration (ms)', type: 'number' },
    { name: 'responseExcerpt', label: 'Answer', type: 'textarea', maxLength: RESPONSE_EXCERPT_CHARS },
    { name: 'error', type: 'text' },
    { name: 'deliveredAt', type: 'date', admin: { date: { pickerAppearance: 'dayAndTime' } } },
  ],
}
