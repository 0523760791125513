import type { Term } from '../../data/documents.js'
import { serializeTerm } from '../serialize/serializeTerm.js'
import type { RequestContext } from '../../types.js'
import { ancestorsOf, loadAncestors } from '../../data/index.js'
import type { TaxonomyDef } from '../taxonomies.js'

/**
 * Terms as the term routes answer them (reference 9.1): a category's front-end `url` needs the slugs
 * of its ancestors, loaded for the whole list at once before serializing.
 */
export async function termAnswers(ctx: RequestContext, tax: TaxonomyDef, terms: Term[]) {
  const known = await loadAncestors(ctx, tax, terms)
  return terms.map((term) => serializeTerm(term, tax.taxonomy, ctx, ancestorsOf(term, known).map((a) => a.slug)))
}
