import { termsWithNameLike } from '../../data/index.js'
import type { RequestContext } from '../../types.js'
import type { TaxonomyDef } from '../taxonomies.js'

/**
 * The ID of a term of the taxonomy with the same name, compared case-insensitively, under the same
 * parent for categories (WordPress's wp_insert_term duplicate check, reference 9.3). The database
 * narrows by substring; the exact comparison is made here, the same on every adapter.
 */
export async function existingTermWithName(ctx: RequestContext, tax: TaxonomyDef, name: string, parent?: number): Promise<number | undefined> {
  const found = await termsWithNameLike(ctx, tax, name, parent)
  const wanted = name.toLowerCase()
  return found.find((doc) => doc.name.toLowerCase() === wanted)?.id
}
