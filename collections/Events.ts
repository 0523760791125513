import type { CollectionConfig, Field, FieldAccess } from 'payload'
import { CHANGED_OCCURRENCE } from './hooks/duplicateAsDraft.js'
import { changePostVersions } from './access/changePostVersions.js'
import { protectedFieldRead } from './access/protectedFieldRead.js'
import { descriptionFields } from './fields/descriptionFields.js'
import { idField } from './fields/idField.js'
import { authorField, givenFlagFields, imageField, postStatusField, publishedAtField } from './fields/postFields.js'
import { secretFields } from './fields/secretFields.js'
import { websiteField } from './fields/websiteField.js'
import { slugField } from './fields/slugField.js'
import { allDaySchedule } from './hooks/allDaySchedule.js'
import { validateCost } from './rules/eventCost.js'
import { validateEndDate, validateStartDate } from './rules/eventDates.js'
import { validateTimeZone } from './rules/eventTimeZone.js'
import { validateRecurrence } from './rules/eventRecurrence.js'
import { inheritToChangedOccurrences, linkChangedOccurrence, markRecurring, removeOccurrencesBeforeDelete, syncOccurrencesAfterChange } from './hooks/syncOccurrences.js'
import { filterMarkup } from './hooks/filterMarkup.js'
import { withinSeriesVisibility } from './hooks/withinSeriesVisibility.js'
import { recurrencePreview } from './endpoints/recurrencePreview.js'
import { guardProtectedQueries } from './hooks/guardProtectedQueries.js'
import { updateTermCountsAfterChange, updateTermCountsAfterDelete, updateTermCountsBeforeDelete } from './hooks/updateTermCounts.js'
import { POST_ACCESS, postHooks } from './postBehaviour.js'
import { recordEventChange, recordEventDeletion, recordSeriesDeletion } from './changes/recordChanges.js'
import { CATEGORIES, EVENTS, ORGANIZERS, TAGS, VENUES } from './slugs.js'
import type { ResolvedCalendarOptions } from '../lib/options.js'

const never = () => false
/** Set by the server's own copies (a changed occurrence, a split series), never by a client. */
const serverOnly: FieldAccess = ({ req }) => req.context?.[CHANGED_OCCURRENCE] === true

/** Hidden from anonymous readers while the event has a password (reference section 10). */
const guarded = (field: Field): Field => ({ ...field, access: { ...('access' in field ? field.access : {}), read: protectedFieldRead } }) as Field

/** Start and End: typed in the event's own zone, listed with it (src/admin/ZonedDateField.tsx, EventTimeCell.tsx). */
const zonedDate = (edge: 'start' | 'end') => ({
  date: { pickerAppearance: 'dayAndTime' as const, displayFormat: 'EEE d MMM yyyy, HH:mm' },
  components: {
    Field: { path: '/admin/ZonedDateField.tsx#ZonedDateField', clientProps: { edge } },
    Cell: '/admin/EventTimeCell.tsx#EventTimeCell',
  },
})

/** The options events are built with. */
export type EventOptions = Pick<ResolvedCalendarOptions, 'siteUrl' | 'siteTimezone' | 'recurrenceHorizonMonths' | 'recurrenceMaxOccurrences'>

/**
 * Events; descriptions' images on `siteUrl`, events without a zone in `siteTimezone`, recurring events'
 * occurrences stored `recurrenceHorizonMonths` ahead, at most `recurrenceMaxOccurrences` of them.
 */
