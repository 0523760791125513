import { defineEndpoint } from '../../defineEndpoint.js'
import type { EndpointDef } from '../../types.js'
import { listTerms } from '../handlers/listTerms.js'
import { readTerm } from '../handlers/readTerm.js'
import { termArchiveParams } from '../params/termArchiveParams.js'
import { termIdParam } from '../params/termWriteParams.js'
import type { TaxonomyDef } from '../taxonomies.js'

/** GET /categories, GET /tags (the archive). */
export function termArchiveEndpoint(tax: TaxonomyDef): EndpointDef {
  return defineEndpoint({ methods: ['GET'], params: termArchiveParams(tax), handler: (ctx, params) => listTerms(ctx, tax, params) })
}

/** GET /categories/<id>, GET /tags/<id>. */
export function termReadEndpoint(tax: TaxonomyDef): EndpointDef {
  return defineEndpoint({ methods: ['GET'], params: termIdParam(tax), handler: (ctx, params) => readTerm(ctx, tax, params.id) })
}
