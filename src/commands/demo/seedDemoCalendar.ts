import { randomBytes } from 'node:crypto'
import { DateTime } from 'luxon'
import type { Payload, RequiredDataFromCollectionSlug, Where } from 'payload'
import sharp from 'sharp'
import { CATEGORIES, EVENTS, MEDIA, ORGANIZERS, TAGS, USERS, VENUES } from '../../../collections/slugs.js'
import { eventSchedule } from '../../../lib/dates/eventSchedule.js'
import { lexicalParagraph } from '../lexicalParagraph.js'
import { seededRandom } from '../seededRandom.js'
import { DEMO_CATEGORIES, DEMO_CURRENCIES, DEMO_FREE_COSTS, DEMO_KINDS, DEMO_ORGANIZERS, DEMO_TAGS, DEMO_VENUES, ONLINE_ZONE, PASSWORD_WORDS } from './demoCatalog.js'
import type { User } from '../../payload-types.js'

export const DEMO_USERS = [
  { username: 'demo-editor', email: 'editor@demo.example.org', role: 'editor' },
  { username: 'demo-author', email: 'author@demo.example.org', role: 'author' },
  { username: 'demo-contributor', email: 'contributor@demo.example.org', role: 'contributor' },
] as const

export interface DemoOptions {
  seed: number
  events: number
  onProgress?: (done: number, total: number) => void
}

export interface DemoSummary {
  /** Users made by this run with their passwords; existing demo users keep theirs and are listed without. */
  users: Array<{ username: string; email: string; role: string; password?: string }>
  events: number
  byStatus: Record<string, number>
  zones: string[]
  venues: number
  organizers: number
  categories: number
  tags: number
  images: number
  protectedEvent: { id: number; title: string; password: string }
  /** The first and last local start dates (yyyy-mm-dd, each in its event's zone) of the published events. */
  published: { first: string; last: string }
}

type Doc = { id: number }

/** The collections the demo fills from its catalogue, reusing what a previous run made. */
type Catalogued = typeof CATEGORIES | typeof TAGS | typeof VENUES | typeof ORGANIZERS
const DRAFTS = 5
/** The published events after the protected one that start tomorrow, so the calendar starts "from tomorrow". */
const TOMORROW = 3
/** Events written at once: the hooks' reads overlap another event's write. */
const WRITERS = 4

/** The demo users' IDs, those that exist. */
export async function findDemoUsers(payload: Payload): Promise<User[]> {
  const found = await payload.find({ collection: USERS, where: { username: { in: DEMO_USERS.map((u) => u.username) } }, overrideAccess: true, limit: 10, depth: 0 })
  return found.docs
}

/** Events the demo users wrote (trashed ones included): a demo calendar is already here when this is not 0. */
export async function countDemoEvents(payload: Payload): Promise<number> {
  const ids = (await findDemoUsers(payload)).map((u) => u.id)
  if (!ids.length) return 0
  return (await payload.count({ collection: EVENTS, where: { author: { in: ids } }, overrideAccess: true, trash: true })).totalDocs
}

/** A document found by its name (title), or made from `data` (so a second run reuses what the first made). */
async function findOrCreate<S extends Catalogued>(payload: Payload, collection: S, data: RequiredDataFromCollectionSlug<S>): Promise<Doc> {
  // Terms are found by name, venues and organizers by title.
  const byName: Where = 'name' in data ? { name: { equals: data.name } } : { title: { equals: data.title } }
  const where: Where = { ...byName, ...('parent' in data ? { parent: data.parent ? { equals: data.parent } : { exists: false } } : {}) }
  const found = await payload.find({ collection, where, overrideAccess: true, limit: 1, depth: 0 })
  if (found.docs[0]) return found.docs[0]
  return payload.create({ collection, data, overrideAccess: true, depth: 0 })
}

