import type { CollectionSlug } from 'payload'
import { ParamError } from '../errors/ParamError.js'
import type { RequestContext } from '../types.js'
import { type ArgOptions, base, idListArg, type Kind, toId } from './kinds.js'

/** Which of `ids` exist in `collection` and are visible to the caller: one query. */
export async function visibleIds(ctx: RequestContext, collection: CollectionSlug, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set()
  const found = await ctx.payload.find({
    collection,
    where: { id: { in: ids } },
    pagination: false,
    depth: 0,
    select: {},
    overrideAccess: false,
    user: ctx.user,
  })
  return new Set(found.docs.map((doc) => doc.id as number))
}

/** One ID of an existing, visible document of `collection` (TEC's is_venue_id, is_event_id…), type integer. */
export function existingIdArg<const O extends Omit<ArgOptions, 'default'>>(collection: CollectionSlug, options?: O): Kind<Promise<number>, O> {
  return {
    ...base(options),
    type: 'integer',
    parse: async (raw, ctx) => {
      const id = toId(raw)
      if (id === null || id < 1 || !(await visibleIds(ctx, collection, [id])).has(id)) throw new ParamError()
      return id
    },
  }
}

/** A list (CSV or array) of IDs of existing, visible documents of `collection`; one unknown ID fails it. */
export function existingIdListArg<const O extends ArgOptions>(collection: CollectionSlug, options?: O): Kind<Promise<number[]>, O> {
  const list = idListArg(options)
  return {
    ...list,
    parse: async (raw, ctx, name) => {
      const ids = list.parse(raw, ctx, name)
      const found = await visibleIds(ctx, collection, ids)
      if (ids.some((id) => !found.has(id))) throw new ParamError()
      return ids
    },
  }
}
