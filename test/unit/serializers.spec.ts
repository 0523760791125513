import { describe, expect, it } from '@jest/globals'
import fc from 'fast-check'
import { archiveHeaders, archiveLinks } from '../../endpoints/serialize/archiveLinks.js'
import { autop } from '../../endpoints/serialize/autop.js'
import { costValues, serializeCost } from '../../endpoints/events/serialize/serializeCost.js'
import { serializeEvent } from '../../endpoints/events/serialize/serializeEvent.js'
import { escHtml, obfuscateEmail } from '../../endpoints/serialize/html.js'
import { serializeImage } from '../../endpoints/serialize/serializeImage.js'
import { serializeOrganizer } from '../../endpoints/linked/serialize/serializeOrganizer.js'
import { postDates, wireStatus } from '../../endpoints/serialize/postDates.js'
import { NO_RELATED } from '../../endpoints/serialize/related.js'
import { globalId, permalink } from '../../endpoints/serialize/site.js'
import { stripProtected } from '../../endpoints/serialize/stripProtected.js'
import { serializeEventTerm, serializeTerm } from '../../endpoints/terms/serialize/serializeTerm.js'
import { serializeVenue } from '../../endpoints/linked/serialize/serializeVenue.js'
import { venueFlag } from '../../collections/fields/venueMapFlag.js'
import { wireSlug } from '../../endpoints/serialize/wireSlug.js'
import { BASE, makeContext } from './fixtures/context.js'
import { eventDoc, mediaDoc, organizerDoc, relatedOf, termDoc, venueDoc } from './fixtures/docs.js'

// The documents of the reference's wire samples (event 14 at venue 4, organized by 9, in Jazz (a
// child of Music) and Music, tagged Family Friendly), serialized and compared with those samples.

const FRONT = 'https://calendar.example.org'
// This server's own URL (ids, media, unpublished links), apart from the front end's.
const SITE = 'https://api.example.org'
const { ctx } = makeContext({
  options: { siteUrl: SITE, eventUrlPattern: `${FRONT}/event/{slug}/`, venueUrlPattern: `${FRONT}/venue/{slug}/`, organizerUrlPattern: `${FRONT}/organizer/{slug}/` },
})
const host = new URL(SITE).hostname
const STAMPS = { createdAt: '2026-01-15T14:00:00.000Z', updatedAt: '2026-01-15T14:00:00.000Z', publishedAt: '2026-01-15T14:00:00.000Z' }

const music = termDoc({ id: 2, name: 'Music', slug: 'music', description: 'Concerts and gigs', count: 11 })
const jazz = termDoc({ id: 5, name: 'Jazz', slug: 'jazz', description: 'Child of Music', count: 7, parent: 2 })
const family = termDoc({ id: 6, name: 'Family Friendly', slug: 'family-friendly', description: 'Good for kids', count: 7 })
const hall = venueDoc({
  id: 4,
  title: 'Symphony Hall',
  slug: 'symphony-hall',
  ...STAMPS,
  descriptionHtml: '<p>A classic concert hall.</p>',
  address: '301 Massachusetts Ave',
  city: 'Boston',
  country: 'United States',
  state: 'MA',
  zip: '02115',
  phone: '617-266-1492',
  website: 'https://www.example.org/symphony',
})
const acme = organizerDoc({
  id: 9,
  title: 'Acme Events',
  slug: 'acme-events',
  ...STAMPS,
  descriptionHtml: '<p>Acme organizes things.</p>',
  phone: '555-0100',
  website: 'https://acme.example.com',
  email: 'info@acme.example.com',
})
const concert = eventDoc({
  id: 14,
  title: 'Spring Concert #1',
  slug: 'spring-concert-1',
  ...STAMPS,
  descriptionHtml: '<p>Description of event 1. Searchable keyword: alpha.</p>',
  startDate: '2025-10-18T13:00:00.000Z',
  endDate: '2025-10-18T15:30:00.000Z',
  timezone: 'America/New_York',
  featured: true,
  categories: [5, 2],
  tags: [6],
  venues: [4],
  organizers: [9],
})
const related = relatedOf({ venues: [hall], organizers: [acme], categories: [music, jazz], tags: [family] })

