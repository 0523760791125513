import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { createActors, type Actor } from '../helpers/actors.js'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'

// Wire fidelity, part 1: the values a front end displays, as the reference answers them (reference
// 5.2, 6.2, 6.6, 7.1, 9.1), over HTTP on a site in America/New_York so that the site's zone, the
// events' zones and UTC all differ. Runs on every lane (TEST_DATABASE=postgres too).

type Role = 'administrator' | 'editor' | 'author' | 'contributor' | 'subscriber' | 'anonymous'

let app: TestApp
let actors: Record<Role, Actor>
const ids: Record<string, number> = {}

async function call(method: string, path: string, role: Role = 'anonymous', body?: unknown): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = { ...actors[role].headers }
  if (body !== undefined) headers['content-type'] = 'application/json'
  const res = await fetch(`${app.api}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
  const text = await res.text()
  return { status: res.status, body: text ? JSON.parse(text) : null }
}
const get = (path: string, role: Role = 'anonymous') => call('GET', path, role)
const post = (path: string, body: unknown, role: Role = 'administrator') => call('POST', path, role, body)

const EVENT = { title: 'Wire', start_date: '2027-06-10 19:00:00', end_date: '2027-06-10 22:00:00' }

/** A new event through the namespace; its answer. */
async function created(extra: Record<string, unknown>, role: Role = 'administrator') {
  const res = await post('/events', { ...EVENT, ...extra }, role)
  expect(res.status).toBe(201)
  return res.body
}

beforeAll(async () => {
  app = await initTestApp({ siteTimezone: 'America/New_York' })
  actors = (await createActors(app, 'wire')) as Record<Role, Actor>
  const make = async (collection: string, key: string, data: Record<string, unknown>) => {
    ids[key] = (await app.payload.create({ collection, data, overrideAccess: true } as never)).id as number
  }
  // Created in an order where ID order, byte order and WordPress's order all differ.
  await make('event-categories', 'C', { name: 'Cwire' })
  await make('event-categories', 'A', { name: 'Awire' })
  await make('event-categories', 'b', { name: 'bwire' })
  await make('event-tags', 'tagZ', { name: 'Zwire' })
  await make('event-tags', 'tagy', { name: 'ywire' })
  await make('event-categories', 'music', { name: 'Music' })
  await make('event-categories', 'jazz', { name: 'Jazz', parent: ids.music })
  await make('event-categories', 'bebop', { name: 'Bebop', parent: ids.jazz })
  await make('venues', 'hall', { title: 'Symphony Hall', address: '301 Massachusetts Ave', city: 'Boston' })
  await make('venues', 'park', { title: 'Riverside Park', address: '1 Memorial Drive', city: 'Cambridge' })
  await make('organizers', 'band', { title: 'The Night Owls', phone: '555-0100', email: 'owls@example.org' })
  await make('organizers', 'choir', { title: 'Morning Choir', phone: '555-0199', email: 'choir@example.org' })
}, 300_000)

afterAll(async () => {
  await app?.close()
})

describe('publication date (date, date_utc)', () => {
  it('reads a sent date in the site time zone, not the event one', async () => {
    const event = await created({ timezone: 'Asia/Tokyo', date: '2027-01-05 10:00:00' })
    // New York in January is UTC-5: post_date 10:00 local is 15:00 GMT, whatever the event's zone.
    expect(event.date).toBe('2027-01-05 10:00:00')
    expect(event.date_utc).toBe('2027-01-05 15:00:00')
    const read = await get(`/events/${event.id}`)
    expect([read.body.date, read.body.date_utc]).toEqual(['2027-01-05 10:00:00', '2027-01-05 15:00:00'])
  })

  it('gives drafts the zero GMT date, with or without a date sent', async () => {
    const dated = await created({ status: 'draft', date: '2027-01-05 10:00:00' })
    expect(dated.status).toBe('draft')
    expect(dated.date).toBe('2027-01-05 10:00:00')
    expect(dated.date_utc).toBe('0000-00-00 00:00:00')
    const undated = await created({ status: 'draft' })
    expect(undated.date_utc).toBe('0000-00-00 00:00:00')
    // A never-published post's local date is its last save (WordPress keeps moving it).
    expect(undated.date).toBe(undated.modified)
  })
})

describe('drafts by slug', () => {
  let draft: { id: number; slug: string }
  let storedSlug: string

  beforeAll(async () => {
    draft = await created({ title: 'Unannounced Gala', status: 'draft' })
    const doc = (await app.payload.findByID({ collection: 'events', id: draft.id, overrideAccess: true, depth: 0 })) as unknown as { slug: string }
    storedSlug = doc.slug
  })

  it('reports a never-published post with an empty slug, as WordPress does', async () => {
    expect(storedSlug).toBeTruthy()
    expect(draft.slug).toBe('')
    expect((await get(`/events/${draft.id}`, 'editor')).body.slug).toBe('')
    const published = await created({ title: 'Announced Gala' })
    expect(published.slug).toBe('announced-gala')
  })

  it('answers anonymous callers 400 rest_invalid_param on the by-slug route, not 403', async () => {
    const res = await get(`/events/by-slug/${storedSlug}`)
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('rest_invalid_param')
    expect(res.body.data.status).toBe(400)
    expect(Object.keys(res.body.data.params)).toEqual(['slug'])
    // The ID route keeps the reference's 403 for the same draft.
    const byId = await get(`/events/${draft.id}`)
    expect(byId.status).toBe(403)
    expect(byId.body.code).toBe('event-not-accessible')
  })

  it('lets those who write posts still reach the draft by its slug', async () => {
    const res = await get(`/events/by-slug/${storedSlug}`, 'editor')
    expect(res.status).toBe(200)
    expect(res.body.id).toBe(draft.id)
  })

  it('treats draft venues the same way', async () => {
    const venue = await post('/venues', { venue: 'Hidden Loft', status: 'draft' })
    expect(venue.status).toBe(201)
    // Empty, so left out: the reference filters empty values out of a venue (array_filter).
    expect(venue.body.status).toBe('draft')
    expect(venue.body).not.toHaveProperty('slug')
    const doc = (await app.payload.findByID({ collection: 'venues', id: venue.body.id, overrideAccess: true, depth: 0 })) as unknown as { slug: string }
    expect(doc.slug).toBeTruthy()
    const res = await get(`/venues/by-slug/${doc.slug}`)
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('rest_invalid_param')
  })
})

describe('cost', () => {
  const cases: Array<[unknown, string, string[]]> = [
    ['25.50', '$25.50', ['25.50']],
    ['$25.50', '$25.50', ['25.50']],
    ['10.00 - 25.50', '$10.00 – $25.50', ['10.00', '25.50']],
    [0, '', []],
    ['0', '', []],
    ['Free', 'Free', ['free']],
    [['0$', '20$', '30$'], 'Free – 30$', ['0', '20', '30']],
    ['12,50€', '12,50€', ['12,50']],
  ]
  it.each(cases)('cost %j reads %j with values %j', async (sent, cost, values) => {
    const event = await created({ cost: sent })
    expect(event.cost).toBe(cost)
    expect(event.cost_details.values).toEqual(values)
    const read = await get(`/events/${event.id}`)
    expect([read.body.cost, read.body.cost_details.values]).toEqual([cost, values])
  })
})

describe('excerpt', () => {
  it('is rendered with paragraphs as the_excerpt renders it, trimmed as the reference trims it', async () => {
    const event = await created({ excerpt: 'First part & more.\n\nSecond line\nthird line' })
    const expected = '<p>First part &#038; more.</p>\n<p>Second line<br />\nthird line</p>'
    expect(event.excerpt).toBe(expected)
    expect((await get(`/events/${event.id}`)).body.excerpt).toBe(expected)
    expect((await created({})).excerpt).toBe('')
  })

  it('has no line break after its last paragraph, in a read and in a list (the recordings: <p>Excerpt 10</p>)', async () => {
    const event = await created({ title: 'Excerpt fidelity', excerpt: 'Excerpt 10' })
    expect(event.excerpt).toBe('<p>Excerpt 10</p>')
    expect((await get(`/events/${event.id}`)).body.excerpt).toBe('<p>Excerpt 10</p>')
    const list = await get('/events?search=Excerpt%20fidelity')
    expect(list.body.events.map((e: { id: number; excerpt: string }) => [e.id, e.excerpt])).toEqual([[event.id, '<p>Excerpt 10</p>']])
  })
})

describe('titles (deliberate difference 19)', () => {
  it('are served as typed, without the typography the reference encodes', async () => {
    // The reference answers "Children&#8217;s Choir &#038; Friends".
    const typed = "Children's Choir & Friends"
    const event = await created({ title: typed })
    expect(event.title).toBe(typed)
    expect((await get(`/events/${event.id}`)).body.title).toBe(typed)
    const list = await get(`/events?search=${encodeURIComponent('Choir Friends')}`)
    expect(list.body.events.map((e: { title: string }) => e.title)).toEqual([typed])
  })
})

describe('website', () => {
  it('is the page URL until set, and an update that omits it keeps that (deliberate difference 1)', async () => {
    const event = await created({ title: 'Website rule' })
    expect(event.website).toBe(event.url)
    const put = (body: Record<string, unknown>) => call('PUT', `/events/${event.id}`, 'administrator', body)
    // The reference clears the website on such an update and answers "".
    const renamed = await put({ title: 'Website rule renamed' })
    expect(renamed.status).toBe(200)
    expect(renamed.body.website).toBe(renamed.body.url)
    expect((await get(`/events/${event.id}`)).body.website).toBe(renamed.body.url)
    // Set to empty it is "", as in the reference; a website sent is kept by later updates.
    expect((await put({ website: '' })).body.website).toBe('')
    expect((await put({ description: 'Still empty' })).body.website).toBe('')
    expect((await put({ website: 'https://example.org/recital' })).body.website).toBe('https://example.org/recital')
    expect((await put({ title: 'Website rule again' })).body.website).toBe('https://example.org/recital')
    expect((await get(`/events/${event.id}`)).body.website).toBe('https://example.org/recital')
    // Escaped as the reference escapes it (esc_html), once.
    const query = await put({ website: 'https://example.org/recital?seat=a&row=b' })
    expect(query.body.website).toBe('https://example.org/recital?seat=a&amp;row=b')
    expect((await get(`/events/${event.id}`)).body.website).toBe('https://example.org/recital?seat=a&amp;row=b')
  })
})

describe('term order', () => {
  it('lists an event’s terms by name, case-insensitively', async () => {
    const event = await created({ categories: [ids.C, ids.b, ids.A], tags: [ids.tagZ, ids.tagy] })
    expect(event.categories.map((t: { name: string }) => t.name)).toEqual(['Awire', 'bwire', 'Cwire'])
    expect(event.tags.map((t: { name: string }) => t.name)).toEqual(['ywire', 'Zwire'])
  })

  it('orders /categories and /tags by name as MySQL collates (A, b, C)', async () => {
    for (const [route, names] of [
      ['/categories?per_page=100', ['Awire', 'bwire', 'Cwire']],
      ['/categories?per_page=100&orderby=name&order=desc', ['Cwire', 'bwire', 'Awire']],
      ['/tags?per_page=100', ['ywire', 'Zwire']],
    ] as const) {
      const res = await get(route)
      expect(res.status).toBe(200)
      const list = (res.body.categories ?? res.body.tags) as Array<{ name: string }>
      expect(list.map((t) => t.name).filter((n) => n.endsWith('wire'))).toEqual(names)
    }
  })
})

describe('category filters include child categories', () => {
  it('matches events only in a child or grandchild of the category asked for', async () => {
    const inJazz = await created({ title: 'Only jazz', categories: [ids.jazz] })
    const inBebop = await created({ title: 'Only bebop', categories: [ids.bebop] })
    const elsewhere = await created({ title: 'Not music', categories: [ids.A] })
    for (const filter of ['music', String(ids.music)]) {
      const res = await get(`/events?categories=${filter}&per_page=50`)
      expect(res.status).toBe(200)
      const found = res.body.events.map((e: { id: number }) => e.id)
      expect(found).toEqual(expect.arrayContaining([inJazz.id, inBebop.id]))
      expect(found).not.toContain(elsewhere.id)
    }
    const jazz = (await get(`/events?categories=jazz&per_page=50`)).body.events.map((e: { id: number }) => e.id)
    expect(jazz).toEqual(expect.arrayContaining([inJazz.id, inBebop.id]))
    const bebop = (await get(`/events?categories=bebop&per_page=50`)).body.events.map((e: { id: number }) => e.id)
    expect(bebop).toContain(inBebop.id)
    expect(bebop).not.toContain(inJazz.id)
  })
})

describe('search matches every word anywhere', () => {
  it('venues: words spread over the name and the address', async () => {
    const res = await get('/venues?search=hall%20massachusetts')
    expect(res.status).toBe(200)
    expect(res.body.venues.map((v: { id: number }) => v.id)).toEqual([ids.hall])
    // Every word must match: one word found and one not is no match.
    expect((await get('/venues?search=hall%20cambridge')).body.total).toBe(0)
    expect((await get('/venues?search=Cambridge%20memorial')).body.venues.map((v: { id: number }) => v.id)).toEqual([ids.park])
  })

  it('organizers: words spread over the name and the phone', async () => {
    const res = await get('/organizers?search=owls%20555-0100')
    expect(res.status).toBe(200)
    expect(res.body.organizers.map((o: { id: number }) => o.id)).toEqual([ids.band])
    expect((await get('/organizers?search=owls%20choir')).body.total).toBe(0)
  })

  it('events: words spread over the title and the excerpt, stopwords ignored', async () => {
    const event = await created({ title: 'Harbour Lights', excerpt: 'A walk under lanterns' })
    const found = await get('/events?search=harbour%20the%20lanterns')
    expect(found.status).toBe(200)
    expect(found.body.events.map((e: { id: number }) => e.id)).toEqual([event.id])
    expect((await get('/events?search=harbour%20fireworks')).status).toBe(200)
    expect((await get('/events?search=harbour%20fireworks')).body.total).toBe(0)
  })
})

describe('strict_dates boundaries', () => {
  it('includes an event touching the boundary second, as the reference compares whole seconds', async () => {
    const event = await created({ title: 'Boundary', timezone: 'UTC', start_date: '2027-03-01 12:00:00', end_date: '2027-03-01 14:00:00' })
    const ids = async (query: string) => {
      const res = await get(`/events?strict_dates=true&${query}`)
      expect(res.status === 200 || res.status === 404).toBe(true)
      return res.status === 200 ? res.body.events.map((e: { id: number }) => e.id) : []
    }
    // Fractions of a second are dropped from the boundary (Y-m-d H:i:s), so these touch it.
    expect(await ids('start_date=2027-03-01T12:00:00.700Z&end_date=2027-03-01T14:00:00.300Z')).toContain(event.id)
    expect(await ids('start_date=2027-03-01T12:00:00Z&end_date=2027-03-01T14:00:00Z')).toContain(event.id)
    // One second inside the event on either side excludes it.
    expect(await ids('start_date=2027-03-01T12:00:01Z&end_date=2027-03-01T14:00:00Z')).not.toContain(event.id)
    expect(await ids('start_date=2027-03-01T12:00:00Z&end_date=2027-03-01T13:59:59Z')).not.toContain(event.id)
  })

  it('includes events touching either end of the window, on the list, its total and a filtered list alike', async () => {
    const window = 'strict_dates=true&start_date=2026-11-22 12:00:00&end_date=2026-12-06 12:00:00&per_page=50'
    const tag = (await app.payload.create({ collection: 'event-tags', data: { name: 'Boundary tag' }, overrideAccess: true } as never)).id as number
    // 12:00 UTC is 07:00 in New York in November, where the reference shows the window (rest_url).
    const at = (title: string, start: string, end: string, timezone = 'America/New_York') =>
      created({ title, timezone, start_date: start, end_date: end, tags: [tag] })
    const startsAtStart = await at('Starts at the start', '2026-11-22 07:00:00', '2026-11-22 09:00:00')
    const endsAtEnd = await at('Ends at the end', '2026-12-06 05:00:00', '2026-12-06 07:00:00')
    const startsEarly = await at('Starts a second early', '2026-11-22 06:59:59', '2026-11-22 09:00:00')
    const endsLate = await at('Ends a second late', '2026-12-06 05:00:00', '2026-12-06 07:00:01')
    // Its wall clock reads 07:00 like the window's, but it starts at 07:00 UTC, five hours before
    // the window: compared as instants, not wall clocks (docs/api.md, deliberate difference 11).
    const wallClockOnly = await at('Same wall clock, UTC', '2026-11-22 07:00:00', '2026-11-22 09:00:00', 'UTC')
    for (const query of [window, `${window}&tags=${tag}`]) {
      const res = await get(`/events?${query}`)
      expect(res.status).toBe(200)
      const found = res.body.events.map((e: { id: number }) => e.id)
      expect(found).toEqual(expect.arrayContaining([startsAtStart.id, endsAtEnd.id]))
      for (const outside of [startsEarly, endsLate, wallClockOnly]) expect(found).not.toContain(outside.id)
      if (query !== window) expect(res.body.total).toBe(2)
      const shown = new URL(res.body.rest_url).searchParams
      expect([shown.get('start_date'), shown.get('end_date')]).toEqual(['2026-11-22 07:00:00', '2026-12-06 07:00:00'])
    }
  })
})

describe('password-protected events in filtered lists (deliberate difference 10)', () => {
  it('are listed stripped, but left out of lists filtered by what the password hides, even with the password', async () => {
    const category = (await app.payload.create({ collection: 'event-categories', data: { name: 'Hushed' }, overrideAccess: true } as never)).id as number
    const tag = (await app.payload.create({ collection: 'event-tags', data: { name: 'Hushed tag' }, overrideAccess: true } as never)).id as number
    const event = await created({ title: 'Hushed recital', categories: [category], tags: [tag], venue: ids.hall, organizer: [ids.band], featured: true })
    await app.payload.update({ collection: 'events', id: event.id, data: { password: 'lantern-42' }, overrideAccess: true } as never)
    // The unfiltered list shows it, stripped as the reference strips it.
    const [listed] = (await get('/events?search=Hushed%20recital')).body.events
    expect(listed).toMatchObject({ id: event.id, title: 'Hushed recital', categories: [], tags: [], venue: [], organizer: [], featured: null })
    const filters = [`categories=${category}`, `tags=${tag}`, `venue=${ids.hall}`, `organizer=${ids.band}`, 'featured=1']
    let checked = 0
    for (const filter of filters) {
      const found = async (suffix = '', role: Role = 'anonymous') => {
        const res = await get(`/events?${filter}&per_page=50${suffix}`, role)
        expect(res.status).toBe(200)
        return res.body.events.map((e: { id: number }) => e.id)
      }
      // The reference lists it here too; a match would tell what its password hides.
      expect(await found()).not.toContain(event.id)
      expect(await found('&password=lantern-42')).not.toContain(event.id)
      // Those who may edit it find it.
      expect(await found('', 'editor')).toContain(event.id)
      checked++
    }
    expect(checked).toBe(filters.length)
  })
})
