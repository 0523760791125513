import { RestError } from '../errors/RestError.js'
import type { Term } from './documents.js'
import type { RequestContext } from '../types.js'
import type { TaxonomyDef } from '../terms/taxonomies.js'

/**
 * The term with an ID that validation has just found. Gone since (deleted by a concurrent request),
 * it answers as validation would have: 400 rest_invalid_param on `id` (reference 9.2).
 */
export async function findTerm(ctx: RequestContext, tax: TaxonomyDef, id: number): Promise<Term> {
  const found = await ctx.payload.find({
    collection: tax.collection,
    where: { id: { equals: id } },
    limit: 1,
    pagination: false,
    depth: 0,
    overrideAccess: false,
    user: ctx.user,
  })
  const term = found.docs[0]
  if (!term) throw new RestError('rest_invalid_param', 400, ['id'], { params: { id: 'Invalid parameter.' }, details: [] })
  return term
}
