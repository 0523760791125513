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

/** Path segments arrive percent-encoded (/events/by-slug/caf%C3%A9); a malformed escape stays as sent. */
function decode(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/** The first route whose regex matches the path below the namespace ('' or '/events/5'). */
export function matchRoute(routes: RouteDef[], path: string): RouteMatch | undefined {
  for (const route of routes) {
    const m = regexOf(route).exec(path)
    if (m) return { route, pathParams: Object.fromEntries(Object.entries(m.groups ?? {}).map(([k, v]) => [k, decode(v)])) }
  }
  return undefined
}
