import type { CollectionConfig } from 'payload'
import { descriptionFields } from './fields/descriptionFields.js'
import { idField } from './fields/idField.js'
import { authorField, givenFlagFields, imageField, postStatusField, publishedAtField } from './fields/postFields.js'
import { slugField } from './fields/slugField.js'
import { validateEmail } from './rules/emailAddress.js'
import { websiteField } from './fields/websiteField.js'
import { filterMarkup } from './hooks/filterMarkup.js'
import { unlinkFromEvents } from './hooks/unlinkFromEvents.js'
import { recordPostChanges } from './changes/recordChanges.js'
import type { ResolvedCalendarOptions } from '../lib/options.js'
import { POST_ACCESS, postHooks } from './postBehaviour.js'
import { ORGANIZERS } from './slugs.js'

const unlink = unlinkFromEvents('organizers')
const changes = recordPostChanges('organizer')

/** Organizers; descriptions' images on `siteUrl`. */
export const Organizers = ({ siteUrl }: Pick<ResolvedCalendarOptions, 'siteUrl'>): CollectionConfig => ({
  slug: ORGANIZERS,
  labels: { singular: 'Organizer', plural: 'Organizers' },
  admin: {
    useAsTitle: 'title',
    group: 'Events',
    defaultColumns: ['title', 'email', 'phone', 'status'],
    listSearchableFields: ['title', 'email'],
  },
  trash: true,
  access: POST_ACCESS,
  hooks: postHooks(siteUrl, {
    beforeChange: [filterMarkup({ plain: ['title', 'phone', 'email'] })],
    afterChange: [unlink.afterChange, changes.afterChange],
    afterDelete: [unlink.afterDelete, changes.afterDelete],
  }),
  fields: [
    idField,
    { name: 'title', label: 'Organizer name', type: 'text', required: true, index: true },
    ...descriptionFields(),
    { name: 'phone', type: 'text' },
    websiteField,
    // Text, not Payload's email field: the rule is the namespace's too (stricter than the reference's any string).
    { name: 'email', type: 'text', validate: validateEmail },
    imageField,
    slugField('title'),
    postStatusField,
    authorField,
    publishedAtField,
    ...givenFlagFields,
  ],
})
