import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from '@jest/globals'
import { organizerKind } from '../../endpoints/linked/organizerKind.js'
import { venueKind } from '../../endpoints/linked/venueKind.js'
import { serializeEvent } from '../../endpoints/events/serialize/serializeEvent.js'
import { serializeEventList } from '../../endpoints/events/serialize/serializeEventList.js'
import { eventArchiveLinks } from '../../endpoints/events/serialize/eventArchiveLinks.js'
import { linkedArchiveLinks } from '../../endpoints/linked/serialize/linkedArchiveLinks.js'
import { serializeLinkedList } from '../../endpoints/linked/serialize/serializeLinkedList.js'
import { serializeOrganizer } from '../../endpoints/linked/serialize/serializeOrganizer.js'
import { serializeVenue } from '../../endpoints/linked/serialize/serializeVenue.js'
import type { SerializeContext } from '../../endpoints/serialize/SerializeContext.js'
import { serializeTerm } from '../../endpoints/terms/serialize/serializeTerm.js'
import { serializeTermList } from '../../endpoints/terms/serialize/serializeTermList.js'
import { CATEGORY_TAXONOMY } from '../../endpoints/terms/taxonomies.js'
import { resolveOptions } from '../../lib/options.js'
import { BASE } from './fixtures/context.js'
import { eventDoc, mediaDoc, organizerDoc, relatedOf, termDoc, venueDoc } from './fixtures/docs.js'

// The serialize stage is pure: every serializer runs on plain documents, with no Payload, no database
// and no cache, and gives the wire object. What an answer needs is read beforehand by the load stage
// (endpoints/data: loadEventList, loadEvent, loadLinked, loadTerms).

const ROOT = path.resolve(import.meta.dirname, '../..')

// A context with nothing to query through: a serializer reaching for `payload` would find none.
const ctx: SerializeContext = Object.freeze({ base: BASE, user: null, options: resolveOptions({ siteTimezone: 'America/New_York' }) })

const poster = mediaDoc({ id: 40 })
const hall = venueDoc({ id: 20, image: 40, city: 'Boston' })
const owls = organizerDoc({ id: 30, email: 'owls@example.org' })
const music = termDoc({ id: 2, name: 'Music', slug: 'music' })
const jazz = termDoc({ id: 5, name: 'Jazz', slug: 'jazz', parent: 2 })
const concert = eventDoc({ id: 14, venues: [20], organizers: [30], categories: [5], image: 40 })
const secret = eventDoc({ id: 15, title: 'Secret', hasPassword: true, descriptionHtml: '<p>Hidden.</p>' })
const related = relatedOf({ venues: [hall], organizers: [owls], categories: [jazz], media: [poster] })

