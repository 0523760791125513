import { RestError } from '../../errors/RestError.js'
import { defineEndpoint } from '../../defineEndpoint.js'
import type { EndpointDef } from '../../types.js'
import { mayWriteTerms } from '../../permissions/index.js'
import { existingTermWithName } from '../query/existingTermWithName.js'
import { termAnswers } from './termAnswers.js'
import { refuseParentOfTag } from '../write/refuseParentOfTag.js'
import type { TaxonomyDef } from '../taxonomies.js'
import { termData } from '../write/termData.js'
import { termLinks } from '../serialize/termLinks.js'
import { termWriteParams } from '../params/termWriteParams.js'

/**
 * POST /categories, POST /tags (reference 9.3): 201 with the term and its `_links`, and a Location
 * header at this namespace's single-term route (docs/api.md, deliberate difference 6). A name already used
 * (under the same parent) is 400 term_exists with the existing term's ID.
 */
export function termCreateEndpoint(tax: TaxonomyDef): EndpointDef {
  return defineEndpoint({
    methods: ['POST'],
    params: termWriteParams(tax, { create: true }),
    permission: mayWriteTerms,
    handler: async (ctx, params, input) => {
      refuseParentOfTag(tax, input)
      const data = termData(params)
      // Set: the create route requires `name` (termWriteParams with create: true).
      const name = data.name as string
      const existing = await existingTermWithName(ctx, tax, name, params.parent)
      if (existing !== undefined) {
        // WordPress adds the error's data again as additional_data (reference 1.2).
        throw new RestError(tax.termExists, 400, [], { term_id: existing }, { additional_data: [existing, existing] })
      }
      const term = await ctx.payload.create({
        collection: tax.collection,
        data: { ...data, name },
        depth: 0,
        overrideAccess: false,
        user: ctx.user,
      })
      const [view] = await termAnswers(ctx, tax, [term])
      return {
        status: 201,
        body: { ...view, _links: termLinks(term, tax, ctx) },
        headers: { Location: `${ctx.base}/${tax.route}/${term.id}` },
      }
    },
  })
}
