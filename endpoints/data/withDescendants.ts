import { CATEGORIES } from '../../collections/slugs.js'
import { documentCacheFor, keptValue } from '../cache/documentCache.js'
import type { RequestContext } from '../types.js'
import { pastAccess } from './privileged.js'

/** Deeper trees than this are cut off (a guard against corrupt data, not a product limit). */
const MAX_DEPTH = 50

/**
 * Categories and every category below them, as WordPress's taxonomy queries match a hierarchical
 * term (include_children): one query per tree level, each asking for the children of the last.
 * Read past access control: terms are public, and the events filter applies its own access. The same
 * for every caller until a write: kept in the document cache, except inside a write's transaction.
 */
export async function withDescendants(ctx: RequestContext, ids: number[]): Promise<number[]> {
  const read = async () => {
    const all = new Set(ids)
    let level = ids
    for (let depth = 0; level.length && depth < MAX_DEPTH; depth++) {
      const found = await ctx.payload.find({
        collection: CATEGORIES,
        where: { parent: { in: level } },
        pagination: false,
        depth: 0,
        select: {},
        ...pastAccess('withDescendants'),
      })
      level = found.docs.map((doc) => doc.id as number).filter((id) => !all.has(id))
      for (const id of level) all.add(id)
    }
    return { ids: [...all] }
  }
  const cache = !ctx.req ? documentCacheFor(ctx.payload, ctx.options) : undefined
  return [...(cache ? await keptValue(cache, `category-descendants:${JSON.stringify(ids)}`, read) : await read()).ids]
}
