import { defineEndpoint } from '../../defineEndpoint.js'
import type { EndpointDef } from '../../types.js'
import { requireTerm } from './requireTerm.js'
import { termAnswers } from './termAnswers.js'
import type { TaxonomyDef } from '../taxonomies.js'
import { termLinks } from '../serialize/termLinks.js'
import { termIdParam } from '../params/termWriteParams.js'

/** GET /categories/<id>, GET /tags/<id> (reference 9.2): public; the term plus `_links`. */
export function termReadEndpoint(tax: TaxonomyDef): EndpointDef {
  return defineEndpoint({
    methods: ['GET'],
    params: termIdParam(tax),
    handler: async (ctx, params) => {
      const term = await requireTerm(ctx, tax, params.id)
      const [view] = await termAnswers(ctx, tax, [term])
      return { body: { ...view, _links: termLinks(term, tax, ctx) } }
    },
  })
}
