import { idOf } from '../serializers/docs.js'
import type { EndpointDef } from '../types.js'
import { canWriteTerms } from './canWriteTerms.js'
import { findTerm } from './findTerm.js'
import { presentTerms } from './presentTerms.js'
import type { TaxonomyDef } from './taxonomies.js'
import { termIdParam } from './termWriteParams.js'

/**
 * DELETE /categories/<id>, DELETE /tags/<id> (reference 9.3): a permanent delete, 200 with the
 * deleted term as it was, without `_links`. Events drop the term (the collection's unlink hook);
 * child categories move up to the deleted one's parent, as wp_delete_term does.
 */
export function termDeleteEndpoint(tax: TaxonomyDef): EndpointDef {
  return {
    methods: ['DELETE'],
    params: termIdParam(tax),
    permission: canWriteTerms,
    handler: async (ctx, params) => {
      const id = params.id as number
      const term = await findTerm(ctx, tax, id)
      const [view] = await presentTerms(ctx, tax, [term])
      const access = { depth: 0, overrideAccess: false, user: ctx.user } as const
      if (tax.hierarchical) {
        await ctx.payload.update({ collection: tax.collection, where: { parent: { equals: id } }, data: { parent: idOf(term.parent) ?? null }, ...access })
      }
      await ctx.payload.delete({ collection: tax.collection, id, ...access })
      return { body: view }
    },
  }
}
