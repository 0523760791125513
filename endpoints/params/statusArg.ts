import { mayEditPosts } from '../permissions/index.js'
import { POST_STATUSES } from '../../lib/postStatus.js'
import { ParamError } from '../errors/ParamError.js'
import type { Param, RequestContext } from '../types.js'
import { toList } from './kinds.js'

/** Statuses a list can ask for: the stored ones plus "trash" (trashed posts). */
export const LISTABLE_STATUSES = [...POST_STATUSES, 'trash'] as const

/**
 * The `status` filter of archives (reference 5.1): a comma list or array. Callers who cannot write
 * may ask for exactly `publish`; writers for any registered status (`any` is not one). Absent, the
 * default is statusesFor(ctx).
 */
export function statusArg(description: string): Param<string[]> {
  return {
    description,
    format: 'string',
    parse: (raw, ctx) => {
      const list = toList(raw)
      if (!list?.length || list.some((s) => typeof s !== 'string')) throw new ParamError()
      const statuses = [...new Set(list as string[])]
      const allowed: readonly string[] = mayEditPosts(ctx) ? LISTABLE_STATUSES : ['publish']
      if (statuses.some((s) => !allowed.includes(s))) throw new ParamError()
      return statuses
    },
  }
}

/** What an archive lists without a status filter: published posts, or every untrashed status for writers. */
export function statusesFor(ctx: RequestContext): string[] {
  return mayEditPosts(ctx) ? [...POST_STATUSES] : ['publish']
}
