import type { Term } from '../../data/documents.js'
import type { TermWriteValues } from '../params/termWriteParams.js'

/** The stored fields a term write may set. */
export type TermData = Partial<Pick<Term, 'name' | 'description' | 'slug' | 'parent'>>

/** The stored fields a term write sets: only those sent (updates are partial, reference 9.3). */
export function termData(params: TermWriteValues): TermData {
  const data: TermData = {}
  // WordPress trims names (sanitize_text_field on pre_term_name).
  if (typeof params.name === 'string') data.name = params.name.trim()
  if (typeof params.description === 'string') data.description = params.description
  if (typeof params.slug === 'string') data.slug = params.slug
  if (typeof params.parent === 'number') data.parent = params.parent
  return data
}
