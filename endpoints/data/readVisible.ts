import type { CollectionSlug, DataFromCollectionSlug, SelectType } from 'payload'
import { CATEGORIES, EVENTS, MEDIA, ORGANIZERS, TAGS, VENUES } from '../../collections/slugs.js'
import { documentCacheFor, readThrough } from '../cache/documentCache.js'
import type { RequestContext } from '../types.js'
import { readBelowLocalApi } from './readBelowLocalApi.js'

/**
 * The calendar's collections, whose documents read here the same for every anonymous caller: their
 * access looks at the user and the stored data only, and these reads carry no request context (an
 * event's password unlocks its fields through another read, unlockEvents). The public's reads of them
 * may come from the document cache.
 */
const PUBLIC_ALIKE: ReadonlySet<CollectionSlug> = new Set([EVENTS, VENUES, ORGANIZERS, CATEGORIES, TAGS, MEDIA])

type ReadOptions = { trash?: boolean; select?: SelectType }

/**
 * The documents of `collection` among `ids` that the caller may read, by ID, in one query through
 * access control (a draft venue of a published event stays hidden from the public). `trash`
 * includes trashed ones the caller may see; `select: {}` reads nothing but the IDs. Anonymous reads
 * go through the document cache (emptied by every write). In no particular order.
 */
export async function readVisible<S extends CollectionSlug>(
  ctx: RequestContext,
  collection: S,
  ids: readonly number[],
  options?: ReadOptions,
): Promise<Map<number, DataFromCollectionSlug<S>>>
// Typed as whole documents: with `select`, only the selected fields (and the ID) are set.
export async function readVisible(ctx: RequestContext, collection: CollectionSlug, ids: readonly number[], options: ReadOptions = {}) {
  if (!ids.length) return new Map()
  const find = async (wanted: readonly number[]) =>
    // The public's reads below the Local API where it serves them (SQL databases), held to its answers.
    ((!ctx.user ? await readBelowLocalApi(ctx, collection, { ids: wanted }, options) : null) as Array<DataFromCollectionSlug<CollectionSlug>> | null) ??
    (
      await ctx.payload.find({
        collection,
        where: { id: { in: [...new Set(wanted)] } },
        // By ID: a collection's default sort (an event's start date) can lead a planner to walk that
        // index through every readable document instead of looking the IDs up.
        sort: 'id',
        pagination: false,
        depth: 0,
        ...(options.trash ? { trash: true } : {}),
        ...(options.select ? { select: options.select } : {}),
        overrideAccess: false,
        user: ctx.user,
      })
    ).docs
  // Not inside a write's transaction, which may see its own uncommitted changes.
  const cache = !ctx.user && !ctx.req && PUBLIC_ALIKE.has(collection) ? documentCacheFor(ctx.payload, ctx.options) : undefined
  if (cache) return readThrough(cache, `${collection}:${options.trash ? 'trash' : ''}:${JSON.stringify(options.select ?? null)}`, ids, find)
  return new Map((await find(ids)).map((doc) => [doc.id, doc]))
}

/** One document the caller may read, or undefined. */
export async function readOneVisible<S extends CollectionSlug>(
  ctx: RequestContext,
  collection: S,
  id: number,
  options: ReadOptions = {},
): Promise<DataFromCollectionSlug<S> | undefined> {
  return (await readVisible(ctx, collection, [id], options)).get(id)
}