const EVENT_KEYS = [
  'id', 'global_id', 'global_id_lineage', 'author', 'status', 'date', 'date_utc', 'modified', 'modified_utc', 'url', 'rest_url',
  'title', 'description', 'excerpt', 'slug', 'image', 'all_day', 'start_date', 'start_date_details', 'end_date', 'end_date_details',
  'utc_start_date', 'utc_start_date_details', 'utc_end_date', 'utc_end_date_details', 'timezone', 'timezone_abbr', 'cost',
  'cost_details', 'website', 'show_map', 'show_map_link', 'hide_from_listings', 'sticky', 'featured', 'categories', 'tags',
  'venue', 'organizer', 'custom_fields',
]

describe('serializeEvent', () => {
  it('gives the wire sample of a single event, keys in the reference order, json_ld then ticketed last', () => {
    const wire = serializeEvent(concert, related, ctx, { jsonLd: true })
    expect(Object.keys(wire)).toEqual([...EVENT_KEYS, 'json_ld', 'ticketed'])
    expect(wire).toMatchObject({
      id: 14,
      global_id: `${host}?id=14`,
      global_id_lineage: [`${host}?id=14`],
      author: '1',
      status: 'publish',
      date: '2026-01-15 09:00:00',
      date_utc: '2026-01-15 14:00:00',
      modified: '2026-01-15 09:00:00',
      modified_utc: '2026-01-15 14:00:00',
      url: `${FRONT}/event/spring-concert-1/`,
      rest_url: `${BASE}/events/14`,
      title: 'Spring Concert #1',
      description: '<p>Description of event 1. Searchable keyword: alpha.</p>',
      excerpt: '',
      slug: 'spring-concert-1',
      image: false,
      all_day: false,
      start_date: '2025-10-18 09:00:00',
      start_date_details: { year: '2025', month: '10', day: '18', hour: '09', minutes: '00', seconds: '00' },
      end_date: '2025-10-18 11:30:00',
      utc_start_date: '2025-10-18 13:00:00',
      utc_end_date: '2025-10-18 15:30:00',
      utc_end_date_details: { year: '2025', month: '10', day: '18', hour: '15', minutes: '30', seconds: '00' },
      timezone: 'America/New_York',
      timezone_abbr: 'EDT',
      cost: '',
      cost_details: { currency_symbol: '', currency_code: '', currency_position: '', values: [] },
      website: `${FRONT}/event/spring-concert-1/`,
      show_map: false,
      featured: true,
      custom_fields: [],
      ticketed: false,
    })
    // Terms sorted by name, each in the embedded shape (urls.up only for a child).
    expect((wire.categories as Array<{ name: string }>).map((t) => t.name)).toEqual(['Jazz', 'Music'])
    expect((wire.categories as unknown[])[0]).toEqual({
      name: 'Jazz',
      slug: 'jazz',
      term_group: 0,
      term_taxonomy_id: 5,
      taxonomy: 'tribe_events_cat',
      description: 'Child of Music',
      parent: 2,
      count: 7,
      filter: 'raw',
      id: 5,
      urls: { self: `${BASE}/categories/5`, collection: `${BASE}/categories`, up: `${BASE}/categories/2` },
    })
    expect((wire.tags as Array<{ urls: object }>)[0]!.urls).toEqual({ self: `${BASE}/tags/6`, collection: `${BASE}/tags` })
    // One venue is an object; organizers are always a list.
    expect((wire.venue as { venue: string }).venue).toBe('Symphony Hall')
    expect((wire.organizer as Array<{ organizer: string }>).map((o) => o.organizer)).toEqual(['Acme Events'])
    expect(wire.json_ld).toMatchObject({
      '@context': 'http://schema.org',
      '@type': 'Event',
      name: 'Spring Concert #1',
      description: '&lt;p&gt;Description of event 1. Searchable keyword: alpha.&lt;/p&gt;\\n',
      startDate: '2025-10-18T09:00:00-04:00',
      endDate: '2025-10-18T11:30:00-04:00',
      location: { '@type': 'Place', name: 'Symphony Hall' },
      organizer: { '@type': 'Person', name: 'Acme Events' },
      performer: 'Organization',
    })
  })

  it('lists carry no json_ld; no venue is [], several are a list; links the caller may not see are left out', () => {
    const other = venueDoc({ id: 5, title: 'Annex', slug: 'annex' })
    const none = serializeEvent({ ...concert, venues: [], organizers: [] }, related, ctx)
    expect(Object.keys(none)).toEqual([...EVENT_KEYS, 'ticketed'])
    expect([none.venue, none.organizer]).toEqual([[], []])
    const two = serializeEvent({ ...concert, venues: [4, 5] }, relatedOf({ venues: [hall, other] }), ctx)
    expect((two.venue as Array<{ id: number }>).map((v) => v.id)).toEqual([4, 5])
    const hidden = serializeEvent({ ...concert, venues: [4, 99], categories: [2, 98] }, related, ctx)
    expect((hidden.venue as { id: number }).id).toBe(4)
    expect((hidden.categories as unknown[]).length).toBe(1)
  })

  it('an event without a zone is in the site zone; a website set empty stays empty', () => {
    const wire = serializeEvent({ ...concert, timezone: null, website: '' }, NO_RELATED, ctx)
    expect(wire).toMatchObject({ timezone: 'America/New_York', start_date: '2025-10-18 09:00:00', website: '' })
    const manual = serializeEvent({ ...concert, timezone: 'UTC+2' }, NO_RELATED, ctx)
    expect(manual).toMatchObject({ timezone: 'UTC+2', timezone_abbr: 'UTC+2', start_date: '2025-10-18 15:00:00' })
  })

  it('a draft reads an empty slug, the zero GMT date and the ?post_type=…&p= address', () => {
    const wire = serializeEvent({ ...concert, status: 'draft', publishedAt: null }, NO_RELATED, ctx)
    expect(wire).toMatchObject({ status: 'draft', slug: '', date_utc: '0000-00-00 00:00:00', url: `${SITE}/?post_type=tribe_events&p=14` })
  })

  it('locked: every protected field replaced, keys kept in place, title and dates kept', () => {
    const open = serializeEvent({ ...concert, cost: '42', website: 'https://x.example' }, related, ctx)
    const locked = serializeEvent({ ...concert, cost: '42', website: 'https://x.example' }, related, ctx, { locked: true })
    expect(Object.keys(locked)).toEqual(Object.keys(open))
    expect(locked).toMatchObject({
      title: 'Spring Concert #1',
      start_date: '2025-10-18 09:00:00',
      description: '',
      cost: '',
      cost_details: { currency_symbol: '', currency_position: '', currency_code: '', values: [] },
      website: '',
      image: false,
      featured: null,
      ticketed: null,
      categories: [],
      tags: [],
      venue: [],
      organizer: [],
      custom_fields: [],
    })
    expect(Object.keys(locked.cost_details as object)).toEqual(['currency_symbol', 'currency_position', 'currency_code', 'values'])
  })
})

