import type { CollectionConfig } from 'payload'
import { changePosts, createPosts, readPosts } from './access/postAccess.js'
import { descriptionFields } from './fields/descriptionFields.js'
import { idField } from './fields/idField.js'
import { authorField, imageField, postStatusField, publishedAtField } from './fields/postFields.js'
import { slugField } from './fields/slugField.js'
import { assignAuthor } from './hooks/assignAuthor.js'
import { assignId } from './hooks/assignId.js'
import { defaultStatusForCaller } from './hooks/defaultStatusForCaller.js'
import { renderDescriptionHtml } from './hooks/renderDescriptionHtml.js'
import { scaleBackStatus } from './hooks/scaleBackStatus.js'
import { unlinkFromEvents } from './hooks/unlinkFromEvents.js'
import { ORGANIZERS } from './slugs.js'

const unlink = unlinkFromEvents('organizers')

export const Organizers: CollectionConfig = {
  slug: ORGANIZERS,
  labels: { singular: 'Organizer', plural: 'Organizers' },
  admin: {
    useAsTitle: 'title',
    group: 'Calendar',
    defaultColumns: ['title', 'email', 'phone', 'status'],
    listSearchableFields: ['title', 'email'],
  },
  trash: true,
  access: { read: readPosts, create: createPosts, update: changePosts, delete: changePosts },
  hooks: {
    beforeOperation: [assignId('post'), defaultStatusForCaller],
    beforeChange: [assignAuthor, scaleBackStatus, renderDescriptionHtml],
    afterChange: [unlink.afterChange],
    afterDelete: [unlink.afterDelete],
  },
  fields: [
    idField,
    { name: 'title', label: 'Organizer name', type: 'text', required: true, index: true },
    ...descriptionFields(),
    { name: 'phone', type: 'text' },
    { name: 'website', type: 'text' },
    // Plain text: the reference accepts any string; the namespace validates addresses it is given.
    { name: 'email', type: 'text' },
    imageField,
    slugField('title'),
    postStatusField,
    authorField,
    publishedAtField,
  ],
}
