import { CATEGORIES, MEDIA, TAGS } from '../../../collections/slugs.js'
import { organizerKind } from '../../linked/organizerKind.js'
import type { RequestContext } from '../../types.js'
import type { EventWriteValues } from '../params/eventWriteArgs.js'
import type { Sent } from '../params/sentArgs.js'
import { venueKind } from '../../linked/venueKind.js'
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
