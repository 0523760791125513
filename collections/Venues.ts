import type { CollectionConfig } from 'payload'
import { descriptionFields } from './fields/descriptionFields.js'
import { idField } from './fields/idField.js'
import { mapFlagField } from './fields/mapFlagField.js'
import { authorField, givenFlagFields, imageField, postStatusField, publishedAtField } from './fields/postFields.js'
import { slugField } from './fields/slugField.js'
import { websiteField } from './fields/websiteField.js'
import { filterMarkup } from './hooks/filterMarkup.js'
import { unlinkFromEvents } from './hooks/unlinkFromEvents.js'
import { recordPostChanges } from './changes/recordChanges.js'
import type { ResolvedCalendarOptions } from '../lib/options.js'
import { POST_ACCESS, postHooks } from './postBehaviour.js'
import { VENUES } from './slugs.js'

const unlink = unlinkFromEvents('venues')
const changes = recordPostChanges('venue')

/** Venues; descriptions' images on `siteUrl`. */
export const Venues = ({ siteUrl }: Pick<ResolvedCalendarOptions, 'siteUrl'>): CollectionConfig => ({
  slug: VENUES,
  labels: { singular: 'Venue', plural: 'Venues' },
  admin: {
    useAsTitle: 'title',
    group: 'Events',
    defaultColumns: ['title', 'city', 'country', 'status'],
    listSearchableFields: ['title', 'city'],
  },
  trash: true,
  access: POST_ACCESS,
  hooks: postHooks(siteUrl, {
    beforeChange: [filterMarkup({ plain: ['title', 'address', 'city', 'zip', 'state', 'province', 'stateprovince', 'country', 'phone'] })],
    afterChange: [unlink.afterChange, changes.afterChange],
    afterDelete: [unlink.afterDelete, changes.afterDelete],
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
        { name: 'country', type: 'text' },
        // One input for editors; it also fills `state` (United States) or `province` (elsewhere), as
        // The Events Calendar's venue form does, so every wire field is set.
        {
          name: 'stateprovince',
          label: 'State or province',
          type: 'text',
          admin: {
            description: 'Saved as the state for a venue in the United States, as the province elsewhere.',
            components: { Field: '/admin/StateOrProvinceField.tsx#StateOrProvinceField' },
          },
        },
      ],
    },
    // Kept for the REST APIs and imports; editors set them through "State or province".
    { name: 'state', type: 'text', admin: { hidden: true } },
    { name: 'province', type: 'text', admin: { hidden: true } },
    { name: 'phone', type: 'text' },
    websiteField,
    {
      type: 'row',
      fields: [
        mapFlagField('showMap', 'Show map'),
        mapFlagField('showMapLink', 'Show map link'),
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
    ...givenFlagFields,
  ],
})
