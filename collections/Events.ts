import type { CollectionConfig } from 'payload'
import { canEditContent } from './access/canEditContent.js'
import { publishedOrEditor } from './access/publishedOrEditor.js'
import { idField } from './fields/idField.js'
import { authorField, imageField, postStatusField, publishedAtField } from './fields/postFields.js'
import { secretFields } from './fields/secretFields.js'
import { slugField } from './fields/slugField.js'
import { assignId } from './hooks/assignId.js'
import { CATEGORIES, EVENTS, ORGANIZERS, TAGS, VENUES } from './slugs.js'

export const Events: CollectionConfig = {
  slug: EVENTS,
  labels: { singular: 'Event', plural: 'Events' },
  admin: {
    useAsTitle: 'title',
    defaultColumns: ['title', 'startDate', 'endDate', 'venues', 'status', 'featured'],
  },
  defaultSort: 'startDate',
  access: { read: publishedOrEditor, create: canEditContent, update: canEditContent, delete: canEditContent },
  hooks: { beforeOperation: [assignId('post')] },
  fields: [
    idField,
    { name: 'title', type: 'text', required: true },
    { name: 'description', type: 'richText' },
    { name: 'excerpt', type: 'textarea' },
    {
      type: 'row',
      fields: [
        { name: 'startDate', type: 'date', required: true, index: true, admin: { date: { pickerAppearance: 'dayAndTime' } } },
        { name: 'endDate', type: 'date', required: true, index: true, admin: { date: { pickerAppearance: 'dayAndTime' } } },
      ],
    },
    { name: 'timezone', type: 'text', admin: { description: 'IANA time zone, e.g. Europe/Paris. Empty: the site time zone.' } },
    { name: 'allDay', type: 'checkbox', defaultValue: false },
    { name: 'venues', type: 'relationship', relationTo: VENUES, hasMany: true, index: true },
    { name: 'organizers', type: 'relationship', relationTo: ORGANIZERS, hasMany: true, index: true },
    { name: 'categories', type: 'relationship', relationTo: CATEGORIES, hasMany: true, index: true },
    { name: 'tags', type: 'relationship', relationTo: TAGS, hasMany: true, index: true },
    imageField,
    {
      type: 'row',
      fields: [
        { name: 'cost', type: 'text' },
        { name: 'currencySymbol', type: 'text' },
        { name: 'currencyCode', type: 'text' },
        {
          name: 'currencyPosition',
          type: 'select',
          defaultValue: 'prefix',
          options: [
            { label: 'Before the amount', value: 'prefix' },
            { label: 'After the amount', value: 'suffix' },
          ],
        },
      ],
    },
    { name: 'website', type: 'text' },
    { name: 'showMap', type: 'checkbox', defaultValue: false },
    { name: 'showMapLink', type: 'checkbox', defaultValue: false },
    { name: 'hideFromListings', type: 'checkbox', defaultValue: false, index: true },
    { name: 'sticky', type: 'checkbox', defaultValue: false },
    { name: 'featured', type: 'checkbox', defaultValue: false, index: true },
    { name: 'ticketed', type: 'checkbox', defaultValue: false, index: true },
    { name: 'parent', label: 'Parent event', type: 'relationship', relationTo: EVENTS, index: true },
    slugField('title'),
    postStatusField,
    ...secretFields({ name: 'password', label: 'Event password', admin: { position: 'sidebar' } }),
    authorField,
    publishedAtField,
  ],
}
