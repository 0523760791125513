import type { Term } from './documents.js'
import type { RequestContext } from '../types.js'
import type { TaxonomyDef } from '../terms/taxonomies.js'
import { ancestorsOf, loadAncestors, type TermNode } from './loadAncestors.js'

/** Everything a list of terms needs: serializeTermList is a pure function of it. */
export interface TermListLoad {
  terms: Term[]
  /** Each term's ancestors, root first, by the term's ID (a category's `url` names their slugs). */
  ancestors: Map<number, TermNode[]>
}

/** Terms with their ancestors, in one query per tree level for the whole list (loadAncestors). */
export async function loadTerms(ctx: RequestContext, tax: TaxonomyDef, terms: Term[]): Promise<TermListLoad> {
  const known = await loadAncestors(ctx, tax, terms)
  return { terms, ancestors: new Map(terms.map((term) => [term.id, ancestorsOf(term, known)])) }
}