export const Events = ({ siteUrl, siteTimezone, recurrenceHorizonMonths, recurrenceMaxOccurrences }: EventOptions): CollectionConfig => {
  const limits = { horizonMonths: recurrenceHorizonMonths, maxOccurrences: recurrenceMaxOccurrences, siteTimezone }
  return {
  slug: EVENTS,
  labels: { singular: 'Event', plural: 'Events' },
  admin: {
    useAsTitle: 'title',
    group: 'Events',
    defaultColumns: ['title', 'startDate', 'endDate', 'venues', 'status', 'featured'],
    listSearchableFields: ['title'],
    components: { beforeListTable: ['/admin/EventListFilters.tsx#EventListFilters'] },
  },
  defaultSort: 'startDate',
  // POST /api/events/recurrence-preview: the recurrence editor's preview (src/admin/RecurrenceField.tsx).
  endpoints: [recurrencePreview(limits)],
  // The archive's filter and order (reference 5.2: status, untrashed, start/end window, listed), as one
  // covering index: a page reads 10 rows and its total counts index entries, never table rows.
  indexes: [{ fields: ['status', 'deletedAt', 'startDate', 'endDate', 'hideFromListings'] }],
  // Trash is Payload's (deletedAt); the wire shows a trashed event with status "trash".
  trash: true,
  versions: { maxPerDoc: 25 },
  access: { ...POST_ACCESS, readVersions: changePostVersions },
  hooks: postHooks(siteUrl, {
    beforeOperation: [guardProtectedQueries],
    beforeChange: [allDaySchedule(siteTimezone), markRecurring(limits), withinSeriesVisibility, filterMarkup({ plain: ['title', 'excerpt', 'cost', 'currencySymbol', 'currencyCode'] })],
    afterChange: [updateTermCountsAfterChange, syncOccurrencesAfterChange(limits), linkChangedOccurrence, inheritToChangedOccurrences, recordEventChange],
    beforeDelete: [updateTermCountsBeforeDelete, recordSeriesDeletion, removeOccurrencesBeforeDelete],
    afterDelete: [updateTermCountsAfterDelete, recordEventDeletion],
  }),
  fields: [
    idField,
    { name: 'title', type: 'text', required: true, index: true },
    {
      type: 'tabs',
      tabs: [
        {
          label: 'When',
          fields: [
            {
              type: 'row',
              fields: [
                {
                  name: 'timezone',
                  label: 'Time zone',
                  type: 'text',
                  validate: validateTimeZone,
                  // New events start in the site's zone (the plugin's siteTimezone); empty still means it.
                  defaultValue: () => siteTimezone,
                  admin: {
                    description: 'Start and End are in this zone. Empty: the site time zone.',
                    components: { Field: '/admin/TimezoneSelectField.tsx#TimezoneSelectField' },
                  },
                },
                guarded({ name: 'allDay', label: 'All day', type: 'checkbox', defaultValue: false }),
              ],
            },
            {
              type: 'row',
              fields: [
                { name: 'startDate', label: 'Start', type: 'date', required: true, index: true, validate: validateStartDate, admin: zonedDate('start') },
                { name: 'endDate', label: 'End', type: 'date', required: true, index: true, validate: validateEndDate, admin: zonedDate('end') },
              ],
            },
            {
              name: 'zoneNote',
              type: 'ui',
              admin: { disableListColumn: true, components: { Field: '/admin/EventZoneNote.tsx#EventZoneNote' } },
            },
            {
              name: 'recurrence',
              label: 'Repeats',
              type: 'json',
              validate: validateRecurrence(limits),
              admin: {
                description:
                  'Start and End are the first occurrence. Stored as RFC 5545 lines (e.g. "RRULE:FREQ=WEEKLY;BYDAY=TU,TH;COUNT=10", RDATE, EXDATE), dates as wall clocks in the event\'s zone (YYYYMMDDTHHMMSS).',
                // Edited as calendar apps do (frequency, days, end, extra and excluded dates), with the raw lines
                // and a preview of the next occurrences in the event's zone.
                components: { Field: '/admin/RecurrenceField.tsx#RecurrenceField' },
              },
            },
            // Whether `recurrence` holds lines (markRecurring sets it; nobody else): what lists and the extension job filter on.
            { name: 'recurring', type: 'checkbox', defaultValue: false, index: true, access: { create: never, update: never }, admin: { hidden: true } },
            {
              type: 'row',
              fields: [
                // A changed occurrence: the series it was taken out of, and the start the rule gave it.
                // Written only when the server moves an occurrence into an event (a client naming a series
                // would take over another owner's occurrence).
                {
                  name: 'series',
                  label: 'Occurrence of',
                  type: 'relationship',
                  relationTo: EVENTS,
                  index: true,
                  access: { create: serverOnly, update: serverOnly },
                  admin: { readOnly: true, condition: (data) => Boolean(data?.series) },
                },
                {
                  name: 'originalStart',
                  label: 'Original start',
                  type: 'date',
                  access: { create: serverOnly, update: serverOnly },
                  admin: { readOnly: true, condition: (data) => Boolean(data?.series), date: { pickerAppearance: 'dayAndTime' } },
                },
              ],
            },
          ],
        },
        {
          label: 'Where',
          fields: [guarded({ name: 'venues', type: 'relationship', relationTo: VENUES, hasMany: true, index: true })],
        },
        {
          label: 'Who',
          fields: [guarded({ name: 'organizers', type: 'relationship', relationTo: ORGANIZERS, hasMany: true, index: true })],
        },
        {
          label: 'Details',
          fields: [
            ...descriptionFields(protectedFieldRead),
            guarded({ name: 'excerpt', type: 'textarea' }),
            guarded(imageField),
            {
              type: 'row',
              fields: [
                guarded({ name: 'cost', type: 'text', validate: validateCost, admin: { description: 'A number, a range ("5 - 50") or text ("Free").' } }),
                guarded({ name: 'currencySymbol', type: 'text' }),
                guarded({ name: 'currencyCode', type: 'text' }),
                guarded({
                  name: 'currencyPosition',
                  type: 'select',
                  options: [
                    { label: 'Before the amount', value: 'prefix' },
                    { label: 'After the amount', value: 'postfix' },
                  ],
                }),
              ],
            },
            guarded(websiteField),
            guarded({ name: 'categories', type: 'relationship', relationTo: CATEGORIES, hasMany: true, index: true }),
            guarded({ name: 'tags', type: 'relationship', relationTo: TAGS, hasMany: true, index: true }),
            {
              type: 'row',
              fields: [
                guarded({ name: 'showMap', type: 'checkbox', defaultValue: false }),
                guarded({ name: 'showMapLink', type: 'checkbox', defaultValue: false }),
                guarded({ name: 'ticketed', type: 'checkbox', defaultValue: false, index: true }),
              ],
            },
            { name: 'parent', label: 'Parent event', type: 'relationship', relationTo: EVENTS, index: true },
          ],
        },
        {
          label: 'Visibility',
          fields: [
            {
              type: 'row',
              fields: [
                guarded({ name: 'hideFromListings', type: 'checkbox', defaultValue: false, index: true }),
                guarded({ name: 'sticky', type: 'checkbox', defaultValue: false }),
                guarded({ name: 'featured', type: 'checkbox', defaultValue: false, index: true }),
              ],
            },
            ...secretFields({ name: 'password', label: 'Event password' }),
          ],
        },
      ],
    },
    slugField('title'),
    postStatusField,
    authorField,
    publishedAtField,
    ...givenFlagFields,
  ],
}
}
