import type { CollectionSlug, DataFromCollectionSlug, SelectType } from 'payload'
import type { RequestContext } from '../types.js'

/**
 * The documents of `collection` among `ids` that the caller may read, by ID, in one query through
 * access control (a draft venue of a published event stays hidden from the public). `trash`
 * includes trashed ones the caller may see; `select: {}` reads nothing but the IDs.
 */
export async function readVisible<S extends CollectionSlug>(
  ctx: RequestContext,
  collection: S,
  ids: readonly number[],
  options?: { trash?: boolean; select?: SelectType },
): Promise<Map<number, DataFromCollectionSlug<S>>>
// Typed as whole documents: with `select`, only the selected fields (and the ID) are set.
export async function readVisible(
  ctx: RequestContext,
  collection: CollectionSlug,
  ids: readonly number[],
  options: { trash?: boolean; select?: SelectType } = {},
) {
  if (!ids.length) return new Map()
  const found = await ctx.payload.find({
    collection,
    where: { id: { in: [...new Set(ids)] } },
    pagination: false,
    depth: 0,
    ...(options.trash ? { trash: true } : {}),
    ...(options.select ? { select: options.select } : {}),
    overrideAccess: false,
    user: ctx.user,
  })
  return new Map(found.docs.map((doc) => [doc.id, doc]))
}

/** One document the caller may read, or undefined. */
export async function readOneVisible<S extends CollectionSlug>(
  ctx: RequestContext,
  collection: S,
  id: number,
  options: { trash?: boolean; select?: SelectType } = {},
): Promise<DataFromCollectionSlug<S> | undefined> {
  return (await readVisible(ctx, collection, [id], options)).get(id)
}
