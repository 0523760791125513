import type { Payload, PayloadRequest, TypedUser } from 'payload'
import type { ResolvedCalendarOptions } from '../src/options.js'
import type { DownloadedImage } from './write/downloadImage.js'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** Everything a handler may know about the request, built once per request. */
export interface RequestContext {
  payload: Payload
  user: TypedUser | null
  /** Absolute REST root of this request, e.g. https://example.org/fr/wp-json */
  restRoot: string
  /** Namespace this request came through, e.g. calendar/events/v1 */
  namespace: string
  /** restRoot + '/' + namespace: the base of every rest_url this request emits. */
  base: string
  /** Language of this request (first of LOCALES by default). */
  locale: string
  /** The caller's network address (Express's req.ip), for per-client limits. */
  clientAddress?: string
  options: ResolvedCalendarOptions
  /**
   * The write's transaction, while one is open (saveEvent): every Local API call of the write passes
   * it as `req`, so all of it commits or rolls back together.
   */
  req?: PayloadRequest
  /** Images downloaded (or refused) before the transaction opened, by URL: no download holds the write lock. */
  images?: ReadonlyMap<string, DownloadedImage | Error>
}

/**
 * One request parameter, declared once: `parse` validates and converts it (reference 1.1 steps 3–4),
 * the other keys are what the namespace index and /doc show.
 */
export interface ParamSpec {
  type?: 'integer' | 'number' | 'string' | 'boolean' | 'array' | 'object'
  description?: string
  /** A value, or a function of the request (request-time defaults such as start_date). */
  default?: unknown | ((ctx: RequestContext) => unknown)
  required?: boolean
  items?: { type: string }
  /** The items as /doc shows them when they are wider than the index's (which keeps the reference's). */
  docItems?: { type: string }
  format?: string
  enum?: readonly string[]
  /** Checks and converts a present value; throws ParamError. Absent: the raw value is kept. */
  parse?: (raw: unknown, ctx: RequestContext, name: string) => unknown
}

/** What a handler gets besides the parsed values: which were sent, and the raw input. */
export interface EndpointInput {
  /** Names of declared parameters the caller sent (defaults excluded). */
  given: ReadonlySet<string>
  /** Every input value, declared or not (path, query, body merged; the body wins). */
  raw: Record<string, unknown>
}

export interface RestResponse {
  status?: number
  body: unknown
  headers?: Record<string, string>
}

export type Params = Record<string, unknown>

export interface EndpointDef {
  methods: HttpMethod[]
  params: Record<string, ParamSpec>
  /**
   * WordPress's permission_callback: runs after validation with the parsed values; false answers
   * 401 rest_forbidden to anonymous callers and 403 to signed-in ones. Also decides the Allow header.
   */
  permission?: (ctx: RequestContext, params: Params) => boolean | Promise<boolean>
  handler: (ctx: RequestContext, params: Params, input: EndpointInput) => Promise<RestResponse> | RestResponse
}

/** A route of the namespace, as data. `pattern` is the WordPress route regex relative to the namespace. */
export interface RouteDef {
  pattern: string
  endpoints: EndpointDef[]
  /** For /doc: the component schema the route answers with, and the list key when it is an archive. */
  docs?: { schema: 'Event' | 'Venue' | 'Organizer' | 'Term'; archive?: string }
}
