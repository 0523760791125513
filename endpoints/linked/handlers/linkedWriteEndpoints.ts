import { ValidationError } from 'payload'
import { RestError } from '../../errors/RestError.js'
import type { MessageCode } from '../../errors/messages.js'
import { loadLinked, locatePost } from '../../data/index.js'
import { defineEndpoint } from '../../defineEndpoint.js'
import { mayChangePost, mayCreatePost } from '../../permissions/index.js'
import type { EndpointDef, RequestContext } from '../../types.js'
import { storeImage } from '../../write/storeImage.js'
import { trashPost } from '../../write/trashPost.js'
import type { LinkedDoc, LinkedKind } from '../LinkedKind.js'
import { linkedPathParams } from '../params/linkedPathParams.js'
import { serializeLinkedList } from '../serialize/serializeLinkedList.js'
import { findOrCreateLinked } from '../write/findOrCreateLinked.js'
import { toWriteData } from '../write/toWriteData.js'

/** Payload's own refusals of the data (a required field, a bad relation) are the reference's 400s. */
async function saving<T>(code: MessageCode, save: () => Promise<T>): Promise<T> {
  try {
    return await save()
  } catch (error) {
    if (error instanceof ValidationError) throw new RestError(code, 400)
    throw error
  }
}

async function single(ctx: RequestContext, kind: LinkedKind, doc: unknown) {
  const [body] = serializeLinkedList(kind, await loadLinked(ctx, [doc as LinkedDoc]), ctx)
  return body
}

/**
 * POST /venues (/organizers), 201 (reference 7.4): validation → edit_posts (edit_others_posts too to
 * name another author) → duplicate avoidance (the existing post, 201, nothing created) → the image
 * (downloaded only now) → create as the caller, the status scaled back by the collection's hook.
 */
export function linkedCreateEndpoint(kind: LinkedKind): EndpointDef {
  return defineEndpoint({
    methods: ['POST'],
    params: kind.writeParams(true),
    permission: mayCreatePost,
    handler: async (ctx, params, input) => ({ status: 201, body: await single(ctx, kind, await findOrCreateLinked(ctx, kind, params, input.given)) }),
  })
}

/**
 * POST/PUT/PATCH on one venue (organizer), 200 (reference 7.4): validation (an unknown ID is 400) →
 * edit_post (edit_others_posts too to name another author) → a partial update as the caller
 * (deliberate difference 6.1; show_map flags are not reset). `by` is not generic here: the write
 * parameters' types do not combine with a generic path name, so the path is typed under both names
 * and only `by`, the one the route has, is read.
 */
export function linkedUpdateEndpoint(kind: LinkedKind, by: 'id' | 'slug'): EndpointDef {
  return defineEndpoint({
    methods: ['POST', 'PUT', 'PATCH'],
    params: { ...linkedPathParams(kind, by), ...kind.writeParams(false) },
    permission: mayChangePost(kind.collection, by),
    handler: async (ctx, params, input) => {
      const id = params[by]
      const data = await toWriteData(ctx, kind, params, input.given)
      if (input.given.has('image') && params.image !== undefined) data.image = await storeImage(ctx, params.image)
      const updated = await saving(`could-not-update-${kind.name}` as MessageCode, () =>
        ctx.payload.update({ collection: kind.collection, id, data: data as never, trash: true, depth: 0, overrideAccess: false, user: ctx.user }),
      )
      return { body: await single(ctx, kind, updated) }
    },
  })
}

/**
 * DELETE one venue (organizer), 200 (reference 7.4): validation (an unknown ID is 400, even for
 * anonymous callers) → delete_post → 410 <kind>-is-in-trash → moved to the trash, answered as it
 * reads afterwards (status "trash", slug …__trashed). Its events drop it (collection hook).
 */
export function linkedDeleteEndpoint<B extends 'id' | 'slug'>(kind: LinkedKind, by: B): EndpointDef {
  return defineEndpoint({
    methods: ['DELETE'],
    params: linkedPathParams(kind, by),
    permission: mayChangePost(kind.collection, by),
    handler: async (ctx, params) => {
      const id = params[by]
      const post = await locatePost(ctx, kind.collection, { id })
      if (post?.deletedAt) throw new RestError(`${kind.name}-is-in-trash` as MessageCode, 410)
      let trashed: unknown
      try {
        trashed = await trashPost(ctx, kind.collection, id)
      } catch (error) {
        if ((error as { name?: string })?.name === 'Forbidden') throw error
        ctx.payload.logger.error({ err: error, collection: kind.collection, id }, 'trashing failed')
        throw new RestError(`could-not-delete-${kind.name}` as MessageCode, 500)
      }
      return { body: await single(ctx, kind, trashed) }
    },
  })
}
