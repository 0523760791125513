import type { CollectionSlug } from 'payload'
import { toSlug } from '../../../collections/hooks/toSlug.js'
import { CATEGORIES, MEDIA, TAGS } from '../../../collections/slugs.js'
import { organizerKind } from '../../linked/organizerKind.js'
import type { RequestContext } from '../../types.js'
import type { EventWriteValues } from '../params/eventWriteArgs.js'
import type { Sent } from '../params/sentArgs.js'
import { venueKind } from '../../linked/venueKind.js'
import { lockForCreation } from '../../write/lockForCreation.js'
import { storeImage } from '../../write/storeImage.js'
import type { CreatedDocs } from './CreatedDocs.js'
import type { EventLinks } from './eventData.js'
import { resolveLinkedPosts } from './resolveLinkedPosts.js'
import { resolveTermRefs } from './resolveTermRefs.js'

/**
 * The side effects of an event write before the event itself, run after the permission check: terms
 * found or created, inline venues and organizers found or created, the image downloaded. Everything
 * created is recorded in `created` so the caller can undo it if a later step fails.
 */
export async function resolveEventLinks(
  ctx: RequestContext,
  params: EventWriteValues,
  sent: Sent<EventWriteValues>,
  created: CreatedDocs,
): Promise<EventLinks> {
  const links: EventLinks = {}
  // sent() is false for null and undefined: each value checked below is there when sent.
  const { categories, tags, venue, organizer, image: input } = params
  // Every name this write may create, locked at once before any row changes (see lockForCreation).
  const names = (collection: CollectionSlug, refs: unknown[] | null | undefined, name: (ref: unknown) => unknown) =>
    (refs ?? []).map(name).filter((n): n is string => typeof n === 'string').map((n) => [collection, n] as const)
  const inlineName = (kind: string) => (ref: unknown) => (ref && typeof ref === 'object' && 'inline' in ref ? (ref.inline as Record<string, unknown>)[kind] : undefined)
  await lockForCreation(ctx, [
    ...names(CATEGORIES, sent('categories') ? categories : null, (ref) => (typeof ref === 'string' ? toSlug(ref.trim()) : undefined)),
    ...names(TAGS, sent('tags') ? tags : null, (ref) => (typeof ref === 'string' ? toSlug(ref.trim()) : undefined)),
    ...names(venueKind.collection, sent('venue') ? venue : null, inlineName(venueKind.name)),
    ...names(organizerKind.collection, sent('organizer') ? organizer : null, inlineName(organizerKind.name)),
  ])
  if (sent('categories') && categories) links.categories = await resolveTermRefs(ctx, CATEGORIES, categories, created)
  if (sent('tags') && tags) links.tags = await resolveTermRefs(ctx, TAGS, tags, created)
  if (sent('venue') && venue) links.venues = await resolveLinkedPosts(ctx, venueKind, venue, created)
  if (sent('organizer') && organizer) links.organizers = await resolveLinkedPosts(ctx, organizerKind, organizer, created)
  if (sent('image') && input !== undefined) {
    links.image = await storeImage(ctx, input)
    if (input && 'url' in input && links.image !== null) created.add(MEDIA, links.image)
  }
  return links
}
