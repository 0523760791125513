import type { TermListLoad } from '../../data/loadTerms.js'
import type { SerializeContext } from '../../serialize/SerializeContext.js'
import { serializeTerm, type Taxonomy } from './serializeTerm.js'

/** Terms as the term routes answer them (reference 9.1), from what loadTerms read. */
export function serializeTermList(tax: { taxonomy: Taxonomy }, load: TermListLoad, ctx: SerializeContext) {
  return load.terms.map((term) => serializeTerm(term, tax.taxonomy, ctx, (load.ancestors.get(term.id) ?? []).map((a) => a.slug)))
}
