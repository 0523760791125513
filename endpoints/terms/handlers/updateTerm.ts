import { updateTerm as updateTermAsCaller } from '../../data/index.js'
import type { EndpointInput, RequestContext, RestResponse } from '../../types.js'
import { requireTerm } from './requireTerm.js'
import { termAnswers } from './termAnswers.js'
import { refuseDuplicateSlug } from '../write/refuseDuplicateSlug.js'
import { refuseOwnAncestor } from '../write/refuseOwnAncestor.js'
import { refuseParentOfTag } from '../write/refuseParentOfTag.js'
import type { TaxonomyDef } from '../taxonomies.js'
import { termData } from '../write/termData.js'
import { termLinks } from '../serialize/termLinks.js'
import type { TermWriteValues } from '../params/termWriteParams.js'

/**
 * POST, PUT, PATCH /categories/<id> and /tags/<id> (reference 9.3): a partial update, 200 with the
 * term and its `_links`. Every refusal comes before the write, so a refused request changes nothing.
 */
export async function updateTerm(ctx: RequestContext, tax: TaxonomyDef, id: number, params: TermWriteValues, input: EndpointInput): Promise<RestResponse> {
  refuseParentOfTag(tax, input)
  if (typeof params.parent === 'number') await refuseOwnAncestor(ctx, tax, id, params.parent)
  if (typeof params.slug === 'string') await refuseDuplicateSlug(ctx, tax, id, params.slug)
  const data = termData(params)
  const term = Object.keys(data).length
    ? await updateTermAsCaller(ctx, tax.collection, id, data)
    : await requireTerm(ctx, tax, id)
  const [view] = await termAnswers(ctx, tax, [term])
  return { body: { ...view, _links: termLinks(term, tax, ctx) } }
}
