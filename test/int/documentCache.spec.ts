import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { Payload } from 'payload'
import { createActors, type Actor } from '../helpers/actors.js'
import { apiClient } from '../helpers/http.js'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'
import { readsBelow, type StatementLog, watchStatements } from '../helpers/watchStatements.js'

// The response cache is off here: every answer is computed, and the linked documents it embeds come
// from the document cache (endpoints/cache/documentCache.ts) until a write empties it.

let app: TestApp
let api: ReturnType<typeof apiClient>
let editor: Actor
let eventId = 0
/** Local API finds per collection since the last reset. */
const finds = new Map<string, number>()

function countFinds(payload: Payload) {
  const find = payload.find.bind(payload)
  payload.find = ((args: Parameters<Payload['find']>[0]) => {
    finds.set(args.collection, (finds.get(args.collection) ?? 0) + 1)
    return find(args)
  }) as Payload['find']
}

/** Statements run (SQL databases): the public's reads below the Local API are counted from them. */
let log: StatementLog | null = null

/** An anonymous read of the namespace, with the reads it made per linked collection: Local API finds, and reads by ID below it. */
async function anonymous(path: string, headers: Record<string, string> = {}) {
  finds.clear()
  if (log) log.statements = []
  const res = await fetch(`${app.api}${path}`, { headers })
  expect(res.headers.get('x-cache')).toBeNull()
  const body = await res.json()
  const reads = (collection: string, table: string) => (finds.get(collection) ?? 0) + readsBelow(log?.statements ?? [], table, 'id').length
  return { body, venues: reads('venues', 'venues'), organizers: reads('organizers', 'organizers'), categories: reads('event-categories', 'event_categories'), events: reads('events', 'events') }
}

beforeAll(async () => {
  app = await initTestApp({ cacheTtlSeconds: 0 })
  api = apiClient(app.api)
  editor = (await createActors(app)).editor!
  countFinds(app.payload)
  log = watchStatements(app.payload)
  // On the SQL databases the driver is watched: a seam that moved would count nothing and pass.
  if (app.payload.db.name !== 'mongoose') expect(log).not.toBeNull()
  const venue = await api.post('/venues', { venue: 'Old Hall' }, editor.headers)
  const organizer = await api.post('/organizers', { organizer: 'Old Org' }, editor.headers)
  const category = await api.post('/categories', { name: 'Music' }, editor.headers)
  const created = await api.post(
    '/events',
    { title: 'Linked gig', start_date: '2027-09-01 20:00:00', end_date: '2027-09-01 22:00:00', venue: venue.body.id, organizer: [organizer.body.id], categories: [category.body.id] },
    editor.headers,
  )
  expect(created.status).toBe(201)
  eventId = created.body.id
})

afterAll(async () => {
  await app?.close()
})

