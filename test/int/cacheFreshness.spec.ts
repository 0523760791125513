import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import sharp from 'sharp'
import { createActors, type Actor } from '../helpers/actors.js'
import { apiClient } from '../helpers/http.js'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'

let app: TestApp
let api: ReturnType<typeof apiClient>
let editor: Actor
let eventId = 0

/** An anonymous read through the response cache: the body and whether it was replayed. */
async function anonymous(path: string) {
  const res = await fetch(`${app.api}${path}`)
  return { cache: res.headers.get('x-cache'), body: await res.json() }
}

/** Reads twice so the second answer comes from the cache, then returns it. */
async function primed(path: string) {
  await anonymous(path)
  const again = await anonymous(path)
  expect(again.cache).toBe('HIT')
  return again.body
}

beforeAll(async () => {
  app = await initTestApp()
  api = apiClient(app.api)
  editor = (await createActors(app)).editor!
  const created = await api.post('/events', { title: 'Cached gig', start_date: '2027-09-01 20:00:00', end_date: '2027-09-01 22:00:00' }, editor.headers)
  expect(created.status).toBe(201)
  eventId = created.body.id
})

afterAll(async () => {
  await app?.close()
})

describe('the response cache never replays an answer a write has changed', () => {
  it('events: create, update and trash through the namespace', async () => {
    expect((await primed('/events?start_date=2027-01-01')).total).toBe(1)
    const second = await api.post('/events', { title: 'Second gig', start_date: '2027-09-02 20:00:00', end_date: '2027-09-02 22:00:00' }, editor.headers)
    expect((await anonymous('/events?start_date=2027-01-01')).body.total).toBe(2)

    expect((await primed(`/events/${eventId}`)).title).toBe('Cached gig')
    await api.patch(`/events/${eventId}`, { title: 'Renamed gig' }, editor.headers)
    expect((await anonymous(`/events/${eventId}`)).body.title).toBe('Renamed gig')

    await primed(`/events/${second.body.id}`)
    await api.delete(`/events/${second.body.id}`, editor.headers)
    expect((await anonymous(`/events/${second.body.id}`)).body.code).toBe('event-no-longer-available')
  })

  it('events: writes made outside the namespace (admin, /api, Local API) too', async () => {
    await primed(`/events/${eventId}`)
    await app.payload.update({ collection: 'events', id: eventId, data: { title: 'Edited in the admin' } })
    expect((await anonymous(`/events/${eventId}`)).body.title).toBe('Edited in the admin')
  })

  it('venues and organizers: the lists and the events that embed them', async () => {
    const venue = await api.post('/venues', { venue: 'Old Hall' }, editor.headers)
    const organizer = await api.post('/organizers', { organizer: 'Old Org' }, editor.headers)
    await api.patch(`/events/${eventId}`, { venue: venue.body.id, organizer: [organizer.body.id] }, editor.headers)
    expect((await primed(`/events/${eventId}`)).venue.venue).toBe('Old Hall')
    expect((await primed('/venues')).venues.map((v: { venue: string }) => v.venue)).toEqual(['Old Hall'])
    expect((await primed('/organizers')).total).toBe(1)

    await api.patch(`/venues/${venue.body.id}`, { venue: 'New Hall' }, editor.headers)
    await api.patch(`/organizers/${organizer.body.id}`, { organizer: 'New Org' }, editor.headers)
    const event = (await anonymous(`/events/${eventId}`)).body
    expect([event.venue.venue, event.organizer[0].organizer]).toEqual(['New Hall', 'New Org'])
    expect((await anonymous('/venues')).body.venues[0].venue).toBe('New Hall')

    await primed(`/events/${eventId}`)
    await api.delete(`/venues/${venue.body.id}`, editor.headers)
    await api.delete(`/organizers/${organizer.body.id}`, editor.headers)
    const after = (await anonymous(`/events/${eventId}`)).body
    expect([after.venue, after.organizer]).toEqual([[], []])
    expect((await anonymous('/venues')).body.total).toBe(0)
    expect((await anonymous('/organizers')).body.total).toBe(0)
  })

  it('categories and tags: lists, counts and the events that embed them, deletes included', async () => {
    const category = await api.post('/categories', { name: 'Music' }, editor.headers)
    const tag = await api.post('/tags', { name: 'Outdoor' }, editor.headers)
    expect((await primed('/categories?hide_empty=0')).categories.map((c: { name: string }) => c.name)).toEqual(['Music'])
    expect((await primed('/categories')).total).toBe(0)
    await api.patch(`/events/${eventId}`, { categories: [category.body.id], tags: [tag.body.id] }, editor.headers)
    expect((await anonymous('/categories')).body.categories[0].count).toBe(1)
    expect((await primed(`/events/${eventId}`)).tags[0].name).toBe('Outdoor')

    await api.patch(`/tags/${tag.body.id}`, { name: 'Open air' }, editor.headers)
    expect((await anonymous(`/events/${eventId}`)).body.tags[0].name).toBe('Open air')
    await primed('/tags?hide_empty=0')
    await api.delete(`/tags/${tag.body.id}`, editor.headers)
    expect((await anonymous('/tags?hide_empty=0')).body.total).toBe(0)
    expect((await anonymous(`/events/${eventId}`)).body.tags).toEqual([])
    await primed('/categories?hide_empty=0')
    await api.delete(`/categories/${category.body.id}`, editor.headers)
    expect((await anonymous('/categories?hide_empty=0')).body.total).toBe(0)
  })

  it('media: an event image changed or deleted', async () => {
    const png = await sharp({ create: { width: 3, height: 3, channels: 3, background: '#00f' } }).png().toBuffer()
    const image = await app.payload.create({ collection: 'media', data: { alt: 'poster' }, file: { data: png, mimetype: 'image/png', name: 'poster.png', size: png.length } })
    await api.patch(`/events/${eventId}`, { image: String(image.id) }, editor.headers)
    expect((await primed(`/events/${eventId}`)).image.id).toBe(image.id)
    await app.payload.delete({ collection: 'media', id: image.id })
    expect((await anonymous(`/events/${eventId}`)).body.image).toBe(false)
  })
})
