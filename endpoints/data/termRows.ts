import type { Where } from 'payload'
import type { CATEGORIES, TAGS } from '../../collections/slugs.js'
import type { RequestContext } from '../types.js'
import type { Term } from './documents.js'

/** A term as the write lookups select it. */
export type TermRow = Pick<Term, 'id' | 'name' | 'slug'>

/** The terms matching `where`, as the caller reads them, in the write's transaction when one is open; `limit` 0 for all. */
export async function termRows(ctx: RequestContext, collection: typeof CATEGORIES | typeof TAGS, where: Where, limit = 0): Promise<TermRow[]> {
  const found = await ctx.payload.find({ collection, where, limit, pagination: limit > 0, depth: 0, select: { name: true, slug: true }, overrideAccess: false, user: ctx.user, req: ctx.req })
  return found.docs
}

/** A new term with only a name, created as the caller in the write's transaction (its hooks derive the rest). */
export async function createNamedTerm(ctx: RequestContext, collection: typeof CATEGORIES | typeof TAGS, name: string): Promise<TermRow> {
  const doc = await ctx.payload.create({ collection, data: { name }, depth: 0, overrideAccess: false, user: ctx.user, req: ctx.req })
  return { id: doc.id, name: doc.name, slug: doc.slug }
}

/** Deletes a term for good, as the caller (its hooks unlink it from events and lift its children). */
export async function deleteTermAsCaller(ctx: RequestContext, collection: typeof CATEGORIES | typeof TAGS, id: number): Promise<void> {
  await ctx.payload.delete({ collection, id, depth: 0, overrideAccess: false, user: ctx.user })
}
