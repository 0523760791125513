import { CATEGORIES, MEDIA, TAGS } from '../../../collections/slugs.js'
import { organizerKind } from '../../linked/organizerKind.js'
import type { Params, RequestContext } from '../../types.js'
import { venueKind } from '../../linked/venueKind.js'
import type { ImageInput } from '../../params/imageArg.js'
import { storeImage } from '../../write/storeImage.js'
import type { CreatedDocs } from './CreatedDocs.js'
import type { EventLinks } from './eventData.js'
import type { LinkedRef } from '../params/linkedPostsArg.js'
import { resolveLinkedPosts } from './resolveLinkedPosts.js'
import type { TermRef } from '../params/termRefsArg.js'
import { resolveTermRefs } from './resolveTermRefs.js'

/**
 * The side effects of an event write before the event itself, run after the permission check: terms
 * found or created, inline venues and organizers found or created, the image downloaded. Everything
 * created is recorded in `created` so the caller can undo it if a later step fails.
 */
export async function resolveEventLinks(
  ctx: RequestContext,
  params: Params,
  sent: (name: string) => boolean,
  created: CreatedDocs,
): Promise<EventLinks> {
  const links: EventLinks = {}
  if (sent('categories')) links.categories = await resolveTermRefs(ctx, CATEGORIES, params.categories as TermRef[], created)
  if (sent('tags')) links.tags = await resolveTermRefs(ctx, TAGS, params.tags as TermRef[], created)
  if (sent('venue')) links.venues = await resolveLinkedPosts(ctx, venueKind, params.venue as LinkedRef[], created)
  if (sent('organizer')) links.organizers = await resolveLinkedPosts(ctx, organizerKind, params.organizer as LinkedRef[], created)
  if (sent('image')) {
    const input = params.image as ImageInput
    links.image = await storeImage(ctx, input)
    if (input && 'url' in input && links.image !== null) created.add(MEDIA, links.image)
  }
  return links
}
