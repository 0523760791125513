import { canPublishPosts } from '../../collections/access/postCapabilities.js'
import { POST_STATUSES } from '../../collections/roles.js'
import { ParamError } from '../errors/ParamError.js'
import type { ParamSpec, RequestContext } from '../types.js'

/** `status` on writes: one of the stored statuses (a registered status, reference 6.3). */
export function statusWriteArg(description: string): ParamSpec {
  return {
    type: 'string',
    description,
    parse: (raw, _ctx, name) => {
      if (typeof raw !== 'string') throw ParamError.wrongType(name, 'string')
      if (!(POST_STATUSES as readonly string[]).includes(raw)) throw new ParamError()
      return raw
    },
  }
}

/**
 * The status a new post gets (reference 6.5): what was sent, or `publish` for callers who may publish
 * and `draft` for those who may not. A publish/future request by the latter becomes `pending` in the
 * collections' scaleBackStatus hook, for every entry point alike.
 */
export function initialStatus(ctx: RequestContext, sent: unknown): string {
  if (typeof sent === 'string') return sent
  return canPublishPosts(ctx.user) ? 'publish' : 'draft'
}
