import { CATEGORIES, MEDIA, ORGANIZERS, TAGS, VENUES } from '../../collections/slugs.js'
import type { Event, Organizer, Venue } from './documents.js'
import { relationId, relationIds } from '../../collections/relationIds.js'
import type { Related } from '../serialize/related.js'
import type { RequestContext } from '../types.js'
import { readVisible } from './readVisible.js'
import { WITHOUT_RICH_TEXT } from './servedFields.js'

/**
 * Everything a page of events links to, in a fixed number of queries whatever the page size: one
 * per linked collection, then one for the images of events, venues and organizers. Read with the
 * caller's access, so a draft venue of a published event stays hidden from the public.
 */
export async function loadRelated(
  ctx: RequestContext,
  events: Event[],
  extra: { venues?: Venue[]; organizers?: Organizer[] } = {},
): Promise<Related> {
  const [venues, organizers, categories, tags] = await Promise.all([
    readVisible(ctx, VENUES, events.flatMap((e) => relationIds(e.venues)), { select: WITHOUT_RICH_TEXT }),
    readVisible(ctx, ORGANIZERS, events.flatMap((e) => relationIds(e.organizers)), { select: WITHOUT_RICH_TEXT }),
    readVisible(ctx, CATEGORIES, events.flatMap((e) => relationIds(e.categories))),
    readVisible(ctx, TAGS, events.flatMap((e) => relationIds(e.tags))),
  ])
  for (const venue of extra.venues ?? []) venues.set(venue.id, venue)
  for (const organizer of extra.organizers ?? []) organizers.set(organizer.id, organizer)
  const imageIds = [...events, ...venues.values(), ...organizers.values()]
    .map((doc) => relationId(doc.image))
    .filter((id): id is number => id !== undefined)
  const media = await readVisible(ctx, MEDIA, imageIds)
  return { venues, organizers, categories, tags, media }
}
