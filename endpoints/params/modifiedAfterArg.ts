import { timeArg } from './kinds.js'

/**
 * `modified_after` of the event, venue and organizer lists (an extension, docs/api.md): a date in
 * the reference's grammar (strtotime's, as start_date), read in the site time zone unless it names
 * its own (`Z`, `+02:00`, `UTC`…).
 */
export const modifiedAfterArg = timeArg({ description: 'Only posts modified after this date' })