describe('the document cache of linked venues, organizers and terms', () => {
  it('reads them once for the public', async () => {
    const first = await anonymous(`/events/${eventId}`)
    expect(first.body.venue.venue).toBe('Old Hall')
    expect([first.venues, first.organizers, first.categories]).toEqual([1, 1, 1])
    const again = await anonymous(`/events/${eventId}`)
    expect(again.body).toEqual(first.body)
    expect([again.venues, again.organizers, again.categories]).toEqual([0, 0, 0])
    const list = await anonymous('/events?start_date=2027-01-01')
    expect(list.body.events[0].organizer[0].organizer).toBe('Old Org')
    expect([list.venues, list.organizers, list.categories]).toEqual([0, 0, 0])
    // The page's events themselves, once read, come from the cache too (its IDs and total never do).
    const listAgain = await anonymous('/events?start_date=2027-01-01')
    expect(listAgain.body).toEqual(list.body)
    expect(listAgain.events).toBe(0)
  })

  it('keeps a password-protected event locked, and unlocks it only for its password', async () => {
    const locked = await api.post('/events', { title: 'Locked gig', description: 'Behind the door', start_date: '2027-09-03 20:00:00', end_date: '2027-09-03 22:00:00' }, editor.headers)
    expect(locked.status).toBe(201)
    await app.payload.update({ collection: 'events', id: locked.body.id, data: { password: 'open sesame' } })
    const content = async (query: string) => {
      const { body } = await anonymous(`/events?start_date=2027-09-03&end_date=2027-09-04${query}`)
      expect(body.events).toHaveLength(1)
      return body.events[0].description
    }
    expect(await content('')).toBe('')
    expect(await content('')).toBe('')
    expect(await content('&password=open%20sesame')).toContain('Behind the door')
    expect(await content('')).toBe('')
  })

  it('keeps the public’s event objects and lookups, per REST base, until a write', async () => {
    await anonymous(`/events/${eventId}`)
    const single = await anonymous(`/events/${eventId}`)
    // Its lookup, its document and its object: nothing is read again.
    expect(single.events).toBe(0)
    const alias = await (await fetch(`${app.origin}/wp-json/tribe/events/v1/events/${eventId}`)).json()
    expect(alias.rest_url).toMatch(/\/tribe\/events\/v1\/events\/\d+$/)
    expect(single.body.rest_url).toMatch(/\/calendar\/events\/v1\/events\/\d+$/)
    await anonymous('/events?start_date=2027-01-01')
    await app.payload.update({ collection: 'events', id: eventId, data: { title: 'Renamed gig' } })
    expect((await anonymous(`/events/${eventId}`)).body.title).toBe('Renamed gig')
    const list = await anonymous('/events?start_date=2027-01-01')
    expect(list.body.events.find((e: { id: number }) => e.id === eventId).title).toBe('Renamed gig')
    await app.payload.update({ collection: 'events', id: eventId, data: { title: 'Linked gig' } })
  })

  it('does not keep an object serialized across a write', async () => {
    const { documentCacheFor, keepDerived, keptDerived } = await import('../../endpoints/cache/documentCache.js')
    const cache = documentCacheFor(app.payload, { documentCacheMb: 16, cacheTtlSeconds: 0 })!
    const generation = cache.generation
    keepDerived(cache, 'spec:kept', { kept: true }, generation)
    expect(keptDerived(cache, 'spec:kept')).toEqual({ kept: true })
    await app.payload.update({ collection: 'events', id: eventId, data: { title: 'Linked gig' } })
    expect(keptDerived(cache, 'spec:kept')).toBeUndefined()
    keepDerived(cache, 'spec:late', { late: true }, generation)
    expect(keptDerived(cache, 'spec:late')).toBeUndefined()
  })

  it('keeps the public’s term lookups of a filtered list (names, descendants) until a term is written', async () => {
    const filtered = (path: string) => anonymous(path)
    const first = await filtered('/events?categories=music&start_date=2027-01-01')
    expect(first.body.events.map((e: { id: number }) => e.id)).toContain(eventId)
    const again = await filtered('/events?categories=music&start_date=2027-01-01&per_page=5')
    // The slug's term and its descendants: neither is looked up again.
    expect(again.categories).toBe(0)
    expect(again.body.total).toBe(first.body.total)
    // Unknown until it exists: a new category is found at once, and a new child's events count for its parent.
    expect((await fetch(`${app.api}/events?categories=music-live`)).status).toBe(400)
    const music = (await api.get('/categories?search=music')).body.categories.find((c: { slug: string }) => c.slug === 'music')
    const child = await api.post('/categories', { name: 'Music live', slug: 'music-live', parent: music.id }, editor.headers)
    expect(child.status).toBe(201)
    expect((await fetch(`${app.api}/events?categories=music-live`)).status).toBe(200)
    const childEvent = await api.post('/events', { title: 'Child gig', start_date: '2027-09-02 20:00:00', end_date: '2027-09-02 22:00:00', categories: [child.body.id] }, editor.headers)
    expect(childEvent.status).toBe(201)
    const withChild = await filtered('/events?categories=music&start_date=2027-01-01')
    expect(withChild.categories).toBeGreaterThan(0)
    expect(withChild.body.events.map((e: { id: number }) => e.id)).toEqual(expect.arrayContaining([eventId, childEvent.body.id]))
    await api.delete(`/events/${childEvent.body.id}?force=true`, editor.headers)
  })

  it('is not used for signed-in callers', async () => {
    const signedIn = await anonymous(`/events/${eventId}`, editor.headers)
    expect(signedIn.venues).toBe(1)
  })

  it('is emptied by writes through the namespace and through the Local API', async () => {
    await anonymous(`/events/${eventId}`)
    const event = await api.get(`/events/${eventId}`)
    const venueId = event.body.venue.id
    await api.patch(`/venues/${venueId}`, { venue: 'New Hall' }, editor.headers)
    const renamed = await anonymous(`/events/${eventId}`)
    expect(renamed.body.venue.venue).toBe('New Hall')
    expect(renamed.venues).toBe(1)

    // A list's total is kept too, and a new event counts at once.
    const before = (await anonymous('/events?start_date=2027-01-01&per_page=1')).body.total
    expect((await anonymous('/events?start_date=2027-01-01&per_page=1&page=2')).body.total).toBe(before)
    await api.post('/events', { title: 'Counted gig', start_date: '2027-09-05 20:00:00', end_date: '2027-09-05 22:00:00' }, editor.headers)
    expect((await anonymous('/events?start_date=2027-01-01&per_page=1')).body.total).toBe(before + 1)

    const organizerId = event.body.organizer[0].id
    await app.payload.update({ collection: 'organizers', id: organizerId, data: { title: 'Edited in the admin' } })
    expect((await anonymous(`/events/${eventId}`)).body.organizer[0].organizer).toBe('Edited in the admin')
  })

  it('keeps a hidden document hidden, and shows it once it is published', async () => {
    const draft = await app.payload.create({ collection: 'venues', data: { title: 'Secret Hall', status: 'draft' } })
    await api.patch(`/events/${eventId}`, { venue: draft.id }, editor.headers)
    expect((await anonymous(`/events/${eventId}`)).body.venue).toEqual([])
    const again = await anonymous(`/events/${eventId}`)
    expect(again.body.venue).toEqual([])
    expect(again.venues).toBe(0)
    await app.payload.update({ collection: 'venues', id: draft.id, data: { status: 'publish' } })
    expect((await anonymous(`/events/${eventId}`)).body.venue.venue).toBe('Secret Hall')
  })

  it('hands out documents nobody can change', async () => {
    const { readThrough, documentCacheFor } = await import('../../endpoints/cache/documentCache.js')
    const cache = documentCacheFor(app.payload, { documentCacheMb: 16, cacheTtlSeconds: 0 })!
    expect(cache).toBeDefined()
    const loaded = await readThrough<{ id: number; title: string }>(cache, 'spec', [1], async () => [{ id: 1, title: 'kept' }])
    expect(() => {
      ;(loaded.get(1) as { title: string }).title = 'changed'
    }).toThrow(TypeError)
    // A fresh Map each time: a caller may add to it without touching the cache.
    const again = await readThrough<{ id: number; title: string }>(cache, 'spec', [1, 2], async () => [])
    again.set(3, { id: 3, title: 'added' })
    expect([...(await readThrough<{ id: number; title: string }>(cache, 'spec', [1, 2, 3], async () => [])).keys()]).toEqual([1])
  })

  it('does not keep what was read while a write happened', async () => {
    const { readThrough, documentCacheFor } = await import('../../endpoints/cache/documentCache.js')
    const { storedDataChanged } = await import('../../endpoints/cache/storedDataCaches.js')
    const cache = documentCacheFor(app.payload, { documentCacheMb: 16, cacheTtlSeconds: 0 })!
    let loads = 0
    const load = async () => {
      loads++
      storedDataChanged(app.payload)
      return [{ id: 7, title: 'read across a write' }]
    }
    expect((await readThrough<{ id: number; title: string }>(cache, 'across', [7], load)).get(7)?.title).toBe('read across a write')
    await readThrough<{ id: number; title: string }>(cache, 'across', [7], load)
    expect(loads).toBe(2)
  })
})
