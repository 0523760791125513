import type { Payload } from 'payload'

export interface DatasetSize {
  events: number
  venues: number
  organizers: number
  categories: number
  tags: number
}

export interface Dataset {
  categorySlugs: string[]
  eventIds: number[]
  eventSlugs: string[]
}

const TIMEZONES = ['UTC', 'Europe/Paris', 'America/New_York', 'Asia/Tokyo', 'Australia/Sydney', 'America/Los_Angeles']
const CITIES = [
  ['Paris', 'France', 48.8566, 2.3522],
  ['Berlin', 'Germany', 52.52, 13.405],
  ['New York', 'United States', 40.7128, -74.006],
  ['Tokyo', 'Japan', 35.6762, 139.6503],
  ['Madrid', 'Spain', 40.4168, -3.7038],
] as const
const WORDS = ['Jazz', 'Night', 'Market', 'Workshop', 'Festival', 'Talk', 'Concert', 'Yoga', 'Film', 'Tour', 'Brunch', 'Lecture']

/** Deterministic pseudo-random numbers, so two runs seed the same calendar. */
function rng(seed: number): () => number {
  let s = seed
  return () => {
    s = (s * 1103515245 + 12345) & 0x7fffffff
    return s / 0x7fffffff
  }
}

/** Runs `task(i)` for i in [0, count) with at most `width` in flight. */
async function inParallel<T>(count: number, width: number, task: (i: number) => Promise<T>, onProgress?: (done: number) => void): Promise<T[]> {
  const results: T[] = new Array(count)
  let next = 0
  let done = 0
  await Promise.all(
    Array.from({ length: Math.min(width, count) }, async () => {
      while (next < count) {
        const i = next++
        results[i] = await task(i)
        done++
        if (onProgress && done % 1000 === 0) onProgress(done)
      }
    }),
  )
  return results
}

/**
 * A realistic calendar through the Local API (hooks run: IDs, slugs, hashed passwords): events spread
 * over two years around today in mixed time zones and statuses, some password-protected or featured.
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
      data: {
        title: `${city} Hall ${i + 1}`,
        city,
        country,
        address: `${i + 1} Main Street`,
        latitude: lat + (random() - 0.5) * 0.5,
        longitude: lng + (random() - 0.5) * 0.5,
      },
    })
  })
  const organizers = await inParallel(size.organizers, 4, (i) =>
    payload.create({ collection: 'organizers', data: { title: `Organizer ${i + 1}`, email: `org${i + 1}@example.org` } }),
  )
  log(`seeded ${categories.length} categories, ${tags.length} tags, ${venues.length} venues, ${organizers.length} organizers`)

  const now = Date.now()
  const DAY = 86_400_000
  const started = Date.now()
  const events = await inParallel(
    size.events,
    8,
    (i) => {
      const start = now + Math.floor((random() * 730 - 180) * DAY / 3_600_000) * 3_600_000
      const status = random() < 0.85 ? 'publish' : pick(['draft', 'pending', 'private', 'future'] as const)
      return payload.create({
        collection: 'events',
        data: {
          title: `${pick(WORDS)} ${pick(WORDS)} ${i + 1}`,
          startDate: new Date(start).toISOString(),
          endDate: new Date(start + (1 + Math.floor(random() * 4)) * 3_600_000).toISOString(),
          timezone: pick(TIMEZONES),
          status,
          featured: random() < 0.1,
          password: random() < 0.03 ? 'secret' : undefined,
          venues: [pick(venues).id],
          organizers: [pick(organizers).id],
          categories: [pick(categories).id],
          tags: [pick(tags).id, pick(tags).id].filter((v, k, a) => a.indexOf(v) === k),
          cost: random() < 0.5 ? String(Math.floor(random() * 50)) : undefined,
          currencySymbol: '$',
        },
        depth: 0,
      })
    },
    (done) => log(`  ${done}/${size.events} events (${Math.round(done / ((Date.now() - started) / 1000))}/s)`),
  )
  log(`seeded ${events.length} events in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  const published = events.filter((e) => e.status === 'publish' && !e.passwordHash)
  return {
    categorySlugs: categories.map((c) => c.slug as string),
    eventIds: published.map((e) => e.id as number),
    eventSlugs: published.map((e) => e.slug as string),
  }
}
