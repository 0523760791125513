import type { Term } from '../../data/documents.js'
import type { RequestContext } from '../../types.js'
import { loadTerms } from '../../data/index.js'
import type { TaxonomyDef } from '../taxonomies.js'
import { serializeTermList } from '../serialize/serializeTermList.js'

/**
 * Terms as the term routes answer them (reference 9.1): loaded with their ancestors for the whole list
 * (a category's front-end `url` needs their slugs), then serialized.
 */
export async function termAnswers(ctx: RequestContext, tax: TaxonomyDef, terms: Term[]) {
  return serializeTermList(tax, await loadTerms(ctx, tax, terms), ctx)
}
