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
import { linkedLocks, lookupLinkedPosts, resolveLinkedPosts } from './resolveLinkedPosts.js'
import { lookupTermRefs, resolveTermRefs, termLocks } from './resolveTermRefs.js'

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
  const venueRefs = sent('venue') && venue ? venue : []
  const organizerRefs = sent('organizer') && organizer ? organizer : []
  // Looked up first, creating nothing: most writes name only what exists. What matched nothing may be
  // created, so only those names are locked (all at once, in one order, before any row changes: see
  // lockForCreation) and looked up again under the lock. Locking every name would queue all writes
  // naming a common term or venue behind each other until they commit.
  const cats = sent('categories') && categories ? await lookupTermRefs(ctx, CATEGORIES, categories) : undefined
  const tagged = sent('tags') && tags ? await lookupTermRefs(ctx, TAGS, tags) : undefined
  const venues = await lookupLinkedPosts(ctx, venueKind, venueRefs)
  const organizers = await lookupLinkedPosts(ctx, organizerKind, organizerRefs)
  await lockForCreation(ctx, [
    ...termLocks(CATEGORIES, cats?.missing ?? []),
    ...termLocks(TAGS, tagged?.missing ?? []),
    ...linkedLocks(venueKind, venueRefs, venues),
    ...linkedLocks(organizerKind, organizerRefs, organizers),
  ])
  if (categories && cats) links.categories = await resolveTermRefs(ctx, CATEGORIES, categories, created, cats)
  if (tags && tagged) links.tags = await resolveTermRefs(ctx, TAGS, tags, created, tagged)
  if (sent('venue') && venue) links.venues = await resolveLinkedPosts(ctx, venueKind, venue, created, venues)
  if (sent('organizer') && organizer) links.organizers = await resolveLinkedPosts(ctx, organizerKind, organizer, created, organizers)
  if (sent('image') && input !== undefined) {
    links.image = await storeImage(ctx, input)
    if (input && 'url' in input && links.image !== null) created.add(MEDIA, links.image)
  }
  return links
}
