import { readOneVisible } from '../../data/index.js'
import type { Term } from '../../data/documents.js'
import { RestError } from '../../errors/RestError.js'
import type { RequestContext } from '../../types.js'
import type { TaxonomyDef } from '../taxonomies.js'

/**
 * The term with an ID that validation has just found. Gone since (deleted by a concurrent request),
 * it answers as validation would have: 400 rest_invalid_param on `id` (reference 9.2).
 */
export async function requireTerm(ctx: RequestContext, tax: TaxonomyDef, id: number): Promise<Term> {
  const term = await readOneVisible(ctx, tax.collection, id)
  if (!term) throw new RestError('rest_invalid_param', 400, ['id'], { params: { id: 'Invalid parameter.' }, details: [] })
  return term
}
