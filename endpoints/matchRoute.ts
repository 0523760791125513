import type { RouteDef } from './types.js'

export interface RouteMatch {
  route: RouteDef
  pathParams: Record<string, string>
}

const compiled = new WeakMap<RouteDef, RegExp>()

/** WordPress route regexes use PCRE's (?P<name>…); JavaScript spells it (?<name>…). Anchored like WP. */
function regexOf(route: RouteDef): RegExp {
  let re = compiled.get(route)
  if (!re) {
    re = new RegExp(`^${route.pattern.replace(/\(\?P</g, '(?<')}/?$`)
    compiled.set(route, re)
  }
  return re
}

/** The first route whose regex matches the path below the namespace ('' or '/events/5'). */
export function matchRoute(routes: RouteDef[], path: string): RouteMatch | undefined {
  for (const route of routes) {
    const m = regexOf(route).exec(path)
    if (m) return { route, pathParams: { ...(m.groups ?? {}) } }
  }
  return undefined
}
