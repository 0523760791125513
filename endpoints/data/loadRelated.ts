import type { DataFromCollectionSlug } from 'payload'
import { CATEGORIES, MEDIA, ORGANIZERS, TAGS, VENUES } from '../../collections/slugs.js'
import type { Event, Organizer, Venue } from './documents.js'
import { idOf, idsOf } from './documents.js'
import type { Related } from '../serialize/related.js'
import type { RequestContext } from '../types.js'

type LinkedCollection = typeof VENUES | typeof ORGANIZERS | typeof CATEGORIES | typeof TAGS | typeof MEDIA

async function byId<S extends LinkedCollection>(ctx: RequestContext, collection: S, ids: number[]): Promise<Map<number, DataFromCollectionSlug<S>>>
async function byId(ctx: RequestContext, collection: LinkedCollection, ids: number[]) {
  if (!ids.length) return new Map()
  const found = await ctx.payload.find({
    collection,
    where: { id: { in: [...new Set(ids)] } },
    pagination: false,
    depth: 0,
    overrideAccess: false,
    user: ctx.user,
  })
  return new Map(found.docs.map((doc) => [doc.id, doc]))
}

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
    byId(ctx, VENUES, events.flatMap((e) => idsOf(e.venues))),
    byId(ctx, ORGANIZERS, events.flatMap((e) => idsOf(e.organizers))),
    byId(ctx, CATEGORIES, events.flatMap((e) => idsOf(e.categories))),
    byId(ctx, TAGS, events.flatMap((e) => idsOf(e.tags))),
  ])
  for (const venue of extra.venues ?? []) venues.set(venue.id, venue)
  for (const organizer of extra.organizers ?? []) organizers.set(organizer.id, organizer)
  const imageIds = [...events, ...venues.values(), ...organizers.values()]
    .map((doc) => idOf(doc.image))
    .filter((id): id is number => id !== undefined)
  const media = await byId(ctx, MEDIA, imageIds)
  return { venues, organizers, categories, tags, media }
}