/** A poster drawn locally (no network): a two-colour gradient with the category's name. */
async function poster(label: string, from: string, to: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="675">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="1200" height="675" fill="url(#g)"/><circle cx="930" cy="200" r="150" fill="#ffffff" fill-opacity="0.18"/>
<text x="80" y="560" font-family="sans-serif" font-size="110" font-weight="700" fill="#ffffff">${label}</text></svg>`
  return sharp(Buffer.from(svg)).png().toBuffer()
}

/**
 * seed:demo's calendar, written through the Local API so every rule applies (IDs, slugs, sanitizing,
 * term counts, status scale-back): users, terms, venues and organizers are reused when present; the
 * events are new. Events start from tomorrow over the next five months in their venue's zone, priced
 * in its currency.
 */
export async function seedDemoCalendar(payload: Payload, options: DemoOptions): Promise<DemoSummary> {
  const random = seededRandom(options.seed)
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!

  const users: DemoSummary['users'] = []
  const userDocs: Record<string, User> = {}
  const existing = await findDemoUsers(payload)
  for (const spec of DEMO_USERS) {
    let doc = existing.find((u) => u.username === spec.username)
    if (doc) users.push({ ...spec })
    else {
      // Never derived from the seed: a published demo must not come with guessable sign-ins.
      const password = randomBytes(12).toString('base64url')
      doc = await payload.create({ collection: USERS, data: { ...spec, password }, overrideAccess: true, depth: 0 })
      users.push({ ...spec, password })
    }
    userDocs[spec.role] = doc
  }

  const categories: Record<string, Doc> = {}
  for (const c of DEMO_CATEGORIES) {
    categories[c.name] = await findOrCreate(payload, CATEGORIES, { name: c.name, parent: c.parent ? categories[c.parent]!.id : null })
  }
  const tags: Doc[] = []
  for (const name of DEMO_TAGS) tags.push(await findOrCreate(payload, TAGS, { name }))
  const venues: Doc[] = []
  for (const { zone: _zone, ...v } of DEMO_VENUES) venues.push(await findOrCreate(payload, VENUES, { ...v, status: 'publish' }))
  const organizers: Doc[] = []
  for (const o of DEMO_ORGANIZERS) organizers.push(await findOrCreate(payload, ORGANIZERS, { ...o, status: 'publish' }))

  const images: Doc[] = []
  for (const [label, from, to] of [['Jazz', '#1d3557', '#e63946'], ['Festival', '#2a9d8f', '#f4a261']] as const) {
    const data = await poster(label, from, to)
    images.push((await payload.create({
      collection: MEDIA,
      data: { alt: `${label} poster` },
      file: { data, mimetype: 'image/png', name: `demo-${label.toLowerCase()}.png`, size: data.length },
      overrideAccess: true,
      depth: 0,
    })))
  }

  const password = [pick(PASSWORD_WORDS), pick(PASSWORD_WORDS), String(100 + Math.floor(random() * 900))].join('-')
  let protectedEvent: DemoSummary['protectedEvent'] | undefined
  const byStatus: Record<string, number> = {}
  const zones = new Set<string>()
  const today = DateTime.utc()
  // Drawn in order first (so a seed gives the same calendar), written a few at a time after.
  const planned: Array<{ data: RequiredDataFromCollectionSlug<typeof EVENTS>; role: string; zone: string; isProtected: boolean; day: string }> = []
  for (let i = 0; i < options.events; i++) {
    const kind = pick(DEMO_KINDS)
    const venueIndex = kind.online && random() < 0.3 ? -1 : Math.floor(random() * DEMO_VENUES.length)
    const zone = venueIndex < 0 ? ONLINE_ZONE : DEMO_VENUES[venueIndex]!.zone
    const drawn = 1 + Math.floor(random() * 150)
    const day = today.setZone(zone).plus({ days: i > DRAFTS + 1 && i <= DRAFTS + 1 + TOMORROW ? 1 : drawn })
    const allDay = Boolean(kind.days)
    const start = allDay ? day.startOf('day') : day.set({ hour: kind.hour, minute: pick([0, 0, 30]), second: 0, millisecond: 0 })
    const end = allDay ? start.plus({ days: kind.days! - 1 }) : start.plus({ minutes: kind.hours * 60 })
    const title = kind.titles[Math.floor(random() * kind.titles.length)]!
    const place = venueIndex < 0 ? 'online' : `at ${DEMO_VENUES[venueIndex]!.title}, ${DEMO_VENUES[venueIndex]!.city}`
    const featured = random() < 0.08
    const eventTags = [...new Set(Array.from({ length: Math.floor(random() * 3) }, () => pick(tags).id))]
    // Priced in the venue's currency, the way a site there sets it (TEC's cost and currency fields).
    const currency = DEMO_CURRENCIES[zone]!
    const cost = random() < 0.25 ? pick(DEMO_FREE_COSTS) : pick(currency.prices)
    // The first few are the drafts, then one pending (a contributor asks to publish and is scaled back), then the protected one.
    const role = i < DRAFTS ? 'author' : i === DRAFTS ? 'contributor' : random() < 0.6 ? 'editor' : 'author'
    const isProtected = i === DRAFTS + 1
    const data: RequiredDataFromCollectionSlug<typeof EVENTS> = {
      title,
      ...eventSchedule(start, end, zone, allDay),
      timezone: zone,
      allDay,
      description: lexicalParagraph(`${title} ${place}. ${pick(['All welcome.', 'Doors open 30 minutes before.', 'Booking recommended.', 'Bring a friend.'])}`),
      cost,
      currencySymbol: currency.symbol,
      currencyCode: currency.code,
      currencyPosition: currency.position,
      venues: venueIndex < 0 ? [] : [venues[venueIndex]!.id],
      organizers: [organizers[kind.organizer]!.id],
      categories: [categories[kind.category]!.id],
      tags: eventTags,
      featured,
      image: featured ? pick(images).id : undefined,
      status: i < DRAFTS ? 'draft' : 'publish',
      ...(isProtected ? { password } : {}),
    }
    planned.push({ data, role, zone, isProtected, day: start.toISODate()! })
  }
  let done = 0
  let next = 0
  const publishedDays: string[] = []
  const writeNext = async (): Promise<void> => {
    while (next < planned.length) {
      const { data, role, zone, isProtected, day } = planned[next++]!
      const doc = await payload.create({ collection: EVENTS, data, user: userDocs[role], overrideAccess: true, depth: 0 })
      // The collection always stores a status (its default when none is sent).
      const status = String(doc.status)
      byStatus[status] = (byStatus[status] ?? 0) + 1
      zones.add(zone)
      if (doc.status === 'publish') publishedDays.push(day)
      if (isProtected) protectedEvent = { id: doc.id, title: String(data.title), password }
      options.onProgress?.(++done, options.events)
    }
  }
  await Promise.all(Array.from({ length: WRITERS }, writeNext))
  return {
    users,
    events: options.events,
    byStatus,
    zones: [...zones].sort(),
    venues: venues.length,
    organizers: organizers.length,
    categories: Object.keys(categories).length,
    tags: tags.length,
    images: images.length,
    protectedEvent: protectedEvent!,
    published: { first: publishedDays.reduce((a, b) => (a < b ? a : b)), last: publishedDays.reduce((a, b) => (a > b ? a : b)) },
  }
}
