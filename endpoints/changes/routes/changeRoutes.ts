import { defineEndpoint } from '../../defineEndpoint.js'
import type { RouteDef } from '../../types.js'
import { listChanges } from '../handlers/listChanges.js'
import { changesParams } from '../params/changesParams.js'

/** GET /changes: the change feed, an extension of the reference (docs/api.md, the change feed). */
export const changeRoutes: RouteDef[] = [
  {
    pattern: '/changes',
    endpoints: [defineEndpoint({ methods: ['GET'], params: changesParams, handler: (ctx, params) => listChanges(ctx, params) })],
    docs: { schema: 'ChangeFeed', gone: true },
  },
]
