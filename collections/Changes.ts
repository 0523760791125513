import type { CollectionConfig } from 'payload'
import { isAdministrator } from './access/isAdministrator.js'
import { CHANGES } from './slugs.js'

/** What a change is about, as the change feed names it. */
export const CHANGE_KINDS = ['event', 'venue', 'organizer', 'category', 'tag'] as const
export type ChangeKind = (typeof CHANGE_KINDS)[number]
/** What happened to it: trashed and deleted for good are both 'deleted'. */
export const CHANGE_ACTIONS = ['created', 'updated', 'deleted'] as const
export type ChangeAction = (typeof CHANGE_ACTIONS)[number]

/**
 * One row per change to an event (an occurrence under its provisional ID), venue, organizer, category
 * or tag, written in the change's own transaction (collections/changes/queueChange.ts), so a committed
 * write is always here and a rolled-back one never. The change feed (GET …/changes) and the webhooks
 * read it, oldest first by ID; rows older than the retention are pruned. Visibility before and after
 * is stored for the anonymous public, which each reader derives what it may learn from.
 */
export const Changes: CollectionConfig = {
  slug: CHANGES,
  labels: { singular: 'Change', plural: 'Changes' },
  admin: { hidden: true },
  access: {
    read: isAdministrator,
    create: () => false,
    update: () => false,
    delete: () => false,
  },
  timestamps: false,
  indexes: [{ fields: ['kind', 'doc'] }],
  fields: [
    { name: 'kind', type: 'select', options: [...CHANGE_KINDS], required: true, index: true },
    /** The resource's ID as the namespace serves it (an occurrence: its provisional ID). */
    { name: 'doc', type: 'number', required: true },
    { name: 'action', type: 'select', options: [...CHANGE_ACTIONS], required: true },
    /** An anonymous caller could see it before this change. */
    { name: 'publicBefore', type: 'checkbox', defaultValue: false },
    /** An anonymous caller can see it after this change. */
    { name: 'publicAfter', type: 'checkbox', defaultValue: false },
    /** The write's time (UTC). */
    { name: 'changedAt', type: 'date', required: true, index: true },
  ],
}
