import type { RequestContext, RouteDef } from '../types.js'
import { routeEntry } from './routeEntry.js'

/** GET / : WordPress's get_namespace_index shape (reference section 3). */
export function namespaceIndex(routes: RouteDef[], ctx: RequestContext) {
  return {
    namespace: ctx.namespace,
    routes: Object.fromEntries(routes.map((route) => [`/${ctx.namespace}${route.pattern}`, routeEntry(route, ctx)])),
    _links: { up: [{ href: `${ctx.restRoot}/` }] },
  }
}
