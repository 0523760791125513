import { POST_STATUSES, type PostStatus } from '../../lib/postStatus.js'
import { ParamError } from '../errors/ParamError.js'
import type { Param } from '../types.js'

/** `status` on writes: one of the stored statuses (a registered status, reference 6.3). */
export function statusWriteArg(description: string): Param<PostStatus> {
  return {
    type: 'string',
    description,
    parse: (raw, _ctx, name) => {
      if (typeof raw !== 'string') throw ParamError.wrongType(name, 'string')
      const status = POST_STATUSES.find((known) => known === raw)
      if (!status) throw new ParamError()
      return status
    },
  }
}
