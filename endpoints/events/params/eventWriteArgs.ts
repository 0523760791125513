import { organizerKind } from '../../linked/organizerKind.js'
import { booleanArg, stringArg, timeArg, urlArg } from '../../params/kinds.js'
import type { ParamSpecs, Params, RequestContext } from '../../types.js'
import { venueKind } from '../../linked/venueKind.js'
import { postWriteArgs } from '../../params/postWriteArgs.js'
import { costArg } from './costArg.js'
import { linkedPostsArg } from './linkedPostsArg.js'
import { recurrenceArg } from './recurrenceArg.js'
import { termRefsArg } from './termRefsArg.js'
import { timezoneArg } from './timezoneArg.js'

const website = urlArg({ allowEmpty: true, description: 'The event website URL', default: null })

/**
 * The arguments of POST /events, in the reference's order with the types of its namespace index
 * (reference 6.3; wire sample "Namespace index"). Updates take the same ones, none required (6.4).
 */
export function eventWriteArgs(options: { create: boolean }) {
  const required = options.create
  const post = postWriteArgs('event', { allowEmpty: false })
  return {
    author: post.author,
    date: post.date,
    date_utc: post.date_utc,
    title: stringArg({ required, description: 'The event title', maxLength: 1000 }),
    description: post.description,
    slug: stringArg({ description: 'The event slug', maxLength: 200 }),
    excerpt: stringArg({ description: 'The event excerpt', maxLength: 10_000 }),
    status: post.status,
    timezone: timezoneArg('The event time zone'),
    all_day: booleanArg({ default: false, description: 'Whether the event lasts the whole day or not' }),
    start_date: timeArg({ typed: true, required, description: 'The event start date and time' }),
    end_date: timeArg({ typed: true, required, description: 'The event end date and time' }),
    image: post.image,
    cost: costArg('The event cost'),
    // Untyped with a null default, as the reference declares it; null means not sent.
    website: { ...website, parse: (raw: unknown, ctx: RequestContext, name: string) => (raw === null ? null : website.parse(raw, ctx, name)) },
    show_map: booleanArg({ description: 'Whether the event should show a map or not' }),
    show_map_link: booleanArg({ description: 'Whether the event should show a map link or not' }),
    hide_from_listings: booleanArg({ description: 'Whether events should be hidden in the calendar view or not' }),
    sticky: booleanArg({ description: 'Whether the event should be sticky in the calendar view or not' }),
    featured: booleanArg({ description: 'Whether the event should be featured on the site or not' }),
    categories: termRefsArg('The event category ID or name'),
    tags: termRefsArg('The event tag ID or name'),
    venue: linkedPostsArg(venueKind, 'The event venue IDs or data'),
    organizer: linkedPostsArg(organizerKind, 'The event organizer IDs or data'),
    recurrence: recurrenceArg(
      'Extension: the RFC 5545 lines (RRULE, RDATE, EXDATE) that repeat the event; start_date and end_date are its first occurrence',
    ),
  } satisfies ParamSpecs
}

/** The parsed arguments of an event write (create, or update with none required). */
export type EventWriteValues = Params<ReturnType<typeof eventWriteArgs>>
