import type { Where } from 'payload'
import type { CATEGORIES, TAGS } from '../../collections/slugs.js'
import type { RequestContext } from '../types.js'

/** The terms whose ID, slug or name is one of `items` (IDs among them as `ids`), read with the caller's access in one query. */
export async function termsNamed(ctx: RequestContext, collection: typeof CATEGORIES | typeof TAGS, items: string[], ids: number[]) {
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
  return found.docs
}
