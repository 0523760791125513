// Fixture factories the integration specs share: documents written past access control (the specs
// then read them as each role would), and the stored truth to compare answers with.
import type { CollectionSlug, Payload } from 'payload'
import { htmlToRichText, type WriteContext } from '../../endpoints/write/htmlToRichText.js'
import { pluginOptionsOf } from '../../lib/options.js'

const DAY = 24 * 3600 * 1000

/** An ISO instant `offsetDays` days from now (fractions allowed). */
export const daysFromNow = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString()

/** The operator's own writes (seeding): no user, the plugin's options. */
export const operatorContext = (payload: Payload): WriteContext => ({ payload, user: null, options: pluginOptionsOf(payload.config) })

/** A published post of `collection` with `data` (a `description` given as HTML); answers its ID. */
export async function createPost(payload: Payload, collection: CollectionSlug, data: Record<string, unknown>, descriptionHtml?: string): Promise<number> {
  const description = descriptionHtml ? { description: await htmlToRichText(operatorContext(payload), descriptionHtml) } : {}
  const doc = await payload.create({ collection, data: { status: 'publish', ...data, ...description } as never, overrideAccess: true })
  return doc.id as number
}

/** A published event titled `title`, ten days from now for 2.4 hours unless `data` says otherwise; answers its ID. */
export function createEvent(payload: Payload, title: string, data: Record<string, unknown> = {}): Promise<number> {
  return createPost(payload, 'events', { title, startDate: daysFromNow(10), endDate: daysFromNow(10.1), ...data })
}

/** A document as stored (trash included, relationships as IDs), or undefined. */
export async function storedDoc(payload: Payload, collection: CollectionSlug, id: number): Promise<Record<string, any> | undefined> {
  const found = await payload.find({ collection, where: { id: { equals: id } }, trash: true, overrideAccess: true, depth: 0 })
  return found.docs[0] as Record<string, any> | undefined
}

/** How many documents `collection` holds, trash included. */
export async function storedCount(payload: Payload, collection: CollectionSlug): Promise<number> {
  return (await payload.count({ collection, trash: true, overrideAccess: true })).totalDocs
}
