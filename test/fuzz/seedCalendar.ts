import type { CollectionSlug, Payload } from 'payload'
import { CATEGORIES, EVENTS, ORGANIZERS, TAGS, VENUES } from '../../collections/slugs.js'
import { createAppPassword } from '../../src/commands/createAppPassword.js'

export type SeededKind = typeof EVENTS | typeof VENUES | typeof ORGANIZERS | typeof CATEGORIES | typeof TAGS
export const SEEDED_KINDS: SeededKind[] = [EVENTS, VENUES, ORGANIZERS, CATEGORIES, TAGS]

/** IDs and slugs of real documents; grows with what the fuzz creates, so later requests hit those too. */
export type Pools = Record<SeededKind, { ids: number[]; slugs: string[] }>

export interface Seeded {
  pools: Pools
  /** Authorization headers: an editor with an application password (HTTP Basic), a contributor with a JWT. */
  auth: { editor: Record<string, string>; contributor: Record<string, string> }
  /** The protected event's password. */
  eventPassword: string
}

const day = 24 * 3600 * 1000

/**
 * A small, realistic calendar: venues and organizers (one a draft), categories with a child, tags, and
 * events over the coming months with links, a password-protected one, a draft, a pending one, a trashed
 * one and an all-day one. Users: an editor and a contributor.
 */
export async function seedCalendar(payload: Payload): Promise<Seeded> {
  const pools = Object.fromEntries(SEEDED_KINDS.map((k) => [k, { ids: [], slugs: [] }])) as unknown as Pools
  const create = async (collection: SeededKind, data: Record<string, unknown>) => {
    const doc = (await payload.create({ collection: collection as CollectionSlug, data: data as never, overrideAccess: true })) as unknown as {
      id: number
      slug: string
    }
    pools[collection].ids.push(doc.id)
    pools[collection].slugs.push(doc.slug)
    return doc.id
  }

  const editor = await payload.create({
    collection: 'users',
    data: { email: 'fuzz-editor@example.org', username: 'fuzz-editor', password: 'editor password 123', role: 'editor' } as never,
    overrideAccess: true,
  })
  await payload.create({
    collection: 'users',
    data: { email: 'fuzz-contributor@example.org', username: 'fuzz-contributor', password: 'contributor password 123', role: 'contributor' } as never,
    overrideAccess: true,
  })
  const { plain } = await createAppPassword(payload, { user: 'fuzz-editor', name: 'fuzz' })
  const { token } = await payload.login({ collection: 'users', data: { email: 'fuzz-contributor@example.org', password: 'contributor password 123' } })

  const venues = [
    await create(VENUES, { title: 'Le Duc des Lombards', address: '42 rue des Lombards', city: 'Paris', country: 'France', zip: '75001', status: 'publish', latitude: 48.8594, longitude: 2.3478 }),
    await create(VENUES, { title: 'Café Müller', city: 'Wuppertal', country: 'Germany', status: 'publish' }),
    await create(VENUES, { title: "O'Reilly's 100% Bar_", city: 'Dublin', status: 'publish' }),
    await create(VENUES, { title: 'Unpublished hall', status: 'draft' }),
  ]
  const organizers = [
    await create(ORGANIZERS, { title: 'Jazz Society', email: 'jazz@example.org', website: 'https://jazz.example.org', status: 'publish' }),
    await create(ORGANIZERS, { title: 'Théâtre du Nord', status: 'publish' }),
    await create(ORGANIZERS, { title: 'Draft organizer', status: 'draft' }),
  ]
  const music = await create(CATEGORIES, { name: 'Music' })
  const categories = [music, await create(CATEGORIES, { name: 'Jazz', parent: music }), await create(CATEGORIES, { name: 'Théâtre' })]
  const tags = [await create(TAGS, { name: 'free' }), await create(TAGS, { name: 'family' }), await create(TAGS, { name: '100%_off' })]

  const base = Date.UTC(2027, 2, 1, 19)
  for (let i = 0; i < 14; i += 1) {
    const start = new Date(Date.now() + (i - 2) * 9 * day)
    await create(EVENTS, {
      title: `${['Concert', 'Jazz night', 'Théâtre', 'Workshop', 'Festival'][i % 5]} ${i + 1}`,
      startDate: start.toISOString(),
      endDate: new Date(start.getTime() + 3 * 3600 * 1000).toISOString(),
      timezone: ['Europe/Paris', 'UTC', 'America/New_York'][i % 3],
      status: 'publish',
      author: editor.id,
      venues: [venues[i % 3]],
      organizers: i % 2 ? [organizers[i % 2]] : [],
      categories: [categories[i % 3]],
      tags: i % 3 ? [tags[i % 3]] : [],
      featured: i % 4 === 0,
      cost: i % 2 ? '€15' : '',
    })
  }
  const eventPassword = 'sesame'
  await create(EVENTS, { title: 'Protected gala', startDate: new Date(base).toISOString(), endDate: new Date(base + 3 * 3600 * 1000).toISOString(), status: 'publish', author: editor.id, password: eventPassword, venues: [venues[0]], cost: '50' })
  await create(EVENTS, { title: 'Draft rehearsal', startDate: new Date(base + day).toISOString(), endDate: new Date(base + day + 3600 * 1000).toISOString(), status: 'draft', author: editor.id })
  await create(EVENTS, { title: 'Pending review', startDate: new Date(base + 2 * day).toISOString(), endDate: new Date(base + 2 * day + 3600 * 1000).toISOString(), status: 'pending', author: editor.id })
  await create(EVENTS, { title: 'All-day fair', startDate: new Date(base + 3 * day).toISOString(), endDate: new Date(base + 4 * day).toISOString(), allDay: true, status: 'publish', author: editor.id, venues: [venues[1]] })
  const trashed = await create(EVENTS, { title: 'Cancelled show', startDate: new Date(base + 5 * day).toISOString(), endDate: new Date(base + 5 * day + 3600 * 1000).toISOString(), status: 'publish', author: editor.id })
  await payload.update({ collection: EVENTS, id: trashed, data: { deletedAt: new Date().toISOString() } as never, trash: true, overrideAccess: true })

  return {
    pools,
    auth: {
      editor: { authorization: `Basic ${Buffer.from(`fuzz-editor:${plain}`, 'utf8').toString('base64')}` },
      contributor: { authorization: `JWT ${token}` },
    },
    eventPassword,
  }
}
