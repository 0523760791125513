import type { CollectionSlug } from 'payload'
import { readVisible } from '../data/index.js'
import { ParamError } from '../errors/ParamError.js'
import { type ArgOptions, base, idListArg, type Kind, toId } from './kinds.js'

/** One ID of an existing, visible document of `collection` (TEC's is_venue_id, is_event_id…), type integer. */
export function existingIdArg<const O extends Omit<ArgOptions, 'default'>>(collection: CollectionSlug, options?: O): Kind<Promise<number>, O> {
  return {
    ...base(options),
    type: 'integer',
    parse: async (raw, ctx) => {
      const id = toId(raw)
      if (id === null || id < 1 || !(await readVisible(ctx, collection, [id], { select: {} })).has(id)) throw new ParamError()
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
      const found = await readVisible(ctx, collection, ids, { select: {} })
      if (ids.some((id) => !found.has(id))) throw new ParamError()
      return ids
    },
  }
}
