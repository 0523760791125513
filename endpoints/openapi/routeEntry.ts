import { translate } from '../i18n/translate.js'
import type { ParamSpec, RequestContext, RouteDef } from '../types.js'

/** A parameter as the WordPress index shows it: JSON-schema keywords plus `required`. */
export function indexArg(spec: ParamSpec, ctx: RequestContext): Record<string, unknown> {
  const arg: Record<string, unknown> = {}
  if (spec.default !== undefined) arg.default = typeof spec.default === 'function' ? spec.default(ctx) : spec.default
  if (spec.description !== undefined) arg.description = translate(spec.description, ctx.locale)
  if (spec.type !== undefined) arg.type = spec.type
  if (spec.format !== undefined) arg.format = spec.format
  if (spec.items !== undefined) arg.items = spec.items
  if (spec.enum !== undefined) arg.enum = spec.enum
  arg.required = spec.required ?? false
  return arg
}

/** The namespace index entry of one route (also the body of OPTIONS on that route). */
export function routeEntry(route: RouteDef, ctx: RequestContext): Record<string, unknown> {
  const entry: Record<string, unknown> = {
    namespace: ctx.namespace,
    methods: route.endpoints.flatMap((e) => e.methods),
    endpoints: route.endpoints.map((e) => {
      const args = Object.entries(e.params).filter(([, spec]) => !spec.hidden)
      return {
        methods: e.methods,
        // PHP serialises an empty array as [] (reference 1.6).
        args: args.length ? Object.fromEntries(args.map(([name, spec]) => [name, indexArg(spec, ctx)])) : [],
      }
    }),
  }
  if (!route.pattern.includes('(?P<')) {
    entry._links = { self: [{ href: `${ctx.restRoot}/${ctx.namespace}${route.pattern}` }] }
  }
  return entry
}
