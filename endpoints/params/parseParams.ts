import { ParamError } from '../errors/ParamError.js'
import { RestError } from '../errors/RestError.js'
import type { EndpointInput, ParamSpec, ParamSpecs, Params, RequestContext } from '../types.js'

export interface ParamSources {
  path: Record<string, string>
  query: Record<string, unknown>
  body: Record<string, unknown>
}

/**
 * WordPress's request pipeline for arguments (reference 1.1): merge path, query and body (the body
 * wins), apply defaults, fail on missing required ones (400 rest_missing_callback_param, in declaration
 * order), then validate and convert every present one, failing on all invalid ones at once
 * (400 rest_invalid_param with data.params and data.details).
 */
export async function parseParams<P extends ParamSpecs>(
  specs: P,
  sources: ParamSources,
  ctx: RequestContext,
): Promise<{ params: Params<P>; input: EndpointInput }> {
  const raw: Record<string, unknown> = { ...sources.path, ...sources.query, ...sources.body }
  const given = new Set<string>()
  const present: Array<[string, ParamSpec, unknown]> = []
  const missing: string[] = []
  for (const [name, spec] of Object.entries(specs)) {
    if (raw[name] !== undefined) {
      given.add(name)
      present.push([name, spec, raw[name]])
    } else if (spec.default !== undefined) {
      present.push([name, spec, typeof spec.default === 'function' ? spec.default(ctx) : spec.default])
    } else if (spec.required) missing.push(name)
  }
  if (missing.length) throw new RestError('rest_missing_callback_param', 400, [missing.join(', ')], { params: missing })

  const params: Record<string, unknown> = {}
  const invalid: Record<string, string> = {}
  const details: Record<string, unknown> = {}
  for (const [name, spec, value] of present) {
    // PostgreSQL text cannot hold NUL: refused for every declared argument here, before any query sees it.
    if (!spec.hidden && containsNul(value)) {
      invalid[name] = new ParamError().message
      continue
    }
    try {
      params[name] = spec.parse ? await spec.parse(value, ctx, name) : value
    } catch (error) {
      if (!(error instanceof ParamError)) throw error
      invalid[name] = error.message
      if (error.detail) details[name] = error.detail
    }
  }
  const names = Object.keys(invalid)
  if (names.length) {
    // PHP serialises an empty details array as [] (reference 1.1).
    const data = { params: invalid, details: Object.keys(details).length ? details : [] }
    throw new RestError('rest_invalid_param', 400, [names.join(', ')], data)
  }
  // Each value is its declaration's parse result, or a present default's, or absent: what Params<P> describes.
  return { params: params as Params<P>, input: { given, raw } }
}

/** Whether a string anywhere in the value (nested arrays and objects too) holds a NUL character. */
function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000')
  if (depth > 32 || value === null || typeof value !== 'object') return false
  return Object.entries(value).some(([key, v]) => key.includes('\u0000') || containsNul(v, depth + 1))
}
