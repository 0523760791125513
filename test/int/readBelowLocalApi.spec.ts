import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals'
import type { CollectionSlug } from 'payload'
import sharp from 'sharp'
import { readBelowLocalApi, type BelowOptions } from '../../endpoints/data/readBelowLocalApi.js'
import { readVisible } from '../../endpoints/data/readVisible.js'
import { sqliteAdapterOf } from '../../lib/sql/sqlAdapter.js'
import { sqliteReadConnectionOf } from '../../lib/sql/sqliteReadConnection.js'
import type { RequestContext } from '../../endpoints/types.js'
import { resolveOptions } from '../../lib/options.js'
import { createActors, type Actor } from '../helpers/actors.js'
import { daysFromNow } from '../helpers/fixtures.js'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'

// Reads below the Local API (readBelowLocalApi) against Payload's find at depth 0, document by document:
// the public's by ID (no user, `overrideAccess: false`) for every collection the namespace reads that
// way, with every `select` and `trash` it uses, and locatePost's past access by ID and by slug; on
// drafts, pending, private, trashed and password-protected posts of several owners, links in order,
// empty links, an image, a virtual field.

const STATUSES = ['publish', 'draft', 'pending', 'private', 'future'] as const
const POSTS: CollectionSlug[] = ['events', 'venues', 'organizers']
const TERMS: CollectionSlug[] = ['event-categories', 'event-tags']

let app: TestApp
let actors: Record<string, Actor>
const ctx = () => ({ payload: app.payload, user: null, options: resolveOptions() }) as unknown as RequestContext
const publicRead = (collection: CollectionSlug, ids: readonly number[], options: Omit<BelowOptions, 'overrideAccess'> = {}) => readBelowLocalApi(ctx(), collection, { ids }, options)

beforeAll(async () => {
  app = await initTestApp()
  actors = await createActors(app)
  const p = app.payload
  const music = await p.create({ collection: 'event-categories', data: { name: 'Music', description: 'Loud' } })
  const jazz = await p.create({ collection: 'event-categories', data: { name: 'Jazz', parent: music.id } })
  const tags = [await p.create({ collection: 'event-tags', data: { name: 'Outdoor' } }), await p.create({ collection: 'event-tags', data: { name: 'Family' } })]
  const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#3366cc' } }).png().toBuffer()
  const image = await p.create({ collection: 'media', data: { alt: 'A poster' }, file: { data: png, mimetype: 'image/png', name: 'poster.png', size: png.length }, overrideAccess: true })
  const venues: number[] = []
  const organizers: number[] = []
  let n = 0
  for (const status of STATUSES) {
    for (const trashed of [false, true]) {
      n++
      const venue = await p.create({
        collection: 'venues',
        data: { title: `Hall ${n}`, status, address: `${n} Main St`, city: 'Springfield', latitude: 51.5 + n / 100, longitude: -0.12, showMap: n % 2 ? '1' : '', image: n === 1 ? image.id : undefined } as never,
        overrideAccess: true,
      })
      const organizer = await p.create({ collection: 'organizers', data: { title: `Acme ${n}`, status, email: `acme${n}@example.org`, phone: n % 2 ? '555' : undefined } as never, overrideAccess: true })
      venues.push(venue.id)
      organizers.push(organizer.id)
      if (trashed) {
        await p.update({ collection: 'venues', id: venue.id, data: { deletedAt: new Date().toISOString() } as never, trash: true, overrideAccess: true })
        await p.update({ collection: 'organizers', id: organizer.id, data: { deletedAt: new Date().toISOString() } as never, trash: true, overrideAccess: true })
      }
    }
  }
  for (const status of STATUSES) {
    for (const owner of ['author', 'editor'] as const) {
      for (const password of [false, true]) {
        for (const trashed of [false, true]) {
          n++
          const doc = await p.create({
            collection: 'events',
            data: {
              title: `Event ${n} ${status}`,
              status,
              author: actors[owner]!.id,
              startDate: daysFromNow(1 + (n % 7)),
              endDate: daysFromNow(1.1 + (n % 7)),
              timezone: n % 2 ? 'Europe/London' : 'America/New_York',
              allDay: n % 5 === 0,
              excerpt: n % 3 ? `About ${n}` : undefined,
              cost: n % 4 ? String(n) : undefined,
              currencySymbol: n % 4 ? '$' : undefined,
              currencyPosition: n % 2 ? 'prefix' : 'postfix',
              website: n % 2 ? `https://example.org/${n}` : undefined,
              image: n % 6 === 0 ? image.id : undefined,
              // Links in an order other than their IDs', and some events without any.
              categories: n % 3 ? [jazz.id, music.id] : [],
              tags: n % 2 ? [tags[1]!.id, tags[0]!.id] : [],
              venues: [venues[n % venues.length]!],
              organizers: n % 4 ? [organizers[(n + 3) % organizers.length]!, organizers[n % organizers.length]!] : [],
              featured: n % 3 === 0,
              sticky: n % 7 === 0,
              hideFromListings: n % 11 === 0,
              ...(n % 9 === 0 ? { recurrence: ['RRULE:FREQ=WEEKLY;COUNT=3'] } : {}),
              ...(password ? { password: 'sesame' } : {}),
            } as never,
            overrideAccess: true,
          })
          if (trashed) await p.update({ collection: 'events', id: doc.id, data: { deletedAt: new Date().toISOString() } as never, trash: true, overrideAccess: true })
        }
      }
    }
  }
})
afterAll(async () => {
  await app?.close()
})

