import { createTerm as createTermAsCaller } from '../../data/index.js'
import { RestError } from '../../errors/RestError.js'
import type { EndpointInput, RequestContext, RestResponse } from '../../types.js'
import { existingTermWithName } from '../query/existingTermWithName.js'
import { termAnswers } from './termAnswers.js'
import { refuseParentOfTag } from '../write/refuseParentOfTag.js'
import type { TaxonomyDef } from '../taxonomies.js'
import { termData } from '../write/termData.js'
import { termLinks } from '../serialize/termLinks.js'
import type { TermWriteValues } from '../params/termWriteParams.js'

/**
 * POST /categories, POST /tags (reference 9.3): 201 with the term and its `_links`, and a Location
 * header at this namespace's single-term route (docs/api.md, deliberate difference 6). A name already used
 * (under the same parent) is 400 term_exists with the existing term's ID.
 */
export async function createTerm(ctx: RequestContext, tax: TaxonomyDef, params: TermWriteValues, input: EndpointInput): Promise<RestResponse> {
  refuseParentOfTag(tax, input)
  const data = termData(params)
  // Set: the create route requires `name` (termWriteParams with create: true).
  const name = data.name as string
  const existing = await existingTermWithName(ctx, tax, name, params.parent)
  if (existing !== undefined) {
    // WordPress adds the error's data again as additional_data (reference 1.2).
    throw new RestError(tax.termExists, 400, [], { term_id: existing }, { additional_data: [existing, existing] })
  }
  const term = await createTermAsCaller(ctx, tax.collection, { ...data, name })
  const [view] = await termAnswers(ctx, tax, [term])
  return {
    status: 201,
    body: { ...view, _links: termLinks(term, tax, ctx) },
    headers: { Location: `${ctx.base}/${tax.route}/${term.id}` },
  }
}
