import type { CollectionConfig } from 'payload'
import { descriptionFields } from './fields/descriptionFields.js'
import { idField } from './fields/idField.js'
import { authorField, imageField, postStatusField, publishedAtField } from './fields/postFields.js'
import { slugField } from './fields/slugField.js'
import { websiteField } from './fields/websiteField.js'
import { filterMarkup } from './hooks/filterMarkup.js'
import { unlinkFromEvents } from './hooks/unlinkFromEvents.js'
import { POST_ACCESS, postHooks } from './postBehaviour.js'
import { VENUES } from './slugs.js'

const unlink = unlinkFromEvents('venues')

export const Venues: CollectionConfig = {
  slug: VENUES,
  labels: { singular: 'Venue', plural: 'Venues' },
  admin: {
    useAsTitle: 'title',
    group: 'Calendar',
    defaultColumns: ['title', 'city', 'country', 'status'],
    listSearchableFields: ['title', 'city'],
  },
  trash: true,
  access: POST_ACCESS,
  hooks: postHooks({
    beforeChange: [filterMarkup({ plain: ['title', 'address', 'city', 'zip', 'state', 'province', 'stateprovince', 'country', 'phone'] })],
    afterChange: [unlink.afterChange],
    afterDelete: [unlink.afterDelete],
  }),
  fields: [
    idField,
    { name: 'title', label: 'Venue name', type: 'text', required: true, index: true },
    ...descriptionFields(),
    { name: 'address', type: 'text' },
    { type: 'row', fields: [{ name: 'city', type: 'text' }, { name: 'zip', type: 'text' }] },
    {
      type: 'row',
      fields: [
        { name: 'state', type: 'text' },
        { name: 'province', type: 'text' },
        { name: 'stateprovince', label: 'State or province', type: 'text' },
      ],
    },
    { name: 'country', type: 'text' },
    { name: 'phone', type: 'text' },
    websiteField,
    {
      type: 'row',
      fields: [
        // Strings, as the reference types them ("true"/"false"); empty means shown.
        { name: 'showMap', type: 'text', admin: { description: '"true" or "false"' } },
        { name: 'showMapLink', type: 'text', admin: { description: '"true" or "false"' } },
      ],
    },
    {
      type: 'row',
      fields: [
        // Typed by hand (no geocoding service): decimal degrees, used by the geolocation filters.
        {
          name: 'latitude',
          type: 'number',
          min: -90,
          max: 90,
          index: true,
          admin: { step: 0.000001, placeholder: '48.856613', description: 'Decimal degrees, −90 to 90 (north positive).' },
        },
        {
          name: 'longitude',
          type: 'number',
          min: -180,
          max: 180,
          index: true,
          admin: { step: 0.000001, placeholder: '2.352222', description: 'Decimal degrees, −180 to 180 (east positive).' },
        },
      ],
    },
    imageField,
    slugField('title'),
    postStatusField,
    authorField,
    publishedAtField,
  ],
}
