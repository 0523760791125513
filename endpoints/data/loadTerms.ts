import type { Term } from './documents.js'
import type { RequestContext } from '../types.js'
import type { TaxonomyDef } from '../terms/taxonomies.js'
import { loadAncestors, type TermNode } from './loadAncestors.js'

/** Everything a list of terms needs: serializeTermList is a pure function of it. */
export interface TermListLoad {
  terms: Term[]
  /** The terms and every ancestor of theirs, by ID (a category's `url` names its ancestors' slugs). */
  known: Map<number, TermNode>
}

/** Terms with their ancestors, in one query per tree level for the whole list (loadAncestors). */
export async function loadTerms(ctx: RequestContext, tax: TaxonomyDef, terms: Term[]): Promise<TermListLoad> {
  return { terms, known: await loadAncestors(ctx, tax, terms) }
}
