import { DateTime } from 'luxon'
import { EVENTS, ORGANIZERS, VENUES } from '../../../collections/slugs.js'
import { WP_DATE_FORMAT } from '../../../lib/dates/wallClock.js'
import { existingIdArg, existingIdListArg } from '../../params/existingIds.js'
import { booleanArg, idListArg, numberArg, stringArg, timeArg } from '../../params/kinds.js'
import { modifiedAfterArg } from '../../params/modifiedAfterArg.js'
import { pageArgs } from '../../params/pageArgs.js'
import { statusArg } from '../../params/statusArg.js'
import type { ParamSpecs, Params, RequestContext } from '../../types.js'
import { termListArg } from './termListArg.js'
import { contextArg, hiddenPasswordArg } from './unlockArgs.js'

/** The default start: 23:59 UTC yesterday, as a wall clock in the site zone (reference 5.1). */
function defaultStart(ctx: RequestContext): string {
  return DateTime.utc().minus({ days: 1 }).set({ hour: 23, minute: 59, second: 0, millisecond: 0 }).setZone(ctx.options.siteTimezone).toFormat(WP_DATE_FORMAT)
}

/** The default end: now plus 24 months, UTC clock (reference 5.1). */
function defaultEnd(): string {
  return DateTime.utc().plus({ months: 24 }).toFormat(WP_DATE_FORMAT)
}

const strictDates = {
  ...stringArg({ untyped: true }),
  default: 'false',
  description:
    'Dates set using the start_date/end_date, starts_*/ends_* are set to start at the specified times. The default behavior is to include the entire days.',
}

/** GET /events parameters, in the reference's order (reference 5.1; wire sample of the index). */
export const eventArchiveParams = {
  ...pageArgs('The number of events to return on each page'),
  start_date: timeArg({ description: 'Events that start on the specified date', default: defaultStart }),
  end_date: timeArg({ description: 'Events that end on the specified date', default: defaultEnd }),
  starts_before: timeArg({ description: 'Events that start before the specified date' }),
  starts_after: timeArg({ description: 'Events that start after the specified date' }),
  ends_before: timeArg({ description: 'Events that end before the specified date' }),
  ends_after: timeArg({ description: 'Events that end after the specified date' }),
  strict_dates: strictDates,
  search: stringArg({ description: 'Events should contain the specified string in the title or description', maxLength: 200 }),
  categories: termListArg('categories', 'Events should be assigned one of the specified categories slugs or IDs'),
  tags: termListArg('tags', 'Events should be assigned one of the specified tags slugs or IDs'),
  venue: existingIdListArg(VENUES, { description: 'Events should be assigned one of the specified venue IDs' }),
  organizer: existingIdListArg(ORGANIZERS, { description: 'Events should be assigned one of the specified organizer IDs' }),
  featured: booleanArg({ description: 'Events should be filtered by their featured status' }),
  status: statusArg('The event post status'),
  geoloc: booleanArg({ description: 'Extended edition. Events should be filtered by whether their venue has geolocation data' }),
  geoloc_lat: numberArg({
    description: 'Extended edition. Events should be filtered by their venue latitude location, must also provide geoloc_lng',
  }),
  geoloc_lng: numberArg({
    description: 'Extended edition. Events should be filtered by their venue longitude location, must also provide geoloc_lat',
  }),
  include: idListArg({ description: 'Include events with one of the post IDs specified in the array of CSV list, date filters will be ignored.' }),
  post_parent: existingIdArg(EVENTS, { description: 'Events should be filtered by their post_parent being the specified one.' }),
  ticketed: booleanArg({ description: 'Filter events with or without tickets.' }),
  hide_subsequent_recurrences: booleanArg({
    description: 'Extension: only the first occurrence of each recurring event in the window, as Events Calendar Pro\'s views offer.',
  }),
  // Extension (docs/api.md): the events changed since a client's last read.
  modified_after: modifiedAfterArg,
  // Read by the list, not declared by the reference (hidden): they unlock protected events (reference 10).
  password: hiddenPasswordArg,
  context: contextArg,
} satisfies ParamSpecs

/** The archive's parsed parameters, as GET /events and the iCal feed read them. */
export type EventArchiveValues = Params<typeof eventArchiveParams>
