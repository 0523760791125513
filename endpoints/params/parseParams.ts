import { RestError } from '../errors/RestError.js'
import type { ParamSpec, RequestContext } from '../types.js'

/**
 * Collects parameters the WordPress way (reference 1.1): URL path params, then the query string,
 * then the body (which wins), then defaults. Missing required ones fail together, in declaration order.
 */
export function parseParams(
  specs: Record<string, ParamSpec>,
  sources: { path: Record<string, string>; query: Record<string, unknown>; body: Record<string, unknown> },
  ctx: RequestContext,
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...sources.path, ...sources.query, ...sources.body }
  const params: Record<string, unknown> = {}
  const missing: string[] = []
  for (const [name, spec] of Object.entries(specs)) {
    if (merged[name] !== undefined) params[name] = merged[name]
    else if (spec.default !== undefined) params[name] = typeof spec.default === 'function' ? spec.default(ctx) : spec.default
    else if (spec.required) missing.push(name)
  }
  if (missing.length) throw new RestError('rest_missing_callback_param', 400, [missing.join(', ')], { params: missing })
  return params
}
