import type { Payload, TypedUser } from 'payload'
import type { ResolvedCalendarOptions } from '../src/options.js'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** Everything a handler may know about the request, built once per request. */
export interface RequestContext {
  payload: Payload
  user: TypedUser | null
  /** Absolute REST root of this request, e.g. https://example.org/fr/wp-json */
  restRoot: string
  /** Namespace this request came through, e.g. calendar/events/v1 */
  namespace: string
  /** Language of this request (first of LOCALES by default). */
  locale: string
  options: ResolvedCalendarOptions
}

/** One request parameter, declared once: drives validation, the namespace index and /doc. */
export interface ParamSpec {
  type?: 'integer' | 'number' | 'string' | 'boolean' | 'array' | 'object'
  description?: string
  /** A value, or a function of the request (request-time defaults such as start_date). */
  default?: unknown | ((ctx: RequestContext) => unknown)
  required?: boolean
  items?: { type: string }
  format?: string
  enum?: readonly string[]
}

export interface RestResponse {
  status?: number
  body: unknown
  headers?: Record<string, string>
}

export interface EndpointDef {
  methods: HttpMethod[]
  params: Record<string, ParamSpec>
  handler: (ctx: RequestContext, params: Record<string, unknown>) => Promise<RestResponse> | RestResponse
}

/** A route of the namespace, as data. `pattern` is the WordPress route regex relative to the namespace. */
export interface RouteDef {
  pattern: string
  endpoints: EndpointDef[]
  /** For /doc: the component schema the route answers with, and the list key when it is an archive. */
  docs?: { schema: 'Event' | 'Venue' | 'Organizer' | 'Term'; archive?: string }
}
