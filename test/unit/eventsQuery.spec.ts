import { describe, expect, it } from '@jest/globals'
import fc from 'fast-check'
import { DateTime } from 'luxon'
import type { Where } from 'payload'
import { archiveQuery } from '../../endpoints/events/query/archiveQuery.js'
import { buildEventsQuery } from '../../endpoints/events/query/buildEventsQuery.js'
import type { EventArchiveValues } from '../../endpoints/events/params/eventArchiveParams.js'
import { eventArchivePairs } from '../../endpoints/events/serialize/eventArchiveLinks.js'
import type { EndpointInput } from '../../endpoints/types.js'
import { makeContext } from './fixtures/context.js'
import { userWithRole } from './fixtures/users.js'

// Parameters as parseParams hands them over (parsed values plus which ones were sent) → the query.
// The site zone of the fixture context is America/New_York (UTC-5 in winter).

const anonymous = makeContext().ctx
const editor = makeContext({ user: userWithRole('editor') }).ctx

function input(given: string[]): EndpointInput {
  return { given: new Set(given), raw: {} }
}

/** Archive values with the first page of 10; the date defaults are left out unless a test names them. */
function values(params: Partial<EventArchiveValues>): EventArchiveValues {
  return { page: 1, per_page: 10, ...params } as EventArchiveValues
}

/** The query, with the filters its rest_url lists (built in the serialize stage from the query and the parameters). */
function build(params: Partial<EventArchiveValues>, given: string[] = Object.keys(params), options: Parameters<typeof buildEventsQuery>[3] = { canSearchProtected: false }, ctx = anonymous) {
  const query = buildEventsQuery(values(params), input(given), ctx, options)
  const { pairs, raw } = eventArchivePairs(values(params), new Set(given), query)
  return { ...query, filters: pairs, rawRestUrl: raw }
}

const and = (where: Where): Where[] => where.and as Where[]
const NOT_HIDDEN = { hideFromListings: { not_equals: true } }
const PUBLISHED = { status: { in: ['publish'] } }
const READABLE_PROTECTED = { or: [{ hasPassword: { equals: false } }, { hasPassword: { exists: false } }] }

