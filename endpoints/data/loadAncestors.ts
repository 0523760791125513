import type { Term } from './documents.js'
import { relationId } from '../../collections/relationIds.js'
import type { RequestContext } from '../types.js'
import type { TaxonomyDef } from '../terms/taxonomies.js'

/** A term as an ancestor is loaded: what a category's `url` needs. */
export type TermNode = Pick<Term, 'id' | 'slug' | 'parent'>

/** Deeper trees than this are cut off (a guard against corrupt data, not a product limit). */
const MAX_DEPTH = 50

/**
 * Every ancestor of `terms`, by ID, in one query per tree level (never one per term): the page's
 * terms ask for their parents, those for theirs, until the roots. Tags have no ancestors.
 */
export async function loadAncestors(ctx: RequestContext, tax: TaxonomyDef, terms: Term[]): Promise<Map<number, TermNode>> {
  const known = new Map<number, TermNode>(terms.map((term) => [term.id, term]))
  if (!tax.hierarchical) return known
  let wanted = new Set(terms.map((term) => relationId(term.parent)).filter((id): id is number => id !== undefined && !known.has(id)))
  for (let level = 0; wanted.size && level < MAX_DEPTH; level++) {
    const found = await ctx.payload.find({
      collection: tax.collection,
      where: { id: { in: [...wanted] } },
      pagination: false,
      depth: 0,
      select: { slug: true, parent: true },
      overrideAccess: false,
      user: ctx.user,
    })
    const docs: TermNode[] = found.docs
    for (const doc of docs) known.set(doc.id, doc)
    wanted = new Set(docs.map((doc) => relationId(doc.parent)).filter((id): id is number => id !== undefined && !known.has(id)))
  }
  return known
}

/** The ancestors of a term, root first, from loadAncestors' map (a loop in the data ends the walk). */
export function ancestorsOf(term: TermNode, known: Map<number, TermNode>): TermNode[] {
  const chain: TermNode[] = []
  const seen = new Set([term.id])
  for (let id = relationId(term.parent); id !== undefined && !seen.has(id); ) {
    const parent = known.get(id)
    if (!parent) break
    chain.unshift(parent)
    seen.add(id)
    id = relationId(parent.parent)
  }
  return chain
}
