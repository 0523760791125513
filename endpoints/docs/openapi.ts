import { translate } from '../i18n/translate.js'
import type { EndpointDef, HttpMethod, ParamSpec, RequestContext, RouteDef } from '../types.js'
import { COMPONENT_SCHEMAS } from './schemas.js'

type Json = Record<string, unknown>

// Fixed English texts of the document; translated per request like every other description.
export const DOC_TEXTS = {
  title: 'The Events Calendar REST API',
  description: 'The Events Calendar REST API allows accessing upcoming events information easily and conveniently.',
  docResponse: 'Returns the documentation for The Events Calendar REST API in Swagger consumable format.',
  ok: 'The request succeeded.',
  created: 'The resource was created.',
  badRequest: 'A required parameter is missing or an input parameter is in the wrong format.',
  unauthorized: 'The request requires authentication.',
  forbidden: 'The caller may not do this, or the resource is not accessible.',
  notFound: 'The resource, or the requested archive page, does not exist.',
  gone: 'The resource is already in the trash.',
} as const

const PATH_PARAM = /\(\?P<([a-z_]+)>[^)]*\)/g

/** `/events/(?P<id>\d+)` → `/events/{id}` */
export function openApiPath(pattern: string): string {
  return pattern.replace(PATH_PARAM, '{$1}')
}

function pathParamNames(pattern: string): Set<string> {
  return new Set(Array.from(pattern.matchAll(PATH_PARAM), (m) => m[1]!))
}

/** A parameter's JSON schema in OpenAPI 3.0 terms (WordPress leaves `type` off dates and lists). */
function paramSchema(spec: ParamSpec, ctx: RequestContext): Json {
  const type = spec.type ?? (spec.items ? 'array' : 'string')
  const schema: Json = { type }
  if (type === 'array') schema.items = spec.items ?? { type: 'string' }
  if (spec.format && spec.format !== 'string') schema.format = spec.format
  if (spec.enum) schema.enum = [...spec.enum]
  const fallback = typeof spec.default === 'function' ? spec.default(ctx) : spec.default
  if (fallback !== undefined && fallback !== null && typeof fallback !== 'object') schema.default = fallback
  return schema
}

function visible(params: Record<string, ParamSpec>): Array<[string, ParamSpec]> {
  return Object.entries(params).filter(([, spec]) => !(spec as { hidden?: boolean }).hidden)
}

function responsesFor(route: RouteDef, method: HttpMethod, ctx: RequestContext): Json {
  const t = (text: string) => translate(text, ctx.locale)
  const schemaName = route.docs?.schema
  const single = schemaName ? { content: { 'application/json': { schema: { $ref: `#/components/schemas/${schemaName}` } } } } : {}
  const list =
    schemaName && route.docs?.archive
      ? { content: { 'application/json': { schema: { title: route.docs.archive, type: 'array', items: { $ref: `#/components/schemas/${schemaName}` } } } } }
      : single
  const isArchive = Boolean(route.docs?.archive)
  if (route.pattern === '/doc') return { 200: { description: t(DOC_TEXTS.docResponse) } }
  switch (method) {
    case 'GET':
      return isArchive
        ? { 200: { description: t(DOC_TEXTS.ok), ...list }, 400: { description: t(DOC_TEXTS.badRequest) }, 404: { description: t(DOC_TEXTS.notFound) } }
        : { 200: { description: t(DOC_TEXTS.ok), ...single }, 400: { description: t(DOC_TEXTS.badRequest) }, 403: { description: t(DOC_TEXTS.forbidden) }, 404: { description: t(DOC_TEXTS.notFound) } }
    case 'DELETE':
      return {
        200: { description: t(DOC_TEXTS.ok), ...single },
        400: { description: t(DOC_TEXTS.badRequest) },
        401: { description: t(DOC_TEXTS.unauthorized) },
        403: { description: t(DOC_TEXTS.forbidden) },
        404: { description: t(DOC_TEXTS.notFound) },
        410: { description: t(DOC_TEXTS.gone) },
      }
    default:
      return {
        [isArchive ? 201 : 200]: { description: t(isArchive ? DOC_TEXTS.created : DOC_TEXTS.ok), ...single },
        400: { description: t(DOC_TEXTS.badRequest) },
        401: { description: t(DOC_TEXTS.unauthorized) },
        403: { description: t(DOC_TEXTS.forbidden) },
        ...(isArchive ? {} : { 404: { description: t(DOC_TEXTS.notFound) } }),
      }
  }
}

function operation(route: RouteDef, endpoint: EndpointDef, method: HttpMethod, ctx: RequestContext): Json {
  const t = (text: string) => translate(text, ctx.locale)
  const inPath = pathParamNames(route.pattern)
  const op: Json = {}
  const parameters: Json[] = []
  const bodyProps: Json = {}
  const bodyRequired: string[] = []
  const hasBody = method === 'POST' || method === 'PUT' || method === 'PATCH'
  for (const [name, spec] of visible(endpoint.params)) {
    if (inPath.has(name) || !hasBody) {
      const param: Json = { in: inPath.has(name) ? 'path' : 'query', schema: paramSchema(spec, ctx) }
      if (spec.description) param.description = t(spec.description)
      param.required = inPath.has(name) || Boolean(spec.required)
      param.name = name
      if ((param.schema as Json).type === 'array') param.style = 'form'
      parameters.push(param)
    } else {
      bodyProps[name] = { ...paramSchema(spec, ctx), ...(spec.description ? { description: t(spec.description) } : {}) }
      if (spec.required) bodyRequired.push(name)
    }
  }
  if (parameters.length) op.parameters = parameters
  if (hasBody && Object.keys(bodyProps).length) {
    const schema: Json = { type: 'object', properties: bodyProps }
    if (bodyRequired.length) schema.required = bodyRequired
    op.requestBody = { content: { 'application/x-www-form-urlencoded': { schema }, 'application/json': { schema } } }
  }
  op.responses = responsesFor(route, method, ctx)
  return op
}

/**
 * GET /doc: the OpenAPI 3.0 document, generated from the same route declarations that validate
 * requests (reference section 4: top-level keys, info, schema list and path order).
 */
export function openApiDocument(routes: RouteDef[], ctx: RequestContext): Json {
  const t = (text: string) => translate(text, ctx.locale)
  const paths: Json = {}
  for (const route of routes) {
    if (route.pattern === '') continue // the namespace index is not part of the document
    const item: Json = {}
    for (const endpoint of route.endpoints) {
      for (const method of endpoint.methods) item[method.toLowerCase()] = operation(route, endpoint, method, ctx)
    }
    paths[openApiPath(route.pattern)] = item
  }
  const schemas = JSON.parse(JSON.stringify(COMPONENT_SCHEMAS), (key, value) =>
    key === 'description' && typeof value === 'string' ? t(value) : value,
  )
  return {
    openapi: '3.0.0',
    info: { version: '1.0.0', title: t(DOC_TEXTS.title), description: t(DOC_TEXTS.description) },
    components: { schemas },
    // Unlike the reference, the URL keeps the port (deliberate difference 6.6).
    servers: [{ url: `${ctx.restRoot}/${ctx.namespace}/` }],
    paths,
  }
}
