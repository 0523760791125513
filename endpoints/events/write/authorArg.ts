import { USERS } from '../../../collections/slugs.js'
import { ParamError } from '../../errors/ParamError.js'
import { toInteger } from '../../params/kinds.js'
import type { ParamSpec } from '../../types.js'

/**
 * `author` on writes: the ID of an existing user (reference 6.3). Users are private to each other, so
 * existence is checked past access control; nothing about the user is returned. Whether the caller may
 * name someone else is the permission stage's question.
 */
export function authorArg(description: string): ParamSpec {
  return {
    type: 'integer',
    description,
    parse: async (raw, ctx) => {
      const id = toInteger(raw)
      if (id === null || id < 1) throw new ParamError()
      const found = await ctx.payload.count({ collection: USERS, where: { id: { equals: id } }, overrideAccess: true })
      if (!found.totalDocs) throw new ParamError()
      return id
    },
  }
}
