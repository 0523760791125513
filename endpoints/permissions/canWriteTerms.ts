import { managesTerms } from '../../collections/access/canManageTerms.js'
import type { RequestContext } from '../types.js'

/**
 * Permission of every term write (reference 9.3: edit_posts on events and manage_terms on the
 * taxonomy, which only editors and administrators hold): the collections' own rule, asked about
 * the caller.
 */
export function canWriteTerms(ctx: RequestContext): boolean {
  return managesTerms(ctx.user)
}
