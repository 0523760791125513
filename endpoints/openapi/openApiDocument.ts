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
  cursorExpired: 'The cursor is older than the change feed keeps: read everything again.',
  notModified: 'The answer has not changed since the ETag sent in If-None-Match.',
  tooLarge: 'The request body is larger than the server accepts.',
  tooMany: 'Too many failed sign-ins or password guesses from this client; retry after Retry-After seconds.',
} as const

const PATH_PARAM = /\(\?P<([a-z_]+)>[^)]*\)/g

/** `/events/(?P<id>\d+)` → `/events/{id}` */
export function openApiPath(pattern: string): string {
  return pattern.replace(PATH_PARAM, '{$1}')
}

function pathParamNames(pattern: string): Set<string> {
  return new Set(Array.from(pattern.matchAll(PATH_PARAM), (m) => m[1]!))
}

/**
 * A parameter's JSON schema in OpenAPI 3.0 terms (WordPress leaves `type` off dates and lists).
 * Request-time defaults (start_date: yesterday, end_date: two years ahead) are left out, as the
 * reference does: the description says what they are, and the document stays the same between requests.
 */
function paramSchema(spec: ParamSpec): Json {
  const type = spec.type ?? (spec.items ? 'array' : 'string')
  const schema: Json = { type }
  if (type === 'array') schema.items = spec.docItems ?? spec.items ?? { type: 'string' }
  if (spec.format && spec.format !== 'string') schema.format = spec.format
  if (spec.enum) schema.enum = [...spec.enum]
  if (spec.default !== undefined && spec.default !== null && typeof spec.default !== 'object' && typeof spec.default !== 'function') {
    schema.default = spec.default
  }
  return schema
}

function visible(params: Record<string, ParamSpec>): Array<[string, ParamSpec]> {
  return Object.entries(params).filter(([, spec]) => !spec.hidden)
}

// Component names of the answers, by archive key (route.docs.archive).
const ARCHIVE_SCHEMAS: Record<string, string> = {
  events: 'EventArchive',
  venues: 'VenueArchive',
  organizers: 'OrganizerArchive',
  categories: 'CategoryArchive',
  tags: 'TagArchive',
}

// How a client authenticates (docs/security.md, Authentication): application passwords over HTTP Basic,
// Payload's JWT (Authorization: JWT <token>, or Bearer) and its session cookie. Reads work anonymously.
export const SECURITY_SCHEMES = {
  applicationPassword: { type: 'http', scheme: 'basic', description: 'An application password: the user name and the password' },
  jwt: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The token of a sign-in on /api/users/login' },
  sessionCookie: { type: 'apiKey', in: 'cookie', name: 'payload-token', description: 'The session cookie of a sign-in on /api/users/login' },
} as const
const ANY_CREDENTIALS = Object.keys(SECURITY_SCHEMES).map((name) => ({ [name]: [] }))

const content = (schema: string): Json => ({ content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } } })

/**
 * Every status an operation can answer, with its body's schema. Any request may carry credentials
 * (401 when an application password is wrong, 429 after too many), any body may be too large (413).
 */
function responsesFor(route: RouteDef, method: HttpMethod, ctx: RequestContext): Json {
  const t = (text: string) => translate(text, ctx.locale)
  const error = (text: string): Json => ({ description: t(text), ...content('Error') })
  const schemaName = route.docs?.schema
  const archive = route.docs?.archive
  const single = schemaName ? content(schemaName) : {}
  const common: Json = {
    400: error(DOC_TEXTS.badRequest),
    401: error(DOC_TEXTS.unauthorized),
    403: error(DOC_TEXTS.forbidden),
    404: error(DOC_TEXTS.notFound),
  }
  const limited: Json = { 429: error(DOC_TEXTS.tooMany) }
  if (method === 'GET') {
    const ok = route.pattern === '/doc' ? { description: t(DOC_TEXTS.docResponse) } : { description: t(DOC_TEXTS.ok), ...(archive ? content(ARCHIVE_SCHEMAS[archive]!) : single) }
    // A GET reads a JSON body as WordPress does, so it too may be too large.
    const gone = route.docs?.gone ? { 410: error(DOC_TEXTS.cursorExpired) } : {}
    return { 200: ok, 304: { description: t(DOC_TEXTS.notModified) }, ...common, ...gone, 413: error(DOC_TEXTS.tooLarge), ...limited }
  }
  const written = method === 'POST' && archive ? { 201: { description: t(DOC_TEXTS.created), ...single } } : { 200: { description: t(DOC_TEXTS.ok), ...single } }
  return {
    ...written,
    ...common,
    ...(method === 'DELETE' ? { 410: error(DOC_TEXTS.gone) } : {}),
    413: error(DOC_TEXTS.tooLarge),
    ...limited,
  }
}

