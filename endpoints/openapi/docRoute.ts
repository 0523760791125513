import { openApiDocument } from './openApiDocument.js'
import type { RouteDef } from '../types.js'

/** GET /doc: the OpenAPI document. `routes` is late-bound so the document covers the whole table. */
export function docRoute(routes: () => RouteDef[]): RouteDef {
  return {
    pattern: '/doc',
    endpoints: [{ methods: ['GET'], params: {}, handler: (ctx) => ({ body: openApiDocument(routes(), ctx) }) }],
  }
}
