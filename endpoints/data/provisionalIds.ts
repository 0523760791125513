import { provisionalIdBase } from '../../collections/provisionalIdBase.js'
import { OCCURRENCES } from '../../collections/slugs.js'
import { documentCacheFor, keptValue } from '../cache/documentCache.js'
import type { RequestContext } from '../types.js'
import { pastAccess } from './privileged.js'

/** Computed once until the next write, for everyone (the document cache), else read each time. */
function kept<T extends object>(ctx: RequestContext, key: string, compute: () => Promise<T>): Promise<T> {
  const cache = documentCacheFor(ctx.payload, ctx.options)
  return cache ? keptValue(cache, key, compute) : compute()
}

/** The base of this site's provisional IDs now (collections/provisionalIdBase.ts), kept until a write. */
export async function provisionalBase(ctx: RequestContext): Promise<number> {
  const { base } = await kept(ctx, 'provisional-base', async () => ({ base: await provisionalIdBase(ctx.payload, ctx.req) }))
  return base
}

/** Whether any recurring event has stored occurrences: lists read series only then. */
export async function seriesExist(ctx: RequestContext): Promise<boolean> {
  const { exist } = await kept(ctx, 'series-exist', async () => {
    const found = await ctx.payload.find({ collection: OCCURRENCES, limit: 1, pagination: false, depth: 0, select: { id: true }, ...pastAccess('seriesExist') })
    return { exist: found.docs.length > 0 }
  })
  return exist
}
