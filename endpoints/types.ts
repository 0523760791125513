import type { Payload, PayloadRequest, TypedUser } from 'payload'
import type { ResolvedCalendarOptions } from '../lib/options.js'
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

/** What the namespace index and /doc show of a parameter, and whether it must or will be present. */
export interface ParamDoc {
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
  /**
   * Read by the handler, yet not among the reference's arguments (WordPress reads it from the request
   * without registering it): left out of the index and /doc, and never refused, so `parse` keeps what
   * it can use and drops the rest.
   */
  hidden?: boolean
}

/** Checks and converts a present value (reference 1.1 steps 3–4); throws ParamError. */
export type Parse<R> = (raw: unknown, ctx: RequestContext, name: string) => R

/**
 * One request parameter, declared once: `parse` validates and converts it to a `T` (absent: the raw
 * value is kept), the other keys are what the namespace index and /doc show.
 */
export interface ParamSpec<T = unknown> extends ParamDoc {
  parse?: Parse<T | Promise<T>>
}

/** A declaration whose `parse` is known to return `R` (a promise when it queries): what the kinds build. */
export interface Param<R> extends ParamDoc {
  parse: Parse<R>
}

/** A route's parameter declarations by name, in declaration order. */
export type ParamSpecs = Record<string, ParamSpec>

/** The declaration keys that make a value always present: `required: true`, or a default (parseParams parses it too). */
type AlwaysPresent = { required: true } | { default: unknown }

/** What `parse` returns, or, for a declaration without one, the raw value (unknown). */
type Parsed<S> = 'parse' extends keyof S ? (S extends { parse?: (...args: never) => infer R } ? Awaited<R> : unknown) : unknown

/** The value a handler gets for a declaration: parsed, or undefined when it may be absent. */
export type ValueOf<S> = S extends undefined ? undefined : Parsed<S> | (S extends AlwaysPresent ? never : undefined)

/** The names of declarations `P` whose value is always there (required or defaulted). */
type PresentKeys<P> = { [K in keyof P]-?: P[K] extends AlwaysPresent ? K : never }[keyof P]

/**
 * The parsed values of declarations `P`, by name: what a handler gets. A parameter neither required
 * nor defaulted is an optional key: parseParams sets only the values it has.
 */
export type Params<P = ParamSpecs> = Flat<
  { [K in PresentKeys<P>]: ValueOf<P[K]> } & { [K in Exclude<keyof P, PresentKeys<P>>]?: ValueOf<P[K]> }
>

/** One object type instead of an intersection, for readable hints and errors. */
type Flat<T> = { [K in keyof T]: T[K] }

/**
 * What a permission gets: the parsed values, or, when the Allow header is decided, only the path's
 * values as matched (an integer-typed one as a number, others as the raw string).
 */
export type PermissionParams<P = ParamSpecs> = { [K in keyof P]?: ValueOf<P[K]> | string }

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

/**
 * The methods of a route that share declarations. `params` types what `permission` and `handler` get;
 * they are method signatures so that an endpoint of any declarations fits the route table
 * (`EndpointDef` with the default); defineEndpoint checks them strictly where they are declared.
 */
export interface EndpointDef<P extends ParamSpecs = ParamSpecs> {
  methods: HttpMethod[]
  params: P
  /**
   * WordPress's permission_callback: runs after validation with the parsed values; false answers
   * 401 rest_forbidden to anonymous callers and 403 to signed-in ones. Also decides the Allow header.
   */
  permission?(ctx: RequestContext, params: PermissionParams<P>): boolean | Promise<boolean>
  handler(ctx: RequestContext, params: Params<P>, input: EndpointInput): Promise<RestResponse> | RestResponse
}

/** A route of the namespace, as data. `pattern` is the WordPress route regex relative to the namespace. */
export interface RouteDef {
  pattern: string
  endpoints: EndpointDef[]
  /** For /doc: the component schema the route answers with, and the list key when it is an archive. */
  docs?: { schema: 'Event' | 'Venue' | 'Organizer' | 'Term' | 'ChangeFeed'; archive?: string; /** GET may answer 410 (an expired cursor). */ gone?: boolean }
}
