import type { Where } from 'payload'
import type { Term } from './documents.js'
import type { RequestContext } from '../types.js'
import type { TaxonomyDef } from '../terms/taxonomies.js'
import type { TermOrder } from '../terms/query/termOrder.js'

export interface TermPage {
  docs: Term[]
  total: number
}

/**
 * One page of terms, read with the caller's access: one query with a database sort, or two with a
 * computed order (the ID and the order field of every match, then the page's terms). A page past
 * the end is empty (reference 9.1).
 */
export async function findTermPage(
  ctx: RequestContext,
  tax: TaxonomyDef,
  where: Where | null,
  order: TermOrder,
  page: number,
  perPage: number,
): Promise<TermPage> {
  if (!where) return { docs: [], total: 0 }
  const access = { overrideAccess: false, user: ctx.user, depth: 0 } as const
  if ('sort' in order) {
    const found = await ctx.payload.find({ collection: tax.collection, where, sort: order.sort, page, limit: perPage, ...access })
    return { docs: found.docs, total: found.totalDocs }
  }
  const all = await ctx.payload.find({ collection: tax.collection, where, pagination: false, select: order.select, ...access })
  const ranked = all.docs.sort(order.compare)
  const ids = ranked.slice((page - 1) * perPage, page * perPage).map((doc) => doc.id)
  if (!ids.length) return { docs: [], total: ranked.length }
  const found = await ctx.payload.find({ collection: tax.collection, where: { id: { in: ids } }, pagination: false, ...access })
  const byId = new Map(found.docs.map((doc) => [doc.id, doc]))
  return { docs: ids.map((id) => byId.get(id)).filter((doc): doc is Term => doc !== undefined), total: ranked.length }
}
