import { ParamError } from '../../errors/ParamError.js'
import { toId } from '../../params/kinds.js'
import type { Param } from '../../types.js'
import { locatePost } from '../../data/index.js'
import type { LinkedKind } from '../LinkedKind.js'

/** The path `id` of a single venue or organizer: an existing one, else 400 rest_invalid_param (reference 7.3). */
export function linkedIdArg(kind: LinkedKind): Param<Promise<number>> & { required: true } {
  return {
    type: 'integer',
    description: kind.texts.id,
    required: true,
    parse: async (raw, ctx) => {
      const id = toId(raw)
      if (id === null || id < 1 || (await locatePost(ctx, kind.collection, { id })) === undefined) throw new ParamError()
      return id
    },
  }
}