describe('serializers without Payload', () => {
  it('an event, with its venue, organizer, terms and image from the loaded related documents', () => {
    const wire = serializeEvent(concert, related, ctx, { jsonLd: true })
    expect(wire).toMatchObject({ id: 14, rest_url: `${BASE}/events/14`, venue: { id: 20, city: 'Boston' }, organizer: [{ id: 30 }], categories: [{ id: 5 }] })
    expect(wire.image).toMatchObject({ id: 40 })
    expect(wire.json_ld).toMatchObject({ '@type': 'Event' })
  })

  it('an event list: kept objects as they are, locked events blanked', () => {
    const kept = Object.freeze({ id: 16, kept: true })
    const list = serializeEventList({ docs: [concert, secret, eventDoc({ id: 16 })], locked: new Set([15]), related, kept: new Map([[16, kept]]), keys: [14, 15, 16], occurrences: [] }, ctx)
    expect(list).toHaveLength(3)
    expect(list[0]).toEqual(serializeEvent(concert, related, ctx))
    expect(list[1]).toMatchObject({ id: 15, description: '' })
    expect(list[2]).toBe(kept)
  })

  it("an event list with a series' occurrences: each kept by its own provisional ID", () => {
    const kept = Object.freeze({ id: 10_000_002, kept: true })
    const views = [1, 2].map((n) => ({ wireId: 10_000_000 + n, seriesId: 14, lines: ['RRULE:FREQ=WEEKLY'], originalStart: concert.startDate, startDate: concert.startDate, endDate: concert.endDate }))
    const list = serializeEventList({ docs: [concert, concert], locked: new Set(), related, kept: new Map([[10_000_002, kept]]), keys: [10_000_001, 10_000_002], occurrences: views }, ctx)
    expect(list[0]).toMatchObject({ id: 10_000_001 })
    expect(list[1]).toBe(kept)
  })

  it('the links of an events page, from the parameters and the query', () => {
    const links = eventArchiveLinks(BASE, { page: 2, per_page: 10, start_date: 'today', end_date: '+2 years', strict_dates: 'false', search: 'jazz night' }, new Set(['search']), { page: 2, dates: {}, statuses: ['publish'], geoloc: false }, 3)
    expect(links).toEqual({
      rest_url: `${BASE}/events/?page=2&per_page=10&search=jazz night&status=publish`,
      next_rest_url: `${BASE}/events/?per_page=10&search=jazz+night&status=publish&page=3`,
      previous_rest_url: `${BASE}/events/?per_page=10&search=jazz+night&status=publish`,
    })
  })

  it('a venue and an organizer, alone and as a list', () => {
    expect(serializeVenue(hall, ctx, { media: related.media })).toMatchObject({ id: 20, venue: 'Blue Hall', image: { id: 40 } })
    expect(serializeOrganizer(owls, ctx, related, { jsonLd: true })).toMatchObject({ id: 30, organizer: 'Night Owls', json_ld: { '@type': 'Person' } })
    expect(serializeLinkedList(venueKind, { docs: [hall], media: related.media }, ctx)).toEqual([serializeVenue(hall, ctx, related)])
    expect(serializeLinkedList(organizerKind, { docs: [owls], media: new Map() }, ctx, { jsonLd: true })).toEqual([serializeOrganizer(owls, ctx, related, { jsonLd: true })])
  })

  it('the links of a venues page: never the search, has_events as sent', () => {
    const input = { given: new Set(['search', 'has_events']), raw: { has_events: 'yes' } }
    const links = linkedArchiveLinks(ctx, venueKind, { page: 1, per_page: 5, search: 'hall', has_events: true, only_with_upcoming: false }, input, ['publish'], 2)
    expect(links).toEqual({
      rest_url: `${BASE}/venues/?page=1&per_page=5&has_events=yes&status=publish`,
      next_rest_url: `${BASE}/venues/?per_page=5&has_events=yes&status=publish&page=2`,
    })
  })

  it('a term and a term list, a category’s url naming its loaded ancestors', () => {
    expect(serializeTerm(music, 'tribe_events_cat', ctx)).toMatchObject({ id: 2, url: `${ctx.options.siteUrl}/events/category/music/` })
    const [view] = serializeTermList(CATEGORY_TAXONOMY, { terms: [jazz], ancestors: new Map([[5, [music]]]) }, ctx)
    expect(view).toMatchObject({ id: 5, parent: 2, url: `${ctx.options.siteUrl}/events/category/music/jazz/` })
  })

  it('no serialize stage imports the data module, the caches or the Local API', () => {
    const folders = ['endpoints/serialize', 'endpoints/events/serialize', 'endpoints/linked/serialize', 'endpoints/terms/serialize']
    const offending: string[] = []
    for (const folder of folders) {
      for (const file of readdirSync(path.join(ROOT, folder))) {
        const source = readFileSync(path.join(ROOT, folder, file), 'utf8')
        for (const [line] of source.matchAll(/^import (?!type ).*$/gm)) {
          if (/\/data\/|\/cache\/|from 'payload'/.test(line)) offending.push(`${folder}/${file}: ${line}`)
        }
      }
    }
    expect(offending).toEqual([])
  })
})