const RESOURCE_NAMES: Record<string, [string, string]> = {
  events: ['Event', 'Events'],
  venues: ['Venue', 'Venues'],
  organizers: ['Organizer', 'Organizers'],
  categories: ['Category', 'Categories'],
  tags: ['Tag', 'Tags'],
}

/** listEvents, createEvent, getEvent, updateEvent, putEvent, patchEvent, deleteEvent, getEventBySlug, getDoc … */
export function operationId(route: RouteDef, method: HttpMethod): string {
  const [, first = '', second] = route.pattern.split('/')
  const names = RESOURCE_NAMES[first]
  if (!names) return `${method.toLowerCase()}${first.charAt(0).toUpperCase()}${first.slice(1)}`
  const isArchive = Boolean(route.docs?.archive)
  const suffix = second === 'by-slug' ? 'BySlug' : ''
  const verb = { GET: isArchive ? 'list' : 'get', POST: isArchive ? 'create' : 'update', PUT: 'put', PATCH: 'patch', DELETE: 'delete' }[method]
  return `${verb}${isArchive && method === 'GET' ? names[1] : names[0]}${suffix}`
}

function operation(route: RouteDef, endpoint: EndpointDef, method: HttpMethod, ctx: RequestContext): Json {
  const t = (text: string) => translate(text, ctx.locale)
  const inPath = pathParamNames(route.pattern)
  const op: Json = { operationId: operationId(route, method) }
  const parameters: Json[] = []
  const bodyProps: Json = {}
  const bodyRequired: string[] = []
  const hasBody = method === 'POST' || method === 'PUT' || method === 'PATCH'
  for (const [name, spec] of visible(endpoint.params)) {
    if (inPath.has(name) || !hasBody) {
      const param: Json = { in: inPath.has(name) ? 'path' : 'query', schema: paramSchema(spec) }
      if (spec.description) param.description = t(spec.description)
      param.required = inPath.has(name) || Boolean(spec.required)
      param.name = name
      if ((param.schema as Json).type === 'array') param.style = 'form'
      parameters.push(param)
    } else {
      bodyProps[name] = { ...paramSchema(spec), ...(spec.description ? { description: t(spec.description) } : {}) }
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
  // Reads are open to anyone (protected content needs a sign-in); writes need one of the schemes.
  op.security = method === 'GET' ? [{}, ...ANY_CREDENTIALS] : ANY_CREDENTIALS
  return op
}

function translateDescriptions(value: unknown, t: (text: string) => string): Json {
  return JSON.parse(JSON.stringify(value), (key, v) => (key === 'description' && typeof v === 'string' ? t(v) : v))
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
  const schemas = translateDescriptions(COMPONENT_SCHEMAS, t)
  return {
    openapi: '3.0.0',
    info: { version: '1.0.0', title: t(DOC_TEXTS.title), description: t(DOC_TEXTS.description) },
    components: { schemas, securitySchemes: translateDescriptions(SECURITY_SCHEMES, t) },
    // Unlike the reference, the URL keeps the port (docs/api.md, deliberate difference 6).
    servers: [{ url: `${ctx.restRoot}/${ctx.namespace}/` }],
    paths,
  }
}
