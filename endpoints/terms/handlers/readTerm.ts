import type { RequestContext, RestResponse } from '../../types.js'
import { requireTerm } from './requireTerm.js'
import { termAnswers } from './termAnswers.js'
import type { TaxonomyDef } from '../taxonomies.js'
import { termLinks } from '../serialize/termLinks.js'

/** GET /categories/<id>, GET /tags/<id> (reference 9.2): public; the term plus `_links`. */
export async function readTerm(ctx: RequestContext, tax: TaxonomyDef, id: number): Promise<RestResponse> {
  const term = await requireTerm(ctx, tax, id)
  const [view] = await termAnswers(ctx, tax, [term])
  return { body: { ...view, _links: termLinks(term, tax, ctx) } }
}