/** Every stored document's ID of `collection`, trashed ones included. */
async function everyId(collection: CollectionSlug): Promise<number[]> {
  const all = await app.payload.find({ collection, pagination: false, depth: 0, select: {}, trash: true, overrideAccess: true })
  return all.docs.map((doc) => doc.id as number)
}

const byId = (docs: Array<{ id: unknown }>) => [...docs].sort((a, b) => Number(a.id) - Number(b.id))

describe('readBelowLocalApi answers as the Local API does', () => {
  type Select = Record<string, boolean> | undefined
  const cases: Array<[CollectionSlug, Select]> = [
    ...POSTS.flatMap((c): Array<[CollectionSlug, Select]> => [[c, { description: false }], [c, {}]]),
    ...TERMS.flatMap((c): Array<[CollectionSlug, Select]> => [[c, undefined], [c, {}]]),
    // Chosen fields, as eventTermIds and occurrenceView read them; a guarded field alone and with what its rule reads.
    ['events', { categories: true, hasPassword: true, author: true, status: true }],
    ['events', { tags: true }],
    ['events', { recurrence: true }],
  ]
  for (const [collection, select] of cases) {
    for (const trash of [false, true]) {
      it(`${collection}, select ${JSON.stringify(select ?? null)}, trash ${trash}`, async () => {
        const ids = await everyId(collection)
        expect(ids.length).toBeGreaterThan(1)
        const local = await app.payload.find({ collection, where: { id: { in: ids } }, sort: 'id', pagination: false, depth: 0, trash, ...(select ? { select } : {}), overrideAccess: false, user: null })
        const direct = await publicRead(collection, ids, { select, trash })
        expect(direct).not.toBeNull()
        expect(local.docs.length).toBeGreaterThan(0)
        expect(byId(direct!)).toEqual(byId(local.docs))
        // Posts hide drafts, private and trashed ones from the public: the comparison covered hidden documents.
        if (POSTS.includes(collection)) expect(local.docs.length).toBeLessThan(ids.length)
      })
    }
  }

  it('answers the same when its reads run together (on PostgreSQL one statement for a turn’s reads), the same read twice for different keys', async () => {
    const reads = cases.flatMap(([collection, select]) => [false, true].map((trash) => ({ collection, select, trash })))
    const ids = await Promise.all(reads.map(({ collection }) => everyId(collection)))
    // Each read twice in the same turn: for its first half of the IDs and for all of them.
    const together = await Promise.all(
      reads.flatMap(({ collection, select, trash }, i) => [publicRead(collection, ids[i]!.slice(0, Math.ceil(ids[i]!.length / 2)), { select, trash }), publicRead(collection, ids[i]!, { select, trash })]),
    )
    let compared = 0
    for (const [i, { collection, select, trash }] of reads.entries()) {
      const local = await app.payload.find({ collection, where: { id: { in: ids[i] } }, sort: 'id', pagination: false, depth: 0, trash, ...(select ? { select } : {}), overrideAccess: false, user: null })
      const half = new Set(ids[i]!.slice(0, Math.ceil(ids[i]!.length / 2)))
      expect(byId(together[2 * i]!)).toEqual(byId(local.docs.filter((doc) => half.has(doc.id as number))))
      expect(byId(together[2 * i + 1]!)).toEqual(byId(local.docs))
      compared += local.docs.length
    }
    expect(compared).toBeGreaterThan(reads.length)
  })

  it('a read that fails (a slug PostgreSQL cannot hold) fails alone: the reads of the same turn still answer', async () => {
    const ids = await everyId('events')
    const local = await app.payload.find({ collection: 'events', where: { id: { in: ids } }, pagination: false, depth: 0, select: { description: false }, overrideAccess: false, user: null })
    expect(local.docs.length).toBeGreaterThan(0)
    const [bad, good, alsoGood] = await Promise.allSettled([
      readBelowLocalApi(ctx(), 'events', { slugs: ['nul\u0000slug'] }, { overrideAccess: true, trash: true, select: { status: true } }),
      publicRead('events', ids, { select: { description: false } }),
      publicRead('events', ids.slice(0, 1), { select: { description: false } }),
    ])
    // SQLite stores the text and finds nothing; PostgreSQL refuses it.
    if (bad.status === 'fulfilled') expect(bad.value).toEqual([])
    expect(good.status).toBe('fulfilled')
    expect(byId((good as PromiseFulfilledResult<Array<{ id: unknown }>>).value)).toEqual(byId(local.docs))
    expect(alsoGood.status).toBe('fulfilled')
  })

  // locatePost's lookups: past access control, trashed posts included, owner and status only.
  for (const [collection, select] of [
    ['events', { author: true, status: true, deletedAt: true, slugGiven: true, hasPassword: true, startDate: true, endDate: true, timezone: true, allDay: true }],
    ['venues', { author: true, status: true, deletedAt: true, slugGiven: true }],
    ['organizers', { author: true, status: true, deletedAt: true, slugGiven: true }],
  ] as Array<[CollectionSlug, Record<string, true>]>) {
    it(`${collection} past access, by ID and by slug, as locatePost reads them`, async () => {
      const all = (await app.payload.find({ collection, pagination: false, depth: 0, trash: true, select: { slug: true }, overrideAccess: true })).docs as Array<{ id: number; slug: string }>
      expect(all.length).toBeGreaterThan(1)
      for (const { id, slug } of all) {
        const local = await app.payload.find({ collection, where: { id: { equals: id } }, limit: 1, pagination: false, depth: 0, trash: true, overrideAccess: true, select })
        expect(local.docs).toHaveLength(1)
        expect(await readBelowLocalApi(ctx(), collection, { ids: [id] }, { overrideAccess: true, trash: true, select })).toEqual(local.docs)
        expect(await readBelowLocalApi(ctx(), collection, { slugs: [slug] }, { overrideAccess: true, trash: true, select })).toEqual(local.docs)
      }
      expect(await readBelowLocalApi(ctx(), collection, { slugs: ['no-such-slug'] }, { overrideAccess: true, trash: true, select })).toEqual([])
    })
  }

  it('left out: a password-protected event’s guarded fields, and the password hash everywhere', async () => {
    const ids = await everyId('events')
    const docs = (await publicRead('events', ids, { select: { description: false } }))!
    const locked = docs.filter((doc) => doc.hasPassword)
    const open = docs.filter((doc) => !doc.hasPassword)
    expect(locked.length).toBeGreaterThan(0)
    expect(open.length).toBeGreaterThan(0)
    for (const doc of locked) expect(doc).not.toHaveProperty('venues')
    for (const doc of open) expect(doc).toHaveProperty('venues')
    for (const doc of docs) expect(doc).not.toHaveProperty('passwordHash')
  })

  it('leaves to the Local API what it does not serve: signed-in callers’ reads, media, a nested select, MongoDB, a write’s reads', async () => {
    const ids = await everyId('events')
    expect(await readBelowLocalApi({ ...ctx(), user: actors.editor!.user } as unknown as RequestContext, 'events', { ids }, {})).toBeNull()
    expect(await publicRead('media', await everyId('media'))).toBeNull()
    expect(await publicRead('events', ids, { select: { venues: { title: true } } })).toBeNull()
    const mongo = { ...ctx(), payload: { ...app.payload, db: { name: 'mongoose' } } } as unknown as RequestContext
    expect(await readBelowLocalApi(mongo, 'events', { ids }, {})).toBeNull()
    const inWrite = { ...ctx(), req: {} } as unknown as RequestContext
    expect(await readBelowLocalApi(inWrite, 'events', { ids }, { overrideAccess: true })).toBeNull()
  })

  it('sees every write committed before it: a changed title, a new link, a trashed event', async () => {
    const [first] = (await app.payload.find({ collection: 'events', where: { status: { equals: 'publish' }, hasPassword: { equals: false } }, limit: 1, depth: 0, overrideAccess: true })).docs
    const read = async () => (await publicRead('events', [first!.id], { select: { description: false } }))![0]
    expect((await read())?.title).toBe(first!.title)
    const tag = await app.payload.create({ collection: 'event-tags', data: { name: 'Late' } })
    await app.payload.update({ collection: 'events', id: first!.id, data: { title: 'Renamed', tags: [tag.id] } as never, overrideAccess: true })
    expect(await read()).toMatchObject({ title: 'Renamed', tags: [tag.id] })
    await app.payload.update({ collection: 'events', id: first!.id, data: { deletedAt: new Date().toISOString() } as never, trash: true, overrideAccess: true })
    expect(await read()).toBeUndefined()
  })

  it('readVisible reads the public’s events without the Local API (on SQLite, on a connection of its own)', async () => {
    const ids = await everyId('events')
    const find = jest.spyOn(app.payload, 'find')
    const sqlite = sqliteAdapterOf(app.payload.db)
    const reads = sqlite ? jest.spyOn(sqliteReadConnectionOf(sqlite)!, 'all') : undefined
    try {
      const found = await readVisible({ ...ctx(), options: { ...resolveOptions(), documentCacheMb: 0 } } as unknown as RequestContext, 'events', ids, { select: { description: false } })
      expect(found.size).toBeGreaterThan(0)
      expect(find).not.toHaveBeenCalled()
      if (reads) expect(reads).toHaveBeenCalled()
    } finally {
      find.mockRestore()
      reads?.mockRestore()
    }
  })
})
