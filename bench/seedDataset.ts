import type { Payload } from 'payload'
import { hashSecret } from '../collections/secrets.js'
import { COUNTERS, EVENTS } from '../collections/slugs.js'
import { toSlug } from '../collections/hooks/toSlug.js'
import { lexicalParagraph as paragraph } from '../src/commands/lexicalParagraph.js'
import { seededRandom as rng } from '../src/commands/seededRandom.js'

export interface DatasetSize {
  events: number
  venues: number
  organizers: number
  categories: number
  tags: number
}

export interface Dataset {
  categoryIds: number[]
  categorySlugs: string[]
  tagIds: number[]
  tagSlugs: string[]
  venueIds: number[]
  organizerIds: number[]
  eventIds: number[]
  eventSlugs: string[]
  /** A listed event still to come, whose category, venue, first title word and start a combined filter can match. */
  sample: { categorySlug: string; venueId: number; word: string; startDate: string }
}

export const TIMEZONES = ['UTC', 'Europe/Paris', 'America/New_York', 'Asia/Tokyo', 'Australia/Sydney', 'America/Los_Angeles']
const CITIES = [
  ['Paris', 'France', 48.8566, 2.3522],
  ['Berlin', 'Germany', 52.52, 13.405],
  ['New York', 'United States', 40.7128, -74.006],
  ['Tokyo', 'Japan', 35.6762, 139.6503],
  ['Madrid', 'Spain', 40.4168, -3.7038],
] as const
export const WORDS = ['Jazz', 'Night', 'Market', 'Workshop', 'Festival', 'Talk', 'Concert', 'Yoga', 'Film', 'Tour', 'Brunch', 'Lecture']

// On SQLite every database call answers synchronously, so a loop of awaits never returns to the event loop,
// and the native statements libsql frees only from there (N-API finalizers run as immediates) pile up:
// about 115 KB resident per seeded event, 10 GB at 100,000. Letting the loop turn now and then frees them:
// the worker completing every YIELD_EVERY-th task waits for the next turn, the others carry on until they
// wait too, so the loop turns at least every width × YIELD_EVERY tasks (1,600 events when seeding).
const YIELD_EVERY = 200

/** Runs `task(i)` for i in [0, count) with at most `width` in flight. */
export async function inParallel<T>(count: number, width: number, task: (i: number) => Promise<T>, onProgress?: (done: number) => void): Promise<T[]> {
  const results: T[] = new Array(count)
  let next = 0
  let done = 0
  await Promise.all(
    Array.from({ length: Math.min(width, count) }, async () => {
      while (next < count) {
        const i = next++
        results[i] = await task(i)
        done++
        if (onProgress && done % 5000 === 0) onProgress(done)
        if (done % YIELD_EVERY === 0) await new Promise((resolve) => setImmediate(resolve))
      }
    }),
  )
  return results
}

/**
 * A realistic calendar: terms, venues and organizers through the Local API (hooks run: IDs, slugs),
 * then events in bulk through the database adapter with everything the hooks would have derived set
 * explicitly (IDs from the post sequence, unique slugs, description HTML, password hashes), and the
 * term counts and the sequence brought up to date at the end. Events spread over two years around
 * today in mixed time zones and statuses; some are featured, password-protected or hidden.
 */