describe('serializeVenue and serializeOrganizer', () => {
  it('give the wire samples, empty values dropped, show_map flags and global IDs last', () => {
    const venue = serializeVenue(hall, ctx, related, { jsonLd: true })
    expect(Object.keys(venue)).toEqual([
      'id', 'author', 'status', 'date', 'date_utc', 'modified', 'modified_utc', 'url', 'venue', 'description', 'slug', 'address', 'city',
      'country', 'state', 'zip', 'phone', 'website', 'stateprovince', 'json_ld', 'show_map', 'show_map_link', 'global_id', 'global_id_lineage',
    ])
    expect(venue).toMatchObject({ url: `${FRONT}/venue/symphony-hall/`, stateprovince: 'MA', show_map: true, show_map_link: true })
    expect(venue.json_ld).toEqual({
      '@type': 'Place',
      name: 'Symphony Hall',
      description: '&lt;p&gt;A classic concert hall.&lt;/p&gt;\\n',
      url: '',
      address: { '@type': 'PostalAddress', streetAddress: '301 Massachusetts Ave', addressLocality: 'Boston', addressRegion: 'MA', postalCode: '02115', addressCountry: 'United States' },
      telephone: '617-266-1492',
      sameAs: 'https://www.example.org/symphony',
    })
    const organizer = serializeOrganizer(acme, ctx, related, { jsonLd: true })
    expect(Object.keys(organizer)).toEqual([
      'id', 'author', 'status', 'date', 'date_utc', 'modified', 'modified_utc', 'url', 'organizer', 'description', 'slug', 'phone', 'website',
      'email', 'json_ld', 'global_id', 'global_id_lineage',
    ])
    expect((organizer.json_ld as { email: string }).email).toBe(obfuscateEmail('info@acme.example.com'))
  })

  it('a venue shows coordinates only when both are set, and reads its map flags as WordPress strings', () => {
    expect(serializeVenue({ ...hall, latitude: 42.34, longitude: -71.08 }, ctx, NO_RELATED)).toMatchObject({ geo_lat: 42.34, geo_lng: -71.08 })
    expect(serializeVenue({ ...hall, latitude: 42.34, longitude: 0 }, ctx, NO_RELATED)).not.toHaveProperty('geo_lat')
    expect([undefined, null, '1', 'yes', 'true'].map((v) => venueFlag(v))).toEqual([true, true, true, true, true])
    expect(['', '0', 'false', 'No', ' off '].map((v) => venueFlag(v))).toEqual([false, false, false, false, false])
  })
})

