import { userExists } from '../data/index.js'
import { ParamError } from '../errors/ParamError.js'
import { type ArgOptions, toId } from './kinds.js'
import type { Param } from '../types.js'

/**
 * `author` on writes: the ID of an existing user (TEC's is_user_id). Existence is read past access
 * control and nothing about the user is returned; whether the caller may name someone else is the
 * collections' assignAuthor rule (only editors may).
 */
export function existingUserArg(options: ArgOptions = {}): Param<Promise<number>> {
  return {
    ...(options.description !== undefined ? { description: options.description } : {}),
    type: 'integer',
    parse: async (raw, ctx) => {
      const id = toId(raw)
      if (id === null || id < 1) throw new ParamError()
      if (!(await userExists(ctx, id))) throw new ParamError()
      return id
    },
  }
}
