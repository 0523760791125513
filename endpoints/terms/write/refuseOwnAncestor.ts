import { RestError } from '../../errors/RestError.js'
import type { RequestContext } from '../../types.js'
import { ancestorsOf, loadAncestors } from '../../data/index.js'
import { requireTerm } from '../handlers/requireTerm.js'
import type { TaxonomyDef } from '../taxonomies.js'

/**
 * A category cannot become its own ancestor: moving it under itself or under one of its descendants
 * is 400 rest_invalid_param on `parent` (WordPress silently breaks such loops instead; we refuse
 * them, so no write ever half-happens). One query per level above the new parent.
 */
export async function refuseOwnAncestor(ctx: RequestContext, tax: TaxonomyDef, id: number, parentId: number): Promise<void> {
  let loops = parentId === id
  if (!loops) {
    const parent = await requireTerm(ctx, tax, parentId)
    loops = ancestorsOf(parent, await loadAncestors(ctx, tax, [parent])).some((term) => term.id === id)
  }
  if (loops) throw new RestError('rest_invalid_param', 400, ['parent'], { params: { parent: 'Invalid parameter.' }, details: [] })
}