describe('terms', () => {
  it('list items as the category and tag archives show them', () => {
    expect(serializeTerm(jazz, 'tribe_events_cat', ctx, ['music'])).toEqual({
      id: 5,
      count: 7,
      description: 'Child of Music',
      name: 'Jazz',
      slug: 'jazz',
      taxonomy: 'tribe_events_cat',
      parent: 2,
      meta: [],
      url: `${SITE}/events/category/music/jazz/`,
      urls: { self: `${BASE}/categories/5`, collection: `${BASE}/categories`, up: `${BASE}/categories/2` },
    })
    const tag = serializeTerm(family, 'post_tag', ctx)
    expect(Object.keys(tag)).toEqual(['id', 'count', 'description', 'name', 'slug', 'taxonomy', 'meta', 'url', 'urls'])
    expect(tag.url).toBe(`${SITE}/tag/family-friendly/`)
    expect(Object.keys(serializeEventTerm(music, 'tribe_events_cat', ctx).urls)).toEqual(['self', 'collection'])
  })
})

describe('cost', () => {
  const options = ctx.options
  it.each<[string, string, '' | 'prefix' | 'postfix', string, string[]]>([
    ['42', '', '', '$42', ['42']],
    ['5, 50', '', '', '$5 – $50', ['5', '50']],
    ['0, 20, 30', '$', 'postfix', 'Free – 30$', ['0', '20', '30']],
    ['12', '€', 'prefix', '€12', ['12']],
    ['25.50', '', '', '$25.50', ['25.50']],
    ['Free', '', '', 'Free', ['free']],
    ['', '', '', '', []],
  ])('%j with symbol %j %j reads %j', (cost, symbol, position, expected, values) => {
    const wire = serializeCost(eventDoc({ cost, currencySymbol: symbol || null, currencyPosition: position || null }), options)
    expect(wire.cost).toBe(expected)
    expect(wire.cost_details).toEqual({ currency_symbol: symbol, currency_code: '', currency_position: position, values })
  })

  it('values are ascending, each as entered, the last of equal values kept', () => {
    expect(costValues('30, 5.00, 5, 12,5')).toEqual(['5', '12,5', '30'])
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 10 }), (amounts) => {
        const values = costValues(amounts.join(', ')).map(Number)
        expect(values).toEqual([...new Set(amounts)].sort((a, b) => a - b))
      }),
    )
  })
})

