import { canChangeById } from './postPermissions.js'
import type { RequestContext } from '../types.js'
import { findPostId } from '../data/findPostId.js'
import type { LinkedKind } from '../linked/LinkedKind.js'

/**
 * Permission of DELETE and POST/PUT/PATCH on one venue or organizer: edit_post / delete_post on it
 * (reference section 2). `param` holds its ID once parsed; the Allow header is decided on the raw
 * path values, where a by-slug route still carries the slug, so that is resolved here.
 */
export function canChangeLinked(kind: LinkedKind, param: 'id' | 'slug') {
  const byId = canChangeById(kind.collection, param)
  return async (ctx: RequestContext, params: Readonly<Record<string, unknown>>): Promise<boolean> => {
    if (!ctx.user) return false
    const value = params[param]
    const id = typeof value === 'string' ? await findPostId(ctx, kind.collection, { slug: value }) : value
    return byId(ctx, { ...params, [param]: id })
  }
}
