import type { DateTime } from 'luxon'
import type { RequiredDataFromCollectionSlug } from 'payload'
import type { EVENTS } from '../../../collections/slugs.js'
import { parseTimeOnce } from '../../dates/parseTimeOnce.js'
import { RestError } from '../../errors/RestError.js'
import type { LocatedEventPost } from '../../data/index.js'
import { eventZone } from '../serialize/serializeEvent.js'
import type { RequestContext } from '../../types.js'
import type { EventWriteValues } from '../params/eventWriteArgs.js'
import type { Sent } from '../params/sentArgs.js'
import { htmlToRichText } from '../../write/htmlToRichText.js'
import { eventSchedule, reanchor } from '../../../lib/dates/eventSchedule.js'

/** The stored fields of an event write (Payload's generated types): any of them on an update. */
export type EventData = Partial<RequiredDataFromCollectionSlug<typeof EVENTS>>

/** Linked documents of the write, resolved to IDs after the permission check; undefined = not sent. */
export interface EventLinks {
  categories?: number[]
  tags?: number[]
  venues?: number[]
  organizers?: number[]
  image?: number | null
}

const FLAGS = [
  ['show_map', 'showMap'],
  ['show_map_link', 'showMapLink'],
  ['hide_from_listings', 'hideFromListings'],
  ['sticky', 'sticky'],
  ['featured', 'featured'],
] as const

/**
 * A validated date read in a zone; it cannot fail after validation, but a 400 beats a 500 if it does.
 * Validation parsed it already (timeArg, through the same per-request memo): this reads that parse in
 * `zone`, whichever zone it is, without parsing the string again.
 */
function instant(ctx: RequestContext, params: EventWriteValues, name: 'start_date' | 'end_date' | 'date' | 'date_utc', zone: string): DateTime {
  const value = parseTimeOnce(ctx, params[name], zone)
  if (!value) throw new RestError('rest_invalid_param', 400, [name], { params: { [name]: 'Invalid parameter.' }, details: [] })
  return value
}

/**
 * The Payload data of an event write from its parsed arguments (reference 6.3). `sent(name)` tells
 * which arguments the caller gave. On updates `previous` is the stored event and anything not sent
 * keeps its value (docs/api.md, deliberate difference 1), the wall-clock times included when only the zone
 * changes. On creates, omitted flags are false (reference 6.3) and the zone is the site's.
 */
export async function eventData(
  ctx: RequestContext,
  params: EventWriteValues,
  sent: Sent<EventWriteValues>,
  links: EventLinks,
  previous?: LocatedEventPost,
): Promise<EventData> {
  const data: EventData = {}
  const create = !previous
  const site = ctx.options.siteTimezone

  if (sent('author')) data.author = params.author
  if (sent('title')) data.title = params.title
  if (sent('excerpt')) data.excerpt = params.excerpt
  if (sent('slug')) data.slug = params.slug
  if (sent('website')) data.website = params.website
  // A slug sent is the post's name even on a draft, as in WordPress (wireSlug).
  if (sent('slug')) data.slugGiven = true
  if (sent('description') && params.description !== undefined) data.description = await htmlToRichText(ctx, params.description)
  // Absent, the collection decides (publish, or draft for callers who may not publish: reference 6.5).
  if (sent('status')) data.status = params.status
  if (sent('recurrence')) data.recurrence = params.recurrence

  // Dates are read in the event's zone ("" means the site's); numeric timestamps are UTC (parseTime).
  // Validation read them in the site's zone; an event in another zone reads the same parse in its own.
  const zone = sent('timezone') ? params.timezone || site : previous ? eventZone(previous, ctx) : site
  if (create || sent('timezone')) data.timezone = zone
  const allDay = sent('all_day') ? params.all_day : Boolean(previous?.allDay)
  if (create || sent('all_day')) data.allDay = allDay
  if (create || (['start_date', 'end_date', 'timezone', 'all_day'] as const).some(sent)) {
    const before = previous ? eventZone(previous, ctx) : zone
    const start = sent('start_date') ? instant(ctx, params, 'start_date', zone) : reanchor(previous!.startDate, before, zone)
    const end = sent('end_date') ? instant(ctx, params, 'end_date', zone) : reanchor(previous!.endDate, before, zone)
    const { startDate, endDate } = eventSchedule(start, end, zone, allDay)
    data.startDate = startDate
    data.endDate = endDate
  }
  // The publication date is WordPress's post_date: site-local (SITE_TIMEZONE), whatever the event's zone.
  // Only date_utc gives a draft its GMT date (the reference sends post_date_gmt for it alone; postDates).
  if (sent('date_utc')) {
    data.publishedAt = instant(ctx, params, 'date_utc', 'UTC').toUTC().toISO()
    data.dateGiven = true
  } else if (sent('date')) data.publishedAt = instant(ctx, params, 'date', site).toUTC().toISO()

  const { cost } = params
  if (sent('cost') && cost) {
    data.cost = cost.cost
    data.currencySymbol = cost.currencySymbol
    data.currencyPosition = cost.currencyPosition
  }
  for (const [name, field] of FLAGS) {
    if (sent(name)) data[field] = params[name]
    else if (create) data[field] = false
  }
  if (links.categories) data.categories = links.categories
  if (links.tags) data.tags = links.tags
  if (links.venues) data.venues = links.venues
  if (links.organizers) data.organizers = links.organizers
  if (links.image !== undefined) data.image = links.image
  return data
}
