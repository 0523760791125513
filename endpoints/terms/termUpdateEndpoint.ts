import type { TermDoc } from '../serializers/docs.js'
import type { EndpointDef } from '../types.js'
import { canWriteTerms } from './canWriteTerms.js'
import { findTerm } from './findTerm.js'
import { presentTerms } from './presentTerms.js'
import { refuseDuplicateSlug } from './refuseDuplicateSlug.js'
import { refuseOwnAncestor } from './refuseOwnAncestor.js'
import { refuseParentOfTag } from './refuseParentOfTag.js'
import type { TaxonomyDef } from './taxonomies.js'
import { termData } from './termData.js'
import { termLinks } from './termLinks.js'
import { termIdParam, termWriteParams } from './termWriteParams.js'

/**
 * POST, PUT, PATCH /categories/<id> and /tags/<id> (reference 9.3): a partial update, 200 with the
 * term and its `_links`. Every refusal comes before the write, so a refused request changes nothing.
 */
export function termUpdateEndpoint(tax: TaxonomyDef): EndpointDef {
  return {
    methods: ['POST', 'PUT', 'PATCH'],
    params: { ...termIdParam(tax), ...termWriteParams(tax, { create: false }) },
    permission: canWriteTerms,
    handler: async (ctx, params, input) => {
      refuseParentOfTag(tax, input)
      const id = params.id as number
      if (typeof params.parent === 'number') await refuseOwnAncestor(ctx, tax, id, params.parent)
      if (typeof params.slug === 'string') await refuseDuplicateSlug(ctx, tax, id, params.slug)
      const data = termData(params)
      const term = Object.keys(data).length
        ? ((await ctx.payload.update({ collection: tax.collection, id, data, depth: 0, overrideAccess: false, user: ctx.user })) as unknown as TermDoc)
        : await findTerm(ctx, tax, id)
      const [view] = await presentTerms(ctx, tax, [term])
      return { body: { ...view, _links: termLinks(term, tax, ctx) } }
    },
  }
}
