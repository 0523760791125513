import type { CollectionConfig } from 'payload'
import { canEditContent } from './access/canEditContent.js'
import { publishedOrEditor } from './access/publishedOrEditor.js'
import { idField } from './fields/idField.js'
import { authorField, imageField, postStatusField, publishedAtField } from './fields/postFields.js'
import { slugField } from './fields/slugField.js'
import { assignId } from './hooks/assignId.js'
import { VENUES } from './slugs.js'

export const Venues: CollectionConfig = {
  slug: VENUES,
  labels: { singular: 'Venue', plural: 'Venues' },
  admin: { useAsTitle: 'title', defaultColumns: ['title', 'city', 'country', 'status'] },
  access: { read: publishedOrEditor, create: canEditContent, update: canEditContent, delete: canEditContent },
  hooks: { beforeOperation: [assignId('post')] },
  fields: [
    idField,
    { name: 'title', label: 'Venue name', type: 'text', required: true },
    { name: 'description', type: 'richText' },
    { name: 'address', type: 'text' },
    { type: 'row', fields: [{ name: 'city', type: 'text' }, { name: 'zip', type: 'text' }] },
    {
      type: 'row',
      fields: [
        { name: 'state', type: 'text' },
        { name: 'province', type: 'text' },
        { name: 'stateprovince', type: 'text' },
      ],
    },
    { name: 'country', type: 'text' },
    { name: 'phone', type: 'text' },
    { name: 'website', type: 'text' },
    { type: 'row', fields: [{ name: 'showMap', type: 'text' }, { name: 'showMapLink', type: 'text' }] },
    {
      type: 'row',
      fields: [
        { name: 'latitude', type: 'number', min: -90, max: 90, index: true },
        { name: 'longitude', type: 'number', min: -180, max: 180, index: true },
      ],
    },
    imageField,
    slugField('title'),
    postStatusField,
    authorField,
    publishedAtField,
  ],
}
