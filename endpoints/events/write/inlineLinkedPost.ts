import { ORGANIZERS, VENUES } from '../../../collections/slugs.js'
import { stringArg, urlArg } from '../../params/kinds.js'
import { statusWriteArg } from '../../writes/postStatus.js'
import type { ParamSpec } from '../../types.js'

export type LinkedKind = 'venue' | 'organizer'

/** How an inline object maps to a stored venue or organizer, and which of its fields identify a duplicate. */
export interface InlineLinkedPost {
  collection: typeof VENUES | typeof ORGANIZERS
  /** The key holding the name, required (reference 6.3: an inline venue needs `venue`). */
  nameKey: LinkedKind
  /** The create arguments of POST /venues or /organizers (reference 7.4, 8), untranslated: not a route of their own. */
  params: Record<string, ParamSpec>
  /** Stored text fields, by argument name. */
  fields: Record<string, string>
  /** Fields a duplicate must match exactly (case-insensitively); `contains` ones need only contain the value. */
  exact: string[]
  contains: string[]
}

const text = (maxLength = 500) => stringArg({ allowEmpty: true, maxLength })

/**
 * Inline venues and organizers in event writes. They are validated with the create rules of the
 * venue and organizer routes (reference 7.4 and 8: a required non-empty name, strings or empty,
 * a URL or empty website, a registered status, map flags typed string); featured images, authors and
 * dates are left to those routes.
 */
export const INLINE_LINKED_POSTS: Record<LinkedKind, InlineLinkedPost> = {
  venue: {
    collection: VENUES,
    nameKey: 'venue',
    params: {
      venue: stringArg({ required: true, maxLength: 1000 }),
      description: text(100_000),
      status: statusWriteArg(''),
      show_map: text(10),
      show_map_link: text(10),
      address: text(),
      city: text(),
      country: text(),
      province: text(),
      state: text(),
      zip: text(),
      phone: text(),
      stateprovince: text(),
      website: urlArg({ allowEmpty: true }),
    },
    fields: {
      address: 'address',
      city: 'city',
      country: 'country',
      province: 'province',
      state: 'state',
      zip: 'zip',
      phone: 'phone',
      stateprovince: 'stateprovince',
      website: 'website',
      show_map: 'showMap',
      show_map_link: 'showMapLink',
    },
    // TEC's venue duplicate check (reference 7.4): title and content exactly, address LIKE, the rest exactly.
    exact: ['city', 'province', 'state', 'stateprovince', 'zip', 'phone'],
    contains: ['address'],
  },
  organizer: {
    collection: ORGANIZERS,
    nameKey: 'organizer',
    params: {
      organizer: stringArg({ required: true, maxLength: 1000 }),
      description: text(100_000),
      status: statusWriteArg(''),
      phone: text(),
      website: urlArg({ allowEmpty: true }),
      email: text(254),
    },
    fields: { phone: 'phone', website: 'website', email: 'email' },
    exact: ['phone', 'website', 'email'],
    contains: [],
  },
}
