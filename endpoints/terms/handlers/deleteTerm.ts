import { deleteTermAsCaller } from '../../data/index.js'
import type { RequestContext, RestResponse } from '../../types.js'
import { requireTerm } from './requireTerm.js'
import { termAnswers } from './termAnswers.js'
import type { TaxonomyDef } from '../taxonomies.js'

/**
 * DELETE /categories/<id>, DELETE /tags/<id> (reference 9.3): a permanent delete, 200 with the
 * deleted term as it was, without `_links`. Events drop the term and child categories move up to the
 * deleted one's parent (the collection's hooks, for every entry point).
 */
export async function deleteTerm(ctx: RequestContext, tax: TaxonomyDef, id: number): Promise<RestResponse> {
  const term = await requireTerm(ctx, tax, id)
  const [view] = await termAnswers(ctx, tax, [term])
  await deleteTermAsCaller(ctx, tax.collection, id)
  return { body: view }
}
