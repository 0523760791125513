import type { DateTime } from 'luxon'
import type { Where } from 'payload'
import { protectedReadableWhere } from '../../../collections/access/protectedReadableWhere.js'
import { parseTimeOnce } from '../../dates/parseTimeOnce.js'
import { storedInstant } from '../../dates/storedInstant.js'
import { searchWhere, searchWords } from '../../linked/query/searchWords.js'
import { isTruthy } from '../../params/isTruthy.js'
import { statusesFor } from '../../params/statusArg.js'
import { modifiedAfterWhere } from '../../query/modifiedAfterWhere.js'
import { statusWhere } from '../../query/statusWhere.js'
import type { EventArchiveValues } from '../params/eventArchiveParams.js'
import type { EndpointInput, RequestContext } from '../../types.js'
import type { IdPageQuery, RelationFilter } from '../../data/eventIdPage.js'

export type DateParam = 'start_date' | 'end_date' | 'starts_before' | 'starts_after' | 'ends_before' | 'ends_after'

/**
 * The archive as one query: `where` for the Local API, and the same conditions kept apart for the SQL
 * fast path (eventIdPage): `relations`, the filters on a hasMany relationship, and `conditions`, the
 * rest. Beside them what the answer's links show of it (the serialize stage builds rest_url from it).
 */
export interface EventsQuery extends IdPageQuery {
  where: Where
  /** Each date filter's boundary as applied, parsed once (reference 5.2). */
  dates: Partial<Record<DateParam, DateTime>>
  /** The statuses listed. */
  statuses: string[]
  /** Whether the geolocation filter applies. */
  geoloc: boolean
  /**
   * What recurring events read apart (data/findListedEvents.ts): the date conditions, which their
   * occurrences answer, and the `post_parent` and `include` conditions, which name series and
   * occurrences differently from single events. Each is one of the objects in `where` and `conditions`.
   */
  series: {
    dateConditions: Where[]
    parent?: { id: number; condition: Where }
    include?: { ids: number[]; condition: Where }
    hideSubsequent: boolean
  }
}

// The date filters: which stored date each compares, with which operator (reference 5.2). start_date
// and end_date are inclusive (start at or after, end at or before: the reference's starts_on_or_after
// and ends_on_or_before, so an event touching the window is in it); the four others exclusive. Each
// compares the event's instant, not its wall clock, in strict mode too (docs/api.md, deliberate difference 11).
const DATE_FILTERS: Array<[DateParam, 'startDate' | 'endDate', 'greater_than_equal' | 'less_than_equal' | 'less_than' | 'greater_than']> = [
  ['start_date', 'startDate', 'greater_than_equal'],
  ['end_date', 'endDate', 'less_than_equal'],
  ['starts_before', 'startDate', 'less_than'],
  ['starts_after', 'startDate', 'greater_than'],
  ['ends_before', 'endDate', 'less_than'],
  ['ends_after', 'endDate', 'greater_than'],
]

/**
 * A date filter's boundary (reference 5.2). Inclusive mode reads the date part in the site zone:
 * start_date from the start of that day, everything else up to 23:59:59 of it. Strict mode takes
 * the value as given, read as UTC (the parse validation made in the site zone, read in UTC).
 */
function boundary(ctx: RequestContext, name: DateParam, raw: unknown, strict: boolean, zone: string): DateTime | null {
  if (strict) return parseTimeOnce(ctx, raw, 'UTC')?.setZone(zone) ?? null
  // The value validation parsed (timeArg reads it in the site zone too).
  const day = parseTimeOnce(ctx, raw, zone)?.setZone(zone)
  if (!day) return null
  return name === 'start_date' ? day.startOf('day') : day.set({ hour: 23, minute: 59, second: 59, millisecond: 0 })
}

/**
 * A date comparison at WordPress's precision, whole seconds: the reference formats the boundary as
 * Y-m-d H:i:s (dropping a fraction sent in strict mode) and stores dates to the second, so an event
 * touching the boundary second is on the inclusive side of it, even if it was saved with milliseconds.
 */
function bySecond(operator: (typeof DATE_FILTERS)[number][2], at: DateTime): Where[string] {
  const second = at.toUTC().startOf('second')
  const next = second.plus({ seconds: 1 })
  switch (operator) {
    case 'greater_than_equal':
      return { greater_than_equal: storedInstant(second) }
    case 'less_than_equal':
      return { less_than: storedInstant(next) }
    case 'greater_than':
      return { greater_than_equal: storedInstant(next) }
    case 'less_than':
      return { less_than: storedInstant(second) }
  }
}

/**
 * GET /events parameters → a Payload query (pure: no I/O). `venueIdsNearby` is the geolocation
 * filter's venue list when one applies (resolved beforehand, see nearbyVenueIds); `categoryIds` the
 * `categories` filter's terms with their descendants (see withDescendants).
 */