describe('buildEventsQuery', () => {
  it('inclusive dates: start_date from the start of its day, end_date to 23:59:59 of its day, in the site zone, by the second', () => {
    const query = build({ start_date: '2027-03-01 15:00', end_date: '2027-03-02' })
    expect(query.where).toEqual({
      and: [
        NOT_HIDDEN,
        { startDate: { greater_than_equal: '2027-03-01T05:00:00.000Z' } },
        { endDate: { less_than: '2027-03-03T05:00:00.000Z' } },
        PUBLISHED,
      ],
    })
    expect(query.filters).toEqual([
      ['per_page', 10],
      ['start_date', '2027-03-01 00:00:00'],
      ['end_date', '2027-03-02 23:59:59'],
      ['status', 'publish'],
    ])
    expect(query).toMatchObject({ sort: ['startDate', 'id'], page: 1, limit: 10, trash: false, rawRestUrl: true })
  })

  it('strict dates: the value is read as UTC and shown in the site zone', () => {
    const query = build({ start_date: '2026-11-22 12:00:00', strict_dates: 'true' })
    expect(and(query.where)[1]).toEqual({ startDate: { greater_than_equal: '2026-11-22T12:00:00.000Z' } })
    expect(query.filters).toContainEqual(['start_date', '2026-11-22 07:00:00'])
    // "false" is a string flag: not strict.
    expect(build({ start_date: '2026-11-22 12:00:00', strict_dates: 'false' }).filters).toContainEqual(['start_date', '2026-11-22 00:00:00'])
  })

  it('the four relative filters are exclusive, end of day in inclusive mode, and drop the default window', () => {
    const query = build({ start_date: '2026-01-01', end_date: '2028-01-01', starts_after: '2026-12-15', ends_before: '2027-01-10' }, ['starts_after', 'ends_before'])
    expect(query.where).toEqual({
      and: [NOT_HIDDEN, { startDate: { greater_than_equal: '2026-12-16T05:00:00.000Z' } }, { endDate: { less_than: '2027-01-11T04:59:59.000Z' } }, PUBLISHED],
    })
    expect(query.filters).toEqual([
      ['per_page', 10],
      ['status', 'publish'],
      ['starts_after', '2026-12-15 23:59:59'],
      ['ends_before', '2027-01-10 23:59:59'],
    ])
  })

  it('keeps a start_date the caller sent beside a relative filter', () => {
    const query = build({ start_date: '2027-01-01', starts_before: '2027-02-01' }, ['start_date', 'starts_before'])
    expect(and(query.where).slice(1, 3)).toEqual([
      { startDate: { greater_than_equal: '2027-01-01T05:00:00.000Z' } },
      { startDate: { less_than: '2027-02-02T04:59:59.000Z' } },
    ])
  })

  it('include ignores every date filter and orders by post date', () => {
    const query = build({ include: [3, 1], start_date: '2027-01-01', starts_after: '2027-01-01' })
    expect(query.where).toEqual({ and: [NOT_HIDDEN, PUBLISHED, { id: { in: [3, 1] } }] })
    expect(query.sort).toEqual(['createdAt', 'id'])
    expect(query.filters).toEqual([['per_page', 10], ['status', 'publish'], ['include', '3,1']])
  })

  it('search: every word in the title, or in the description or excerpt of events without a password', () => {
    const query = build({ search: 'jazz night' })
    const hidden = (word: string) => ({ or: [{ descriptionHtml: { contains: word } }, { excerpt: { contains: word } }] })
    expect(and(query.where)[1]).toEqual({
      and: ['jazz', 'night'].map((word) => ({ or: [{ title: { contains: word } }, { and: [{ hasPassword: { not_equals: true } }, hidden(word)] }] })),
    })
    const editors = build({ search: 'jazz' }, ['search'], { canSearchProtected: true })
    expect(and(editors.where)[1]).toEqual({ and: [{ or: [{ title: { contains: 'jazz' } }, hidden('jazz')] }] })
    expect(query.filters).toContainEqual(['search', 'jazz night'])
  })

  it('writers list every untrashed status as "any"; a status list is kept as sent; trash switches the trash on', () => {
    expect(build({}, [], undefined, editor).filters).toContainEqual(['status', 'any'])
    expect(and(build({}, [], undefined, editor).where)).toContainEqual({ status: { in: ['publish', 'future', 'draft', 'pending', 'private'] } })
    const some = build({ status: ['draft', 'trash'] }, ['status'], undefined, editor)
    expect(some.trash).toBe(true)
    expect(some.filters).toContainEqual(['status', 'draft,trash'])
    expect(and(some.where)).toContainEqual({ or: [{ and: [{ status: { in: ['draft'] } }, { deletedAt: { exists: false } }] }, { deletedAt: { exists: true } }] })
  })

  it('filters on what a password hides reach only events the caller may read in full', () => {
    const query = build({ venue: [20, 21], organizer: [30], featured: false, categories: { ids: [5], given: ['music'] }, tags: { ids: [8], given: ['8'] } })
    expect(query.where).toEqual({
      and: [
        NOT_HIDDEN,
        PUBLISHED,
        { venues: { in: [20, 21] } },
        { organizers: { in: [30] } },
        { featured: { not_equals: true } },
        { categories: { in: [5] } },
        { tags: { in: [8] } },
        READABLE_PROTECTED,
      ],
    })
    // List filters come last and switch rest_url to form encoding; categories and tags stay in the links.
    expect(query.filters.slice(2)).toEqual([['venue', '20,21'], ['organizer', '30'], ['featured', 0], ['categories', 'music'], ['tags', '8']])
    expect(query.rawRestUrl).toBe(false)
    // Editors may read every protected field: no such restriction.
    expect(and(build({ venue: [20] }, ['venue'], undefined, editor).where)).not.toContainEqual(READABLE_PROTECTED)
    // An author reads their own protected events too.
    const author = makeContext({ user: userWithRole('author', 3) }).ctx
    expect(and(build({ featured: true }, ['featured'], undefined, author).where).at(-1)).toEqual({
      or: [...READABLE_PROTECTED.or, { author: { equals: 3 } }],
    })
  })

  it('categories match their descendants when the archive resolved them', () => {
    const query = build({ categories: { ids: [5], given: ['music'] } }, ['categories'], { canSearchProtected: false, categoryIds: [5, 6, 9] })
    expect(and(query.where)).toContainEqual({ categories: { in: [5, 6, 9] } })
    expect(query.filters).toContainEqual(['categories', 'music'])
  })

  it('ticketed, post_parent and the geolocation venues', () => {
    const query = build({ ticketed: true, post_parent: 14, geoloc: true, geoloc_lat: 40.7, geoloc_lng: -74 }, undefined, { canSearchProtected: false, venueIdsNearby: [20] })
    expect(query.where).toEqual({
      and: [NOT_HIDDEN, { venues: { in: [20] } }, PUBLISHED, { parent: { equals: 14 } }, { ticketed: { equals: true } }, READABLE_PROTECTED],
    })
    expect(query.filters).toEqual([
      ['per_page', 10],
      ['geoloc', 1],
      ['geoloc_lat', 40.7],
      ['geoloc_lng', -74],
      ['status', 'publish'],
      ['post_parent', 14],
      ['ticketed', 1],
    ])
    expect(and(build({ ticketed: false }).where)).toContainEqual({ ticketed: { not_equals: true } })
  })

  it('any day as start_date starts at that day’s midnight in the site zone', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1990-01-01'), max: new Date('2090-12-31'), noInvalidDate: true }), (date) => {
        const day = DateTime.fromJSDate(date, { zone: 'UTC' }).toISODate()!
        const query = build({ start_date: day })
        const midnight = DateTime.fromISO(day, { zone: 'America/New_York' }).toUTC().toISO()
        expect(and(query.where)[1]).toEqual({ startDate: { greater_than_equal: midnight } })
        expect(query.filters[1]).toEqual(['start_date', `${day} 00:00:00`])
      }),
    )
  })
})