export async function seedDataset(payload: Payload, size: DatasetSize, log: (line: string) => void): Promise<Dataset> {
  const random = rng(42)
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!
  const categories = await inParallel(size.categories, 4, (i) =>
    payload.create({ collection: 'event-categories', data: { name: `Category ${i + 1}` } }),
  )
  const tags = await inParallel(size.tags, 4, (i) => payload.create({ collection: 'event-tags', data: { name: `Tag ${i + 1}` } }))
  const venues = await inParallel(size.venues, 4, (i) => {
    const [city, country, lat, lng] = pick(CITIES)
    return payload.create({
      collection: 'venues',
      data: { title: `${city} Hall ${i + 1}`, city, country, address: `${i + 1} Main Street`, latitude: lat + (random() - 0.5) * 0.5, longitude: lng + (random() - 0.5) * 0.5 },
    })
  })
  const organizers = await inParallel(size.organizers, 4, (i) =>
    payload.create({ collection: 'organizers', data: { title: `Organizer ${i + 1}`, email: `org${i + 1}@example.org` } }),
  )
  log(`seeded ${categories.length} categories, ${tags.length} tags, ${venues.length} venues, ${organizers.length} organizers`)

  const counter = (await payload.db.findOne({ collection: COUNTERS, where: { sequence: { equals: 'post' } } })) as { id: number; value: number }
  const firstId = counter.value + 1
  const passwordHash = await hashSecret('secret')
  const now = Date.now()
  const HOUR = 3_600_000
  const started = Date.now()
  const events = await inParallel(
    size.events,
    8,
    async (i) => {
      const start = now + Math.floor(random() * 730 - 180) * 24 * HOUR + Math.floor(random() * 24) * HOUR
      const status = random() < 0.85 ? 'publish' : pick(['draft', 'pending', 'private', 'future'] as const)
      const title = `${pick(WORDS)} ${pick(WORDS)} ${i + 1}`
      const text = `${title}: a ${pick(WORDS).toLowerCase()} for everyone.`
      const stamp = new Date(now - Math.floor(random() * 400) * 24 * HOUR).toISOString()
      const secret = random() < 0.03
      const doc = {
        id: firstId + i,
        title,
        slug: toSlug(title),
        status,
        startDate: new Date(start).toISOString(),
        endDate: new Date(start + (1 + Math.floor(random() * 4)) * HOUR).toISOString(),
        timezone: pick(TIMEZONES),
        description: paragraph(text),
        descriptionHtml: `<p>${text}</p>`,
        featured: random() < 0.1,
        hideFromListings: random() < 0.01,
        passwordHash: secret ? passwordHash : null,
        hasPassword: secret,
        venues: [pick(venues).id],
        organizers: [pick(organizers).id],
        categories: [pick(categories).id],
        tags: [...new Set([pick(tags).id, pick(tags).id])],
        cost: random() < 0.5 ? String(Math.floor(random() * 50)) : null,
        currencySymbol: '$',
        createdAt: stamp,
        updatedAt: stamp,
      }
      await payload.db.create({ collection: EVENTS, data: doc })
      // Only what the Dataset needs of a listed event: a full document each is 100,000 kept at scale.
      const listed = doc.status === 'publish' && !doc.hasPassword && !doc.hideFromListings
      return listed ? { id: doc.id, slug: doc.slug, title: doc.title, startDate: doc.startDate, category: doc.categories[0]!, venue: doc.venues[0]! } : null
    },
    (done) => log(`  ${done}/${size.events} events (${Math.round(done / ((Date.now() - started) / 1000))}/s)`),
  )
  await payload.db.updateOne({ collection: COUNTERS, id: counter.id, data: { value: firstId + size.events - 1 } })
  for (const [field, terms, collection] of [['categories', categories, 'event-categories'], ['tags', tags, 'event-tags']] as const) {
    for (const term of terms) {
      const { totalDocs } = await payload.count({ collection: EVENTS, where: { [field]: { in: [term.id] }, status: { equals: 'publish' } } })
      await payload.db.updateOne({ collection, id: term.id, data: { count: totalDocs } })
    }
  }
  log(`seeded ${events.length} events in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  const visible = events.filter((e) => e !== null)
  const coming = visible.find((e) => Date.parse(e.startDate) > now + 24 * HOUR) ?? visible[0]!
  return {
    categoryIds: categories.map((c) => c.id as number),
    categorySlugs: categories.map((c) => c.slug as string),
    tagIds: tags.map((t) => t.id as number),
    tagSlugs: tags.map((t) => t.slug as string),
    venueIds: venues.map((v) => v.id as number),
    organizerIds: organizers.map((o) => o.id as number),
    eventIds: visible.map((e) => e.id),
    eventSlugs: visible.map((e) => e.slug),
    sample: {
      categorySlug: categories.find((c) => c.id === coming.category)!.slug as string,
      venueId: coming.venue,
      word: coming.title.split(' ')[0]!,
      startDate: coming.startDate,
    },
  }
}