describe('image, dates, slugs, links', () => {
  it('an image: absolute URLs, falsy keys dropped, false when there is none', () => {
    const poster = mediaDoc({ sizes: { thumbnail: { url: '/api/media/file/poster-150.png', width: 150, height: 150, mimeType: 'image/png', filesize: 900 }, medium: { url: null } } })
    expect(serializeImage(poster, SITE)).toEqual({
      url: `${SITE}/api/media/file/poster.png`,
      id: 40,
      extension: 'png',
      width: 800,
      height: 600,
      filesize: 12345,
      sizes: { thumbnail: { width: 150, height: 150, 'mime-type': 'image/png', filesize: 900, url: `${SITE}/api/media/file/poster-150.png` } },
    })
    expect(serializeImage(mediaDoc({ width: 0, height: null, filesize: null, filename: null, url: 'https://cdn.example.org/a.JPG?x=1' }), SITE)).toEqual({ url: 'https://cdn.example.org/a.JPG?x=1', id: 40, extension: 'jpg' })
    expect(serializeImage(undefined, SITE)).toBe(false)
    expect(serializeImage(mediaDoc({ url: null }), SITE)).toBe(false)
  })

  it('post dates: published posts by their publication date, drafts float with the zero GMT date', () => {
    const stamps = { createdAt: '2026-01-10T15:00:00.000Z', updatedAt: '2026-01-11T16:30:00.000Z' }
    expect(postDates({ status: 'publish', ...stamps }, 'America/New_York')).toEqual({
      date: '2026-01-10 10:00:00',
      date_utc: '2026-01-10 15:00:00',
      modified: '2026-01-11 11:30:00',
      modified_utc: '2026-01-11 16:30:00',
    })
    expect(postDates({ status: 'pending', ...stamps }, 'UTC')).toMatchObject({ date: '2026-01-11 16:30:00', date_utc: '0000-00-00 00:00:00' })
    expect(wireStatus({ status: 'draft', deletedAt: '2026-01-12T00:00:00Z' })).toBe('trash')
    expect(wireStatus({})).toBe('publish')
  })

  it('slugs and addresses: drafts read "", trashed posts keep theirs; unpublished posts get ?post_type=…&p=', () => {
    expect(wireSlug({ slug: 'a', status: 'pending' })).toBe('')
    expect(wireSlug({ slug: 'a__trashed', status: 'draft', deletedAt: '2026-01-01' })).toBe('a__trashed')
    expect(permalink('tribe_venue', { id: 4, slug: 'hall', status: 'publish' }, { ...ctx.options, venueUrlPattern: `${FRONT}/v/{id}/{slug}` })).toBe(`${FRONT}/v/4/hall`)
    expect(permalink('tribe_organizer', { id: 9, slug: 'x', status: 'private' }, ctx.options)).toBe(`${SITE}/?post_type=tribe_organizer&p=9`)
    expect(globalId(14, SITE)).toBe(`${host}?id=14`)
    expect(globalId(14, 'https://example.org/calendar')).toBe('example.org/calendar?id=14')
  })

  it('archive links as in the event archive sample: rest_url raw, next and previous encoded, no page=1', () => {
    const filters: Array<[string, string | number]> = [['per_page', 5], ['start_date', '2026-11-21 00:00:00'], ['end_date', '2028-11-22 23:59:59'], ['status', 'publish']]
    const url = `${BASE}/events/`
    expect(archiveLinks(url, filters, 2, 5, { rawRestUrl: true })).toEqual({
      rest_url: `${url}?page=2&per_page=5&start_date=2026-11-21 00:00:00&end_date=2028-11-22 23:59:59&status=publish`,
      next_rest_url: `${url}?per_page=5&start_date=2026-11-21+00%3A00%3A00&end_date=2028-11-22+23%3A59%3A59&status=publish&page=3`,
      previous_rest_url: `${url}?per_page=5&start_date=2026-11-21+00%3A00%3A00&end_date=2028-11-22+23%3A59%3A59&status=publish`,
    })
    expect(archiveLinks(url, filters, 5, 5).next_rest_url).toBeUndefined()
    expect(archiveLinks(url, filters, 1, 5).previous_rest_url).toBeUndefined()
    expect(archiveLinks(url, [], 2, 2).previous_rest_url).toBe(url)
    expect(archiveLinks(url, filters, 3, 5).previous_rest_url).toMatch(/&page=2$/)
    expect(archiveHeaders(24, 5)).toEqual({ 'X-TEC-Total': '24', 'X-TEC-TotalPages': '5' })
  })

  it('stripProtected replaces only protected keys, whatever else the object holds', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.stringMatching(/^[a-z]{1,6}$/), fc.string()), (extra) => {
        const object = { ...extra, title: 'T', email: 'a@b.c', geo_lat: 4 }
        const stripped = stripProtected(object)
        expect(Object.keys(stripped)).toEqual(Object.keys(object))
        expect(stripped).toMatchObject({ title: 'T', email: '', geo_lat: 0 })
      }),
    )
  })

  it('escHtml escapes as esc_html does, without encoding an entity twice', () => {
    expect(escHtml(`https://example.org/?a=1&b=2&amp;c=<"x">'`)).toBe('https://example.org/?a=1&amp;b=2&amp;c=&lt;&quot;x&quot;&gt;&#039;')
    expect(escHtml('&#038; &#x26; & &;')).toBe('&#038; &#x26; &amp; &amp;;')
  })

  it('autop wraps excerpts as the_excerpt does, trimmed as the reference trims it', () => {
    expect(autop('One & two\nthree\n\nFour')).toBe('<p>One &#038; two<br />\nthree</p>\n<p>Four</p>')
    expect(autop('&amp; &#38;')).toBe('<p>&amp; &#38;</p>')
    expect(autop('Excerpt 10')).toBe('<p>Excerpt 10</p>')
    expect(autop(' \n\n ')).toBe('')
    expect(autop(null)).toBe('')
  })
})
