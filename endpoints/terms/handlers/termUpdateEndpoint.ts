import { defineEndpoint } from '../../defineEndpoint.js'
import type { EndpointDef } from '../../types.js'
import { mayWriteTerms } from '../../permissions/index.js'
import { requireTerm } from './requireTerm.js'
import { termAnswers } from './termAnswers.js'
import { refuseDuplicateSlug } from '../write/refuseDuplicateSlug.js'
import { refuseOwnAncestor } from '../write/refuseOwnAncestor.js'
import { refuseParentOfTag } from '../write/refuseParentOfTag.js'
import type { TaxonomyDef } from '../taxonomies.js'
import { termData } from '../write/termData.js'
import { termLinks } from '../serialize/termLinks.js'
import { termIdParam, termWriteParams } from '../params/termWriteParams.js'

/**
 * POST, PUT, PATCH /categories/<id> and /tags/<id> (reference 9.3): a partial update, 200 with the
 * term and its `_links`. Every refusal comes before the write, so a refused request changes nothing.
 */
export function termUpdateEndpoint(tax: TaxonomyDef): EndpointDef {
  return defineEndpoint({
    methods: ['POST', 'PUT', 'PATCH'],
    params: { ...termIdParam(tax), ...termWriteParams(tax, { create: false }) },
    permission: mayWriteTerms,
    handler: async (ctx, params, input) => {
      refuseParentOfTag(tax, input)
      const id = params.id
      if (typeof params.parent === 'number') await refuseOwnAncestor(ctx, tax, id, params.parent)
      if (typeof params.slug === 'string') await refuseDuplicateSlug(ctx, tax, id, params.slug)
      const data = termData(params)
      const term = Object.keys(data).length
        ? await ctx.payload.update({ collection: tax.collection, id, data, depth: 0, overrideAccess: false, user: ctx.user })
        : await requireTerm(ctx, tax, id)
      const [view] = await termAnswers(ctx, tax, [term])
      return { body: { ...view, _links: termLinks(term, tax, ctx) } }
    },
  })
}
