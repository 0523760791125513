import { MEDIA, type ORGANIZERS, type VENUES } from '../../collections/slugs.js'
import { relationId } from '../../collections/relationIds.js'
import type { Media, Organizer, Venue } from './documents.js'
import type { RequestContext } from '../types.js'
import { readVisible } from './readVisible.js'
import { WITHOUT_RICH_TEXT } from './servedFields.js'

/** Everything a list of venues (organizers) needs: serializeLinkedList is a pure function of it. */
export interface LinkedListLoad {
  docs: Array<Venue | Organizer>
  /** Their featured images the caller may see, by ID. */
  media: Map<number, Media>
}

/** The featured images of `docs`, in one query for the whole list, read with the caller's access. */
export async function loadLinked(ctx: RequestContext, docs: Array<Venue | Organizer>): Promise<LinkedListLoad> {
  const imageIds = docs.map((doc) => relationId(doc.image)).filter((id): id is number => id !== undefined)
  return { docs, media: await readVisible(ctx, MEDIA, imageIds) }
}

/**
 * One page of venues (organizers) by their IDs, in that order, as the caller may read them, and their
 * images: one query for the page, one for the images.
 */
export async function loadLinkedPage(
  ctx: RequestContext,
  collection: typeof VENUES | typeof ORGANIZERS,
  ids: number[],
  options: { trash: boolean },
): Promise<LinkedListLoad> {
  if (!ids.length) return loadLinked(ctx, [])
  const found = await ctx.payload.find({
    collection,
    where: { id: { in: ids } },
    trash: options.trash,
    pagination: false,
    depth: 0,
    select: WITHOUT_RICH_TEXT,
    overrideAccess: false,
    user: ctx.user,
  })
  const byId = new Map<number, Venue | Organizer>(found.docs.map((doc) => [doc.id, doc]))
  return loadLinked(ctx, ids.flatMap((id) => byId.get(id) ?? []))
}

/** One venue (organizer) the caller may read, trashed ones included, with its image; undefined when access hides it. */
export async function loadLinkedPost(ctx: RequestContext, collection: typeof VENUES | typeof ORGANIZERS, id: number): Promise<LinkedListLoad | undefined> {
  const doc = await readVisible(ctx, collection, [id], { trash: true, select: WITHOUT_RICH_TEXT }).then((found) => found.get(id))
  return doc ? loadLinked(ctx, [doc]) : undefined
}
