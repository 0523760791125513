import type { CollectionConfig } from 'payload'
import { isAdministrator, isAdministratorField } from './access/isAdministrator.js'
import { isHttpUrl } from './markup/isHttpUrl.js'
import { CATEGORIES, VENUES, WEBHOOK_DELIVERIES, WEBHOOKS } from './slugs.js'
import { sendTestEvent } from './webhooks/sendTestEvent.js'
import { WEBHOOK_EVENT_TYPES } from './webhooks/webhookEvents.js'
import { deleteWebhookDeliveries, prepareWebhook, revealSigningSecret } from './webhooks/webhookHooks.js'

const never = () => false

/**
 * Endpoints that receive the calendar's changes as signed HTTP POSTs (Standard Webhooks; docs/webhooks.md),
 * administrators only, in the admin, over /api and GraphQL. The signing secret is generated on create
 * and shown once, in that create's answer (`secret`); afterwards only its encrypted form exists, which no
 * API returns. The delivery worker (src/webhooks/) queues a delivery per matching change and disables
 * the webhook, with the reason, once a delivery has failed for its whole retry schedule.
 */
export const Webhooks: CollectionConfig = {
  slug: WEBHOOKS,
  labels: { singular: 'Webhook', plural: 'Webhooks' },
  admin: {
    useAsTitle: 'url',
    defaultColumns: ['url', 'events', 'active', 'disabledReason', 'updatedAt'],
    description: 'HTTP endpoints told of every published change (signed, Standard Webhooks). See docs/webhooks.md.',
    components: { beforeListTable: ['/admin/webhooks/NewWebhook.tsx#NewWebhook'] },
  },
  access: { read: isAdministrator, create: isAdministrator, update: isAdministrator, delete: isAdministrator },
  hooks: { beforeChange: [prepareWebhook], afterChange: [revealSigningSecret], beforeDelete: [deleteWebhookDeliveries] },
  endpoints: [sendTestEvent],
  fields: [
    {
      name: 'url',
      label: 'URL',
      type: 'text',
      required: true,
      validate: (value: unknown) => (typeof value === 'string' && isHttpUrl(value) ? true : 'Enter an http:// or https:// URL.'),
      admin: { description: 'Receives a POST per change. Private and loopback addresses are refused unless ALLOW_PRIVATE_OUTBOUND=true.' },
    },
    {
      name: 'events',
      // Text rather than a select: GraphQL enum names cannot hold `*` or `.`, and these are the wire's names.
      type: 'text',
      hasMany: true,
      required: true,
      defaultValue: ['*'],
      validate: (value: unknown) => {
        const list = Array.isArray(value) ? value : []
        const wrong = list.filter((v) => !WEBHOOK_EVENT_TYPES.includes(String(v)))
        if (!list.length) return 'Name at least one event, e.g. * or event.created.'
        return wrong.length ? `Unknown events: ${wrong.join(', ')}. Use *, <kind>.* or <kind>.created|updated|deleted, kind one of event, venue, organizer, category, tag.` : true
      },
      admin: { description: 'The changes to send: * for all, event.* for every change of events, or single ones such as event.created, venue.deleted (kinds: event, venue, organizer, category, tag). A change that takes something out of public view is sent as <kind>.deleted.' },
    },
    {
      name: 'categories',
      type: 'relationship',
      relationTo: CATEGORIES,
      hasMany: true,
      admin: { description: 'Only events in one of these categories (and changes of these categories). Empty: all.' },
    },
    {
      name: 'venues',
      type: 'relationship',
      relationTo: VENUES,
      hasMany: true,
      admin: { description: 'Only events at one of these venues (and changes of these venues). Empty: all.' },
    },
    { name: 'active', type: 'checkbox', defaultValue: true, index: true, admin: { description: 'Turned off by the server after a delivery failed for 24 hours and more; turn it back on once the receiver works.' } },
    {
      name: 'disabledReason',
      label: 'Disabled because',
      type: 'textarea',
      access: { create: never, update: never },
      admin: { readOnly: true, condition: (data) => Boolean(data?.disabledReason) },
    },
    // The signing secret, encrypted (collections/webhooks/signingSecret.ts); set only by prepareWebhook,
    // hidden from every API and admin screen. The read rule also keeps GraphQL from typing it non-null.
    { name: 'secretCiphertext', type: 'text', hidden: true, access: { read: never, create: never, update: never }, typescriptSchema: [({ jsonSchema }) => ({ ...jsonSchema, required: false })] },
    {
      name: 'secret',
      type: 'text',
      virtual: true,
      access: { create: never, update: never },
      hooks: { afterRead: [() => undefined] },
      admin: { readOnly: true, hidden: true },
    },
    {
      name: 'sendTest',
      type: 'ui',
      admin: { components: { Field: '/admin/webhooks/SendTestEvent.tsx#SendTestEvent' }, condition: (data) => Boolean(data?.id) },
    },
    {
      name: 'deliveries',
      label: 'Delivery log',
      type: 'join',
      collection: WEBHOOK_DELIVERIES,
      on: 'webhook',
      defaultSort: '-createdAt',
      defaultLimit: 20,
      access: { read: isAdministratorField },
      admin: { defaultColumns: ['type', 'status', 'attempts', 'lastStatus', 'lastDuration', 'responseExcerpt', 'error', 'createdAt'], allowCreate: false },
    },
  ],
}
