import type { AccessArgs } from 'payload'
import { canManageTerms } from '../../collections/access/canManageTerms.js'
import type { RequestContext } from '../types.js'

/**
 * Permission of every term write (reference 9.3: edit_posts on events and manage_terms on the
 * taxonomy, which only editors and administrators hold): the collection's own access rule, asked
 * about the caller.
 */
export function canWriteTerms(ctx: RequestContext): boolean {
  return canManageTerms({ req: { user: ctx.user } } as unknown as AccessArgs) === true
}
