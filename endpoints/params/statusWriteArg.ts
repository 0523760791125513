import { POST_STATUSES } from '../../lib/postStatus.js'
import { ParamError } from '../errors/ParamError.js'
import type { Param } from '../types.js'

/** `status` on writes: one of the stored statuses (a registered status, reference 6.3). */
export function statusWriteArg(description: string): Param<string> {
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
