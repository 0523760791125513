import { defineEndpoint } from '../../defineEndpoint.js'
import type { EndpointDef } from '../../types.js'
import { listLinked } from '../handlers/listLinked.js'
import { readLinked } from '../handlers/readLinked.js'
import type { LinkedKind } from '../LinkedKind.js'
import { linkedArchiveParams } from '../params/linkedArchiveParams.js'
import { type LinkedPathParams, linkedPathParams } from '../params/linkedPathParams.js'

/** GET /venues, GET /organizers (the archive). */
export function linkedArchiveEndpoint(kind: LinkedKind): EndpointDef {
  return defineEndpoint({ methods: ['GET'], params: linkedArchiveParams(kind), handler: (ctx, params, input) => listLinked(ctx, kind, params, input) })
}

/** GET /venues/<id> and /venues/by-slug/<slug> (organizers alike): both path parameters parse to the ID. */
export function linkedReadEndpoint<B extends 'id' | 'slug'>(kind: LinkedKind, by: B): EndpointDef<LinkedPathParams<B>> {
  return defineEndpoint({ methods: ['GET'], params: linkedPathParams(kind, by), handler: (ctx, params) => readLinked(ctx, kind, params[by]) })
}
