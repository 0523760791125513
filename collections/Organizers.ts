import type { CollectionConfig } from 'payload'
import { canEditContent } from './access/canEditContent.js'
import { publishedOrEditor } from './access/publishedOrEditor.js'
import { idField } from './fields/idField.js'
import { authorField, imageField, postStatusField, publishedAtField } from './fields/postFields.js'
import { slugField } from './fields/slugField.js'
import { assignId } from './hooks/assignId.js'
import { ORGANIZERS } from './slugs.js'

export const Organizers: CollectionConfig = {
  slug: ORGANIZERS,
  labels: { singular: 'Organizer', plural: 'Organizers' },
  admin: { useAsTitle: 'title', defaultColumns: ['title', 'email', 'phone', 'status'] },
  access: { read: publishedOrEditor, create: canEditContent, update: canEditContent, delete: canEditContent },
  hooks: { beforeOperation: [assignId('post')] },
  fields: [
    idField,
    { name: 'title', label: 'Organizer name', type: 'text', required: true },
    { name: 'description', type: 'richText' },
    { name: 'phone', type: 'text' },
    { name: 'website', type: 'text' },
    { name: 'email', type: 'email' },
    imageField,
    slugField('title'),
    postStatusField,
    authorField,
    publishedAtField,
  ],
}
