import { defineEndpoint } from '../defineEndpoint.js'
import { openApiDocument } from './openApiDocument.js'
import type { RouteDef } from '../types.js'

/** GET /doc: the OpenAPI document. `routes` is late-bound so the document covers the whole table. */
export function docRoute(routes: () => RouteDef[]): RouteDef {
  return {
    pattern: '/doc',
    endpoints: [defineEndpoint({ methods: ['GET'], params: {}, handler: (ctx) => ({ body: openApiDocument(routes(), ctx) }) })],
  }
}
