import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { Role } from '../../collections/roles.js'
import { createActors, type Actor } from '../helpers/actors.js'
import { apiClient } from '../helpers/http.js'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'
import { servePayloadApi, type PayloadApi } from '../helpers/payloadApi.js'

// A password hides a protected event's venue, organizer, categories, tags and flags (reference section
// 10). Lists blank them; the filters must not give them away either: /venues?event=, /organizers?event=,
// has_events, only_with_upcoming, and /events?venue= (organizer, categories, tags, featured, ticketed).

let app: TestApp
let api: ReturnType<typeof apiClient>
let payloadApi: PayloadApi
let actors: Record<Role | 'anonymous', Actor>
const id: Record<string, number> = {}
const when = { startDate: '2027-06-01T18:00:00Z', endDate: '2027-06-01T20:00:00Z' }

beforeAll(async () => {
  app = await initTestApp()
  api = apiClient(app.api)
  payloadApi = await servePayloadApi(app)
  actors = await createActors(app, 'leak')
  const make = async (collection: 'venues' | 'organizers' | 'event-categories' | 'event-tags', key: string, data: Record<string, unknown>) => {
    id[key] = (await app.payload.create({ collection, data: data as never })).id as number
  }
  await make('venues', 'secretVenue', { title: 'Secret Venue', status: 'publish', latitude: 48.85, longitude: 2.35 })
  await make('venues', 'openVenue', { title: 'Open Venue', status: 'publish' })
  await make('organizers', 'secretOrganizer', { title: 'Secret Organizer', status: 'publish' })
  await make('event-categories', 'secretCategory', { name: 'Secret Category' })
  await make('event-tags', 'secretTag', { name: 'Secret Tag' })
  const event = async (key: string, data: Record<string, unknown>) => {
    id[key] = (await app.payload.create({ collection: 'events', data: { title: key, status: 'publish', ...when, ...data } as never })).id as number
  }
  const links = {
    venues: [id.secretVenue],
    organizers: [id.secretOrganizer],
    categories: [id.secretCategory],
    tags: [id.secretTag],
    featured: true,
    ticketed: true,
  }
  await event('protected', { ...links, password: 'sesame', author: actors.author.id })
  await event('open', { venues: [id.openVenue] })
})
afterAll(async () => {
  await payloadApi?.close()
  await app?.close()
})

const eventIds = (body: { events: Array<{ id: number }> }) => body.events.map((e) => e.id)
const postIds = (body: Record<string, Array<{ id: number }>>, key: string) => body[key]!.map((p) => p.id)

describe.each(['anonymous', 'subscriber', 'contributor', 'editor', 'author'] as const)('for %s', (who) => {
  // Editors may edit every event; the author owns the protected one. Everyone else may not read it in full.
  const mayRead = who === 'editor' || who === 'author'
  const headers = () => actors[who].headers

  it('/venues?event= and /organizers?event= name the linked posts only to who may read them', async () => {
    const venues = await api.get(`/venues?event=${id.protected}`, headers())
    expect(venues.status).toBe(200)
    expect(postIds(venues.body, 'venues')).toEqual(mayRead ? [id.secretVenue] : [])
    expect(venues.body.total).toBe(mayRead ? 1 : 0)
    const organizers = await api.get(`/organizers?event=${id.protected}`, headers())
    expect(organizers.status).toBe(200)
    expect(postIds(organizers.body, 'organizers')).toEqual(mayRead ? [id.secretOrganizer] : [])
    // The unprotected event's venue is named to everyone.
    expect(postIds((await api.get(`/venues?event=${id.open}`, headers())).body, 'venues')).toEqual([id.openVenue])
  })

  it('/categories?post= and /tags?event= name its terms only to who may read them', async () => {
    const categories = await api.get(`/categories?post=${id.protected}`, headers())
    expect(categories.status).toBe(200)
    expect(postIds(categories.body, 'categories')).toEqual(mayRead ? [id.secretCategory] : [])
    const tags = await api.get(`/tags?event=${id.protected}`, headers())
    expect(tags.status).toBe(200)
    expect(postIds(tags.body, 'tags')).toEqual(mayRead ? [id.secretTag] : [])
  })

  it('has_events and only_with_upcoming do not count links the password hides', async () => {
    for (const filter of ['has_events=1', 'only_with_upcoming=1']) {
      const venues = await api.get(`/venues?${filter}`, headers())
      expect(venues.status).toBe(200)
      const found = postIds(venues.body, 'venues')
      expect(found).toContain(id.openVenue)
      expect(found.includes(id.secretVenue)).toBe(mayRead)
    }
    const organizers = await api.get('/organizers?has_events=1', headers())
    expect(postIds(organizers.body, 'organizers').includes(id.secretOrganizer)).toBe(mayRead)
  })

  it.each([
    ['venue', () => `venue=${id.secretVenue}`],
    ['organizer', () => `organizer=${id.secretOrganizer}`],
    ['categories', () => `categories=${id.secretCategory}`],
    ['tags', () => `tags=${id.secretTag}`],
    ['featured', () => 'featured=1'],
    ['ticketed', () => 'ticketed=1'],
    ['geoloc', () => 'geoloc=1&geoloc_lat=48.85&geoloc_lng=2.35'],
  ])('/events?%s matches the protected event only for who may read it', async (_name, query) => {
    const res = await api.get(`/events?${query()}`, headers())
    expect(res.status).toBe(200)
    expect(eventIds(res.body)).toEqual(mayRead ? [id.protected] : [])
    expect(res.body.total).toBe(mayRead ? 1 : 0)
  })

  it('still lists the protected event, its hidden fields blanked in lists', async () => {
    const res = await api.get('/events', headers())
    expect(eventIds(res.body).sort()).toEqual([id.protected, id.open].sort())
    const listed = res.body.events.find((e: { id: number }) => e.id === id.protected)
    expect(listed.venue).toEqual([])
    expect(listed.categories).toEqual([])
  })

  it('/api and GraphQL do not match it through its hidden venue either', async () => {
    const rest = await payloadApi.request('GET', `/api/events?where[venues][in]=${id.secretVenue}&depth=0`, { headers: headers() })
    expect(rest.status).toBe(200)
    expect(rest.body.docs.map((d: { id: number }) => d.id)).toEqual(mayRead ? [id.protected] : [])
    const graph = await payloadApi.graphql(`{ Events(where: { tags: { in: [${id.secretTag}] } }) { docs { id } } }`, headers())
    expect(graph.body.data.Events.docs.map((d: { id: number }) => d.id)).toEqual(mayRead ? [id.protected] : [])
  })
})

it('?password= still unlocks the event itself on a single read', async () => {
  const res = await api.get(`/events/${id.protected}?password=sesame`)
  expect(res.status).toBe(200)
  expect(res.body.venue.id).toBe(id.secretVenue)
})