export function buildEventsQuery(
  params: EventArchiveValues,
  input: EndpointInput,
  ctx: RequestContext,
  options: { venueIdsNearby?: number[]; canSearchProtected: boolean; categoryIds?: number[] },
): EventsQuery {
  const zone = ctx.options.siteTimezone
  // The conditions in the Local API's order; those on a hasMany relationship are also kept apart.
  const and: Where[] = [{ hideFromListings: { not_equals: true } }]
  const conditions: Where[] = [and[0]!]
  const relations: RelationFilter[] = []
  const where = (condition: Where) => {
    and.push(condition)
    conditions.push(condition)
  }
  const related = (field: RelationFilter['field'], ids: number[]) => {
    and.push({ [field]: { in: ids } })
    relations.push({ field, ids })
  }
  const dates: Partial<Record<DateParam, DateTime>> = {}
  const series: EventsQuery['series'] = { dateConditions: [], hideSubsequent: isTruthy(params.hide_subsequent_recurrences) }
  // Whether a filter reads a field that an event password hides (venues, organizers, terms, flags).
  let readsProtected = false
  const include = params.include
  // strict_dates is a string flag read with tribe_is_truthy (reference 5.1).
  const strict = isTruthy(params.strict_dates)

  // Dates: ignored with `include` (docs/api.md, deliberate difference 2); the defaults drop out when a relative
  // filter is given unless start_date / end_date themselves are in the request (reference 5.1).
  if (!include) {
    const relative = ['starts_before', 'starts_after', 'ends_before', 'ends_after'].some((n) => input.given.has(n))
    for (const [name, field, operator] of DATE_FILTERS) {
      if (params[name] === undefined) continue
      if ((name === 'start_date' || name === 'end_date') && relative && !input.given.has(name)) continue
      const at = boundary(ctx, name, params[name], strict, zone)
      if (!at) continue
      const condition = { [field]: bySecond(operator, at) }
      where(condition)
      series.dateConditions.push(condition)
      dates[name] = at
    }
  }

  // Not a date filter of the reference: it applies with `include` too, and to a series as a whole.
  const modified = modifiedAfterWhere(ctx, params.modified_after)
  if (modified) where(modified)

  let search: EventsQuery['search']
  if (params.search !== undefined) {
    // Each word of the search in the title, description or excerpt (WordPress's search, words AND-ed).
    // A password hides the description and excerpt: they are not searchable by who may not read them.
    const condition = searchWhere(params.search, (word) => {
      const hidden: Where = { or: [{ descriptionHtml: { contains: word } }, { excerpt: { contains: word } }] }
      return { or: [{ title: { contains: word } }, options.canSearchProtected ? hidden : { and: [{ hasPassword: { not_equals: true } }, hidden] }] }
    })
    where(condition)
    search = { words: searchWords(params.search), canSearchProtected: options.canSearchProtected, condition }
  }

  if (options.venueIdsNearby) {
    related('venues', options.venueIdsNearby)
    readsProtected = true
  }

  const statuses = params.status ?? statusesFor(ctx)
  const status = statusWhere(statuses)
  where(status.where)

  if (params.post_parent !== undefined) {
    series.parent = { id: params.post_parent, condition: { parent: { equals: params.post_parent } } }
    where(series.parent.condition)
  }
  if (include) {
    series.include = { ids: include, condition: { id: { in: include } } }
    where(series.include.condition)
  }
  if (params.ticketed !== undefined) {
    where(params.ticketed ? { ticketed: { equals: true } } : { ticketed: { not_equals: true } })
    readsProtected = true
  }

  for (const [name, field] of [['venue', 'venues'], ['organizer', 'organizers']] as const) {
    const ids = params[name]
    if (!ids) continue
    related(field, ids)
    readsProtected = true
  }
  if (params.featured !== undefined) {
    // false means "not featured", unset included (reference 5.1: the meta does not exist).
    where(params.featured ? { featured: { equals: true } } : { featured: { not_equals: true } })
    readsProtected = true
  }
  for (const field of ['categories', 'tags'] as const) {
    const terms = params[field]
    if (!terms) continue
    // Categories match their child categories' events too (include_children, see withDescendants).
    related(field, field === 'categories' && options.categoryIds ? options.categoryIds : terms.ids)
    readsProtected = true
  }
  // Such a filter only reaches events whose protected fields the caller may read (the rule of
  // guardProtectedQueries on /api): a protected event is still listed, blanked, but never matched
  // through its hidden venue, organizer, terms or flags.
  const readable = readsProtected ? protectedReadableWhere(ctx.user) : null
  if (readable) where(readable)

  return {
    where: { and },
    conditions,
    relations,
    // Start date, then ID for a stable order; with `include`, post date then ID (reference 5.2).
    sort: include ? ['createdAt', 'id'] : ['startDate', 'id'],
    page: params.page,
    limit: params.per_page,
    trash: status.trash,
    dates,
    statuses,
    geoloc: options.venueIdsNearby !== undefined,
    series,
    ...(search ? { search } : {}),
  }
}
