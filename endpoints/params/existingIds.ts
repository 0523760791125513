import type { CollectionSlug } from 'payload'
import { readVisible } from '../data/index.js'
import { ParamError } from '../errors/ParamError.js'
import type { ParamSpec } from '../types.js'
import { type ArgOptions, idListArg, toId } from './kinds.js'

/** One ID of an existing, visible document of `collection` (TEC's is_venue_id, is_event_id…), type integer. */
export function existingIdArg(collection: CollectionSlug, options: ArgOptions = {}): ParamSpec {
  return {
    ...(options.description !== undefined ? { description: options.description } : {}),
    ...(options.required ? { required: true } : {}),
    type: 'integer',
    parse: async (raw, ctx) => {
      const id = toId(raw)
      if (id === null || id < 1 || !(await readVisible(ctx, collection, [id], { select: {} })).has(id)) throw new ParamError()
      return id
    },
  }
}

/** A list (CSV or array) of IDs of existing, visible documents of `collection`; one unknown ID fails it. */
export function existingIdListArg(collection: CollectionSlug, options: ArgOptions = {}): ParamSpec {
  const list = idListArg(options)
  return {
    ...list,
    parse: async (raw, ctx, name) => {
      const ids = (await list.parse!(raw, ctx, name)) as number[]
      const found = await readVisible(ctx, collection, ids, { select: {} })
      if (ids.some((id) => !found.has(id))) throw new ParamError()
      return ids
    },
  }
}
