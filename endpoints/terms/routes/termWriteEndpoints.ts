import { defineEndpoint } from '../../defineEndpoint.js'
import { mayWriteTerms } from '../../permissions/index.js'
import type { EndpointDef } from '../../types.js'
import { createTerm } from '../handlers/createTerm.js'
import { deleteTerm } from '../handlers/deleteTerm.js'
import { updateTerm } from '../handlers/updateTerm.js'
import { termIdParam, termWriteParams } from '../params/termWriteParams.js'
import type { TaxonomyDef } from '../taxonomies.js'

/** POST /categories, POST /tags (create). */
export function termCreateEndpoint(tax: TaxonomyDef): EndpointDef {
  return defineEndpoint({
    methods: ['POST'],
    params: termWriteParams(tax, { create: true }),
    permission: mayWriteTerms,
    handler: (ctx, params, input) => createTerm(ctx, tax, params, input),
  })
}

/** POST, PUT, PATCH /categories/<id> and /tags/<id> (a partial update). */
export function termUpdateEndpoint(tax: TaxonomyDef): EndpointDef {
  return defineEndpoint({
    methods: ['POST', 'PUT', 'PATCH'],
    params: { ...termIdParam(tax), ...termWriteParams(tax, { create: false }) },
    permission: mayWriteTerms,
    handler: (ctx, params, input) => updateTerm(ctx, tax, params.id, params, input),
  })
}

/** DELETE /categories/<id>, DELETE /tags/<id>. */
export function termDeleteEndpoint(tax: TaxonomyDef): EndpointDef {
  return defineEndpoint({
    methods: ['DELETE'],
    params: termIdParam(tax),
    permission: mayWriteTerms,
    handler: (ctx, params) => deleteTerm(ctx, tax, params.id),
  })
}
