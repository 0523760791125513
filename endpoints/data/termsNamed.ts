import type { Where } from 'payload'
import type { CATEGORIES, TAGS } from '../../collections/slugs.js'
import { documentCacheFor, keptValue } from '../cache/documentCache.js'
import type { RequestContext } from '../types.js'

/**
 * The terms whose ID, slug or name is one of `items` (IDs among them as `ids`), read with the caller's
 * access in one query. The public's answer is the same until a write: kept in the document cache (a
 * category-filtered list otherwise looked its terms up again for every request).
 */
export async function termsNamed(ctx: RequestContext, collection: typeof CATEGORIES | typeof TAGS, items: string[], ids: number[]) {
  const read = async () => {
    const or: Where[] = [...(ids.length ? [{ id: { in: ids } }] : []), { slug: { in: items } }, { name: { in: items } }]
    const found = await ctx.payload.find({
      collection,
      where: { or },
      pagination: false,
      depth: 0,
      select: { slug: true, name: true },
      overrideAccess: false,
      user: ctx.user,
    })
    return { docs: found.docs }
  }
  // Not inside a write's transaction, which may see its own uncommitted changes.
  const cache = !ctx.user && !ctx.req ? documentCacheFor(ctx.payload, ctx.options) : undefined
  return (cache ? await keptValue(cache, `terms-named:${collection}:${JSON.stringify([items, ids])}`, read) : await read()).docs
}
