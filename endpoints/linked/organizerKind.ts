import { ORGANIZERS } from '../../collections/slugs.js'
import { emailArg } from './params/emailArg.js'
import type { LinkedKind } from './LinkedKind.js'
import { stringArg, urlArg } from '../params/kinds.js'
import { serializeOrganizer } from './serialize/serializeOrganizer.js'
import { postWriteArgs } from '../params/postWriteArgs.js'

const post = postWriteArgs('organizer', { allowEmpty: true })

/** Organizers for the shared linked-post routes (reference section 8: they mirror venues). */
export const organizerKind: LinkedKind = {
  collection: ORGANIZERS,
  name: 'organizer',
  plural: 'organizers',
  eventField: 'organizers',
  searchFields: ['title', 'descriptionHtml', 'phone', 'email', 'website'],
  duplicateFields: [
    { param: 'phone', field: 'phone', match: 'exact' },
    { param: 'website', field: 'website', match: 'exact' },
    { param: 'email', field: 'email', match: 'exact' },
  ],
  plainFields: { phone: 'phone', website: 'website', email: 'email' },
  writeParams: (forCreate) => ({
    author: post.author,
    date: post.date,
    date_utc: post.date_utc,
    organizer: stringArg({ description: 'The organizer name', required: forCreate, maxLength: 1000 }),
    description: post.description,
    status: post.status,
    phone: stringArg({ description: 'The organizer phone number', allowEmpty: true, maxLength: 1000 }),
    website: urlArg({ description: 'The organizer website', allowEmpty: true, typed: true }),
    email: emailArg({ description: 'The organizer e-mail address' }),
    image: post.image,
  }),
  texts: {
    perPage: 'The number of organizers to return on each page',
    search: 'Organizers should contain the specified string in the title, description or custom fields',
    event: 'Organizers should be related to this event',
    hasEvents: 'Organizers should have events associated to them',
    onlyWithUpcoming: 'Organizers should have upcoming events associated to them',
    status: 'The organizer post status',
    id: 'the organizer post ID',
    slug: 'the organizer post name',
  },
  serialize: (doc, ctx, related, options) => serializeOrganizer(doc, ctx, related, options),
}
