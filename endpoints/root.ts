import { defineEndpoint } from './defineEndpoint.js'
import { NAMESPACE } from './namespace.js'
import { namespaceIndex } from './openapi/namespaceIndex.js'
import type { RouteDef } from './types.js'

/** GET / : the namespace index. `routes` is late-bound so the index lists every route, itself included. */
export function rootRoute(routes: () => RouteDef[]): RouteDef {
  return {
    pattern: '',
    endpoints: [
      defineEndpoint({
        methods: ['GET'],
        params: { namespace: { default: NAMESPACE }, context: { default: 'view' } },
        handler: (ctx) => ({ body: namespaceIndex(routes(), ctx) }),
      }),
    ],
  }
}
