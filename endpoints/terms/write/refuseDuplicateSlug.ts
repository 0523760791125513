import { toSlug } from '../../../collections/hooks/toSlug.js'
import { RestError } from '../../errors/RestError.js'
import { slugTaken } from '../../data/index.js'
import type { RequestContext } from '../../types.js'
import type { TaxonomyDef } from '../taxonomies.js'

/**
 * An update may not take a slug another term of the taxonomy has (WordPress's wp_update_term
 * duplicate_term_slug). The reference answers it with status 500 (reference 9.3); we answer 400.
 * A slug that sanitizes to nothing is derived from the name again, so it cannot collide.
 */
export async function refuseDuplicateSlug(ctx: RequestContext, tax: TaxonomyDef, id: number, given: string): Promise<void> {
  const slug = toSlug(given)
  if (!slug) return
  if (await slugTaken(ctx, tax, slug, id)) throw new RestError('duplicate_term_slug', 400, [slug])
}
