import { EVENTS } from '../../../collections/slugs.js'
import { ParamError } from '../../errors/ParamError.js'
import { stringArg } from '../../params/kinds.js'
import { findSlugId } from '../../data/index.js'
import type { Param } from '../../types.js'

const slug = stringArg({ maxLength: 200 })

/**
 * `slug` of GET and DELETE /events/by-slug/<slug>: the slug of an event, trashed ones included,
 * converted to its ID; anything else (another post type's slug too, a draft's for anonymous callers)
 * is 400 rest_invalid_param (reference 6.6).
 */
export function eventSlugArg(description: string): Param<Promise<number>> & { required: true } {
  return {
    ...stringArg({ description, required: true, maxLength: 200 }),
    parse: async (raw, ctx, name) => {
      const id = await findSlugId(ctx, EVENTS, slug.parse(raw, ctx, name))
      if (id === undefined) throw new ParamError()
      return id
    },
  }
}
