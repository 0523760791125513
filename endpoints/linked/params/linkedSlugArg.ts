import { ParamError } from '../../errors/ParamError.js'
import type { Param } from '../../types.js'
import { findSlugId } from '../../data/index.js'
import type { LinkedKind } from '../LinkedKind.js'

/**
 * The path `slug` of a by-slug route: the post name of an existing venue or organizer, else 400
 * rest_invalid_param (reference 7.3). Parsed to the ID it names, so the by-slug routes then behave
 * exactly like the ID routes (reference 6.6).
 */
export function linkedSlugArg(kind: LinkedKind): Param<Promise<number>> & { required: true } {
  return {
    type: 'string',
    description: kind.texts.slug,
    required: true,
    parse: async (raw, ctx, name) => {
      if (typeof raw !== 'string') throw ParamError.wrongType(name, 'string')
      const id = raw && raw.length <= 400 ? await findSlugId(ctx, kind.collection, raw) : undefined
      if (id === undefined) throw new ParamError()
      return id
    },
  }
}
