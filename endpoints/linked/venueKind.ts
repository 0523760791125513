import { VENUES } from '../../collections/slugs.js'
import type { LinkedKind } from './LinkedKind.js'
import { stringArg, urlArg } from '../params/kinds.js'
import { serializeVenue } from './serialize/serializeVenue.js'
import { postWriteArgs } from '../params/postWriteArgs.js'

const post = postWriteArgs('venue', { allowEmpty: true })
const text = (description: string) => stringArg({ description, allowEmpty: true, maxLength: 1000 })

/** Venues for the shared linked-post routes (reference section 7). */
export const venueKind: LinkedKind = {
  collection: VENUES,
  name: 'venue',
  plural: 'venues',
  eventField: 'venues',
  // The title, content and address meta the reference's find_like() searches (reference 7.1).
  searchFields: ['title', 'descriptionHtml', 'address', 'city', 'province', 'state', 'stateprovince', 'zip', 'phone'],
  duplicateFields: [
    { param: 'address', field: 'address', match: 'contains' },
    { param: 'city', field: 'city', match: 'exact' },
    { param: 'province', field: 'province', match: 'exact' },
    { param: 'state', field: 'state', match: 'exact' },
    { param: 'stateprovince', field: 'stateprovince', match: 'exact' },
    { param: 'zip', field: 'zip', match: 'exact' },
    { param: 'phone', field: 'phone', match: 'exact' },
  ],
  plainFields: {
    show_map: 'showMap',
    show_map_link: 'showMapLink',
    address: 'address',
    city: 'city',
    country: 'country',
    province: 'province',
    state: 'state',
    zip: 'zip',
    phone: 'phone',
    stateprovince: 'stateprovince',
    website: 'website',
  },
  writeParams: (forCreate) => ({
    author: post.author,
    date: post.date,
    date_utc: post.date_utc,
    venue: stringArg({ description: 'The venue name', required: forCreate, maxLength: 1000 }),
    description: post.description,
    status: post.status,
    // Strings, as the reference declares them (a JSON true is refused); stored as sent, unset reads as shown.
    show_map: stringArg({ description: 'Whether events linked to the venue should show a map or not', allowEmpty: true, maxLength: 20 }),
    show_map_link: stringArg({ description: 'Whether events linked to the venue should show a map link or not', allowEmpty: true, maxLength: 20 }),
    address: text('The venue address'),
    city: text('The venue city'),
    country: text('The venue country'),
    province: text('The venue province'),
    state: text('The venue state'),
    zip: text('The venue ZIP code'),
    phone: text('The venue phone number'),
    stateprovince: text('The venue state and province'),
    website: urlArg({ description: 'The venue website URL', allowEmpty: true, typed: true }),
    image: post.image,
  }),
  texts: {
    perPage: 'The number of venues to return on each page',
    search: 'Venues should contain the specified string in the title, description or custom fields',
    event: 'Venues should be related to this event',
    hasEvents: 'Venues should have events associated to them',
    onlyWithUpcoming: 'Venues should have upcoming events associated to them',
    status: 'The venue post status',
    id: 'the venue post ID',
    slug: 'the venue post name',
  },
  serialize: (doc, ctx, related, options) => serializeVenue(doc, ctx, related, options),
}
