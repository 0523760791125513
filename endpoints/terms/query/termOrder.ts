import type { Term } from '../../data/documents.js'
import { compareTermNames } from '../serialize/compareTermNames.js'
import { relationId } from '../../../collections/relationIds.js'
import type { TermArchiveValues } from '../params/termArchiveParams.js'
import type { TaxonomyDef } from '../taxonomies.js'

type Selected = Partial<Record<'name' | 'parent' | 'description', true>>

/** A term as the ranking query selects it: its ID and the fields of the `select`. */
export type RankedTerm = Pick<Term, 'id'> & Partial<Pick<Term, 'name' | 'parent' | 'description'>>

/**
 * How a term list is ordered: a database sort where every adapter orders alike (columns that are
 * never null, compared byte-wise), else a comparison over every match, which costs one narrow extra
 * query. `parent` and `description` are nullable (SQLite and MongoDB sort nulls first, PostgreSQL
 * last; WordPress stores 0 and ""), `name` is compared case-insensitively as MySQL collates it, and
 * `include` follows the order of the `include` list.
 */
export type TermOrder = { sort: string[] } | { select: Selected; compare: (a: RankedTerm, b: RankedTerm) => number }

const collator = new Intl.Collator('en')

/** The order of a term list (reference 9.1: orderby defaults to name, order to ascending). */
export function termOrder(params: TermArchiveValues, tax: TaxonomyDef): TermOrder {
  const desc = params.order === 'desc'
  const orderby = params.orderby ?? 'name'
  const dir = (field: string) => (desc ? `-${field}` : field)
  const ranked = (select: Selected, rank: (a: RankedTerm, b: RankedTerm) => number) => ({
    select,
    compare: (a: RankedTerm, b: RankedTerm) => (desc ? -1 : 1) * (rank(a, b) || a.id - b.id),
  })
  switch (orderby) {
    case 'id':
      return { sort: [dir('id')] }
    case 'slug':
      return { sort: [dir('slug')] }
    case 'count':
      return { sort: [dir('count'), dir('id')] }
    case 'description':
      return ranked({ description: true }, (a, b) => collator.compare(a.description ?? '', b.description ?? ''))
    case 'parent':
      // Tags have no parent: every one is 0, so the order is the ID order.
      if (!tax.hierarchical) return { sort: [dir('id')] }
      return ranked({ parent: true }, (a, b) => (relationId(a.parent) ?? 0) - (relationId(b.parent) ?? 0))
    case 'include': {
      // FIELD(term_id, include…); without an include list get_terms falls back to the name.
      const include = params.include
      if (!include?.length) return ranked({ name: true }, compareTermNames)
      const position = new Map(include.map((id, i) => [id, i]))
      return ranked({}, (a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0))
    }
    default:
      // name, term_group (always 0 here, so name order) and include_slugs (`slug` is one slug, so at
      // most one match: any order is its order). Compared here: no adapter sorts case-insensitively alike.
      return ranked({ name: true }, compareTermNames)
  }
}