describe('archiveQuery', () => {
  it('resolves the venues near a point (a bounding box over published, geolocated venues) before building', async () => {
    const { ctx, finds } = makeContext({ answer: () => [20, 21] })
    const params = values({ geoloc: true, geoloc_lat: 40, geoloc_lng: -74 })
    const { query, none } = await archiveQuery(ctx, params, input(['geoloc', 'geoloc_lat', 'geoloc_lng']))
    expect(none).toBe(false)
    expect(and(query.where)).toContainEqual({ venues: { in: [20, 21] } })
    expect(finds).toHaveLength(1)
    const box = and(finds[0]!.where as Where)
    expect(finds[0]!.collection).toBe('venues')
    expect(box.slice(0, 5)).toEqual([
      { status: { equals: 'publish' } },
      { latitude: { exists: true } },
      { longitude: { exists: true } },
      { latitude: { not_equals: 0 } },
      { longitude: { not_equals: 0 } },
    ])
    // 25 miles is 0.3618° of latitude.
    const low = (box[5] as { latitude: { greater_than_equal: number } }).latitude.greater_than_equal
    expect(40 - low).toBeCloseTo(0.3618, 3)
  })

  it('answers `none` when no venue is near, and does not look venues up when geolocation is off', async () => {
    const nowhere = makeContext({ answer: () => [] })
    expect((await archiveQuery(nowhere.ctx, values({ geoloc: true }), input(['geoloc']))).none).toBe(true)
    const off = makeContext({ options: { geoloc: false }, answer: () => [20] })
    const { query, none } = await archiveQuery(off.ctx, values({ geoloc: true }), input(['geoloc']))
    expect([none, off.finds.length]).toEqual([false, 0])
    expect(eventArchivePairs(values({ geoloc: true }), new Set(['geoloc']), query).pairs).not.toContainEqual(['geoloc', 1])
  })

  it('adds every descendant of the categories, one query per level', async () => {
    const children: Record<number, number[]> = { 5: [6, 7], 6: [9], 7: [], 9: [] }
    const { ctx, finds } = makeContext({ answer: (call) => ((call.where as { parent: { in: number[] } }).parent.in.flatMap((id) => children[id] ?? [])) })
    const { query } = await archiveQuery(ctx, values({ categories: { ids: [5], given: ['music'] } }), input(['categories']))
    expect(and(query.where)).toContainEqual({ categories: { in: [5, 6, 7, 9] } })
    expect(finds.map((call) => call.where)).toEqual([{ parent: { in: [5] } }, { parent: { in: [6, 7] } }, { parent: { in: [9] } }])
  })

  it('lets editors search what a password hides', async () => {
    const { query } = await archiveQuery(editor, values({ search: 'jazz' }), input(['search']))
    expect(JSON.stringify(query.where)).not.toContain('hasPassword')
  })
})
