import { defineEndpoint } from '../../defineEndpoint.js'
import { mayChangePost, mayCreatePost } from '../../permissions/index.js'
import type { EndpointDef } from '../../types.js'
import { createLinked } from '../handlers/createLinked.js'
import { deleteLinked } from '../handlers/deleteLinked.js'
import { updateLinked } from '../handlers/updateLinked.js'
import type { LinkedKind } from '../LinkedKind.js'
import { linkedPathParams } from '../params/linkedPathParams.js'

/** POST /venues, POST /organizers (create). */
export function linkedCreateEndpoint(kind: LinkedKind): EndpointDef {
  return defineEndpoint({
    methods: ['POST'],
    params: kind.writeParams(true),
    permission: mayCreatePost,
    handler: (ctx, params, input) => createLinked(ctx, kind, params, input),
  })
}

/**
 * POST/PUT/PATCH on one venue (organizer). `by` is not generic here: the write parameters' types do
 * not combine with a generic path name, so the path is typed under both names and only `by`, the one
 * the route has, is read.
 */
export function linkedUpdateEndpoint(kind: LinkedKind, by: 'id' | 'slug'): EndpointDef {
  return defineEndpoint({
    methods: ['POST', 'PUT', 'PATCH'],
    params: { ...linkedPathParams(kind, by), ...kind.writeParams(false) },
    permission: mayChangePost(kind.collection, by),
    handler: (ctx, params, input) => updateLinked(ctx, kind, params[by], params, input),
  })
}

/** DELETE one venue (organizer), by ID or by slug. */
export function linkedDeleteEndpoint<B extends 'id' | 'slug'>(kind: LinkedKind, by: B): EndpointDef {
  return defineEndpoint({
    methods: ['DELETE'],
    params: linkedPathParams(kind, by),
    permission: mayChangePost(kind.collection, by),
    handler: (ctx, params) => deleteLinked(ctx, kind, params[by]),
  })
}
