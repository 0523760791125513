import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'

let app: TestApp
beforeAll(async () => {
  app = await initTestApp()
})
afterAll(async () => {
  await app?.close()
})

const when = { startDate: '2027-03-01T18:00:00.000Z', endDate: '2027-03-01T20:00:00.000Z' }

describe('shared integer ID sequences', () => {
  it('gives 60 parallel creates across events, venues and organizers 60 distinct IDs', async () => {
    const { payload } = app
    const creates = Array.from({ length: 60 }, (_, i) => {
      switch (i % 3) {
        case 0:
          return payload.create({ collection: 'events', data: { title: `Parallel event ${i}`, ...when } })
        case 1:
          return payload.create({ collection: 'venues', data: { title: `Parallel venue ${i}` } })
        default:
          return payload.create({ collection: 'organizers', data: { title: `Parallel organizer ${i}` } })
      }
    })
    const docs = await Promise.all(creates)
    const ids = docs.map((d) => d.id)
    expect(ids.every((id) => Number.isInteger(id) && (id as number) > 0)).toBe(true)
    expect(new Set(ids).size).toBe(60)
    // Each ID belongs to exactly one post, whichever collection holds it.
    const [events, venues, organizers] = await Promise.all(
      (['events', 'venues', 'organizers'] as const).map((collection) =>
        payload.find({ collection, pagination: false, depth: 0 }),
      ),
    )
    const stored = [...events.docs, ...venues.docs, ...organizers.docs].map((d) => d.id)
    expect(stored).toHaveLength(60)
    expect(new Set(stored)).toEqual(new Set(ids))
  })

  it('numbers categories and tags from their own term sequence', async () => {
    const { payload } = app
    const category = await payload.create({ collection: 'event-categories', data: { name: 'Music' } })
    const tag = await payload.create({ collection: 'event-tags', data: { name: 'Outdoor' } })
    const child = await payload.create({ collection: 'event-categories', data: { name: 'Jazz', parent: category.id } })
    expect([category.id, tag.id, child.id]).toEqual([
      category.id,
      (category.id as number) + 1,
      (category.id as number) + 2,
    ])
  })
})

describe('slugs', () => {
  it('are generated WordPress-style and made unique with -2, -3', async () => {
    const { payload } = app
    const make = () => payload.create({ collection: 'venues', data: { title: 'Café Müller & Söhne' } })
    const first = await make()
    const second = await make()
    const third = await make()
    expect([first.slug, second.slug, third.slug]).toEqual([
      'cafe-muller-sohne',
      'cafe-muller-sohne-2',
      'cafe-muller-sohne-3',
    ])
  })

  it('keep an explicit slug, normalised, and keep it on update', async () => {
    const { payload } = app
    const event = await payload.create({
      collection: 'events',
      data: { title: 'Opening night', slug: 'My Opening', ...when },
    })
    expect(event.slug).toBe('my-opening')
    const updated = await payload.update({ collection: 'events', id: event.id, data: { title: 'Renamed' } })
    expect(updated.slug).toBe('my-opening')
  })
})
