import type { Field } from 'payload'
import { editorsOnlyField } from '../access/editorsOnlyField.js'
import { publishersOnlyField } from '../access/publishersOnlyField.js'
import { MEDIA, USERS } from '../slugs.js'
import { POST_STATUSES, STATUS_LABELS } from '../../lib/postStatus.js'

/** Fields every post type (event, venue, organizer) has, WordPress's wp_posts columns. */
export const postStatusField: Field = {
  name: 'status',
  type: 'select',
  required: true,
  defaultValue: 'publish',
  // Optional in the generated types: a create may leave it to the default (Payload types every
  // required field as required in create data too, payloadcms/payload#17203).
  typescriptSchema: [({ jsonSchema }) => ({ ...jsonSchema, required: false })],
  index: true,
  options: POST_STATUSES.map((value) => ({ label: STATUS_LABELS[value], value })),
  admin: {
    position: 'sidebar',
    isClearable: false,
    // Role-aware: contributors are offered draft and pending only (scaleBackStatus is the rule).
    components: { Field: '/admin/StatusSelectField.tsx#StatusSelectField' },
  },
}

/** Set to the creator by assignAuthor; only editors may hand a post to someone else. */
export const authorField: Field = {
  name: 'author',
  type: 'relationship',
  relationTo: USERS,
  index: true,
  access: { update: editorsOnlyField },
  admin: { position: 'sidebar' },
}

/**
 * Set by those who may publish (authors on their own posts, which are the only ones they may change;
 * editors on any): a contributor cannot date a post, as in WordPress. Denied values are dropped.
 */
export const publishedAtField: Field = {
  name: 'publishedAt',
  label: 'Publication date',
  type: 'date',
  access: { create: publishersOnlyField, update: publishersOnlyField },
  // A copy is a new draft (duplicateAsDraft): undated until published, as is its post name.
  hooks: { beforeDuplicate: [() => null] },
  admin: {
    position: 'sidebar',
    // Typed and shown in the site's zone, as the namespace's `date` (and WordPress's Publish box) has it.
    date: { pickerAppearance: 'dayAndTime', displayFormat: 'EEE d MMM yyyy, HH:mm' },
    components: { Field: { path: '/admin/ZonedDateField.tsx#ZonedDateField', clientProps: { siteZone: true } } },
    description: 'Set when first published; the date the calendar shows. A draft without one shows its last save.',
  },
}

/**
 * What WordPress keeps of a draft or pending post: a post name (`slugGiven`) and a GMT date
 * (`dateGiven`) only once given or published; until then the wire reads `slug: ""` and
 * `date_utc: "0000-00-00 00:00:00"` (wireSlug, postDates). Set by recordPublication and
 * ensureUniqueSlug, and by the namespace and the importers, which know what their callers sent.
 */
const notGivenInCopies = { beforeDuplicate: [() => false] }
export const givenFlagFields: Field[] = [
  { name: 'slugGiven', type: 'checkbox', defaultValue: false, hooks: notGivenInCopies, admin: { hidden: true } },
  // A contributor cannot date a post, so cannot mark its date given either.
  {
    name: 'dateGiven',
    type: 'checkbox',
    defaultValue: false,
    access: { create: publishersOnlyField, update: publishersOnlyField },
    hooks: notGivenInCopies,
    admin: { hidden: true },
  },
]

export const imageField: Field = {
  name: 'image',
  label: 'Featured image',
  type: 'upload',
  relationTo: MEDIA,
}
