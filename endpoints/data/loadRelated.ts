import { CATEGORIES, MEDIA, ORGANIZERS, TAGS, VENUES } from '../../collections/slugs.js'
import type { EventDoc, MediaDoc, OrganizerDoc, TermDoc, VenueDoc } from './documents.js'
import { relationId, relationIds } from '../../collections/relationIds.js'
import type { Related } from '../serialize/related.js'
import type { RequestContext } from '../types.js'
import { readVisible } from './readVisible.js'

/**
 * Everything a page of events links to, in a fixed number of queries whatever the page size: one
 * per linked collection, then one for the images of events, venues and organizers. Read with the
 * caller's access, so a draft venue of a published event stays hidden from the public.
 */
export async function loadRelated(
  ctx: RequestContext,
  events: EventDoc[],
  extra: { venues?: VenueDoc[]; organizers?: OrganizerDoc[] } = {},
): Promise<Related> {
  const [venues, organizers, categories, tags] = await Promise.all([
    readVisible<VenueDoc>(ctx, VENUES, events.flatMap((e) => relationIds(e.venues))),
    readVisible<OrganizerDoc>(ctx, ORGANIZERS, events.flatMap((e) => relationIds(e.organizers))),
    readVisible<TermDoc>(ctx, CATEGORIES, events.flatMap((e) => relationIds(e.categories))),
    readVisible<TermDoc>(ctx, TAGS, events.flatMap((e) => relationIds(e.tags))),
  ])
  for (const venue of extra.venues ?? []) venues.set(venue.id, venue)
  for (const organizer of extra.organizers ?? []) organizers.set(organizer.id, organizer)
  const imageIds = [...events, ...venues.values(), ...organizers.values()]
    .map((doc) => relationId(doc.image))
    .filter((id): id is number => id !== undefined)
  const media = await readVisible<MediaDoc>(ctx, MEDIA, imageIds)
  return { venues, organizers, categories, tags, media }
}
