import fc from 'fast-check'
import { NAMESPACE, TRIBE_NAMESPACE } from '../../endpoints/namespace.js'
import type { EndpointDef, ParamSpec, RequestContext, RouteDef } from '../../endpoints/types.js'
import { env } from '../../src/env.js'
import { encodeWire, percentEncode } from './encodeWire.js'
import type { HttpRequest } from './rawHttp.js'
import type { Pools, Seeded, SeededKind } from './seedCalendar.js'
import {
  BOOLEANS, DATES, hostileScalar, hostileStructure, HUGE_STRING, RAW_ENCODED, STATUSES, TIMEZONES, undeclaredName, URLS, type Wire,
} from './wireValues.js'

export const METHODS = ['GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'PATCH', 'DELETE'] as const
export type Actor = 'anonymous' | 'editor' | 'contributor'

/** A path group of a route: a seeded document's ID or slug (resolved when sent), or literal text. */
type Segment = { ref: SeededKind; pick: number; as: 'id' | 'slug' } | { literal: string }
type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: Wire }
  | { kind: 'form'; value: Record<string, Wire> }
  | { kind: 'raw'; contentType?: string; text: string }

/** One generated namespace request, before seeded references are resolved. */
export interface NamespaceCase {
  mount: string
  pattern: string
  method: (typeof METHODS)[number]
  actor: Actor
  segments: Record<string, Segment>
  query: Record<string, Wire>
  body: Body
}

/** The collection a route's path speaks of, by its first segment (/events/…, /tags/…). */
const KIND_BY_SEGMENT: Record<string, SeededKind> = {
  events: 'events', venues: 'venues', organizers: 'organizers', categories: 'event-categories', tags: 'event-tags',
}
export const routeKind = (pattern: string): SeededKind | undefined => KIND_BY_SEGMENT[pattern.split('/')[1] ?? '']

/** Named groups of a WordPress route regex with their sub-pattern: [['id', '\\d+'], ['slug', '[^/]+']]. */
export function pathGroups(pattern: string): Array<[string, string]> {
  return [...pattern.matchAll(/\(\?P<(\w+)>([^)]*)\)/g)].map((m) => [m[1]!, m[2]!])
}

/** The endpoint a method reaches (HEAD and OPTIONS read the GET one), as the router picks it. */
export function endpointFor(route: RouteDef, method: string): EndpointDef | undefined {
  const m = method === 'HEAD' || method === 'OPTIONS' ? 'GET' : method
  return route.endpoints.find((e) => (e.methods as string[]).includes(m))
}

/** Values of the right kinds for any parameter: the seeded documents' IDs and names, dates, flags, URLs… */
export function plausibleValues(pools: Pools): Wire[] {
  const ids = Object.values(pools).flatMap((p) => p.ids)
  const slugs = Object.values(pools).flatMap((p) => p.slugs)
  return [
    ...ids.map(String), ...ids.slice(0, 6), ids.slice(0, 3).join(','), ids.slice(2, 5).map(String), ...slugs,
    'Music', 'Jazz', 'free', 'Concert', 'Paris', 'jazz night', 'A new event', 'Le Duc des Lombards', '1', '2', '10', '50', 1, 5,
    ...DATES.slice(0, 12), ...BOOLEANS.slice(0, 5), true, false, ...STATUSES.slice(0, 5), ...TIMEZONES.slice(0, 4),
    'https://example.org/page', URLS[0]!, 'jazz@example.org', '€15', ['0$', '20$'], '48.8566', '2.3522', '-33.9', 48.85,
    'asc', 'desc', 'name', 'count', 'slug', 'id', 'include', 'view', 'edit', 'sesame',
    { venue: 'Le Duc', city: 'Paris' }, { organizer: 'Jazz Society' }, { id: ids[0]! }, '<p>Description <b>with</b> markup</p>',
  ]
}

/**
 * For each declared parameter, the plausible values its own `parse` accepts: the declarations that
 * validate requests also say what a right value is. Parameters without `parse` take any of them.
 */
export async function acceptedValues(routes: RouteDef[], candidates: Wire[], ctx: RequestContext): Promise<Map<ParamSpec, Wire[]>> {
  const accepted = new Map<ParamSpec, Wire[]>()
  for (const route of routes) {
    for (const endpoint of route.endpoints) {
      for (const [name, spec] of Object.entries(endpoint.params)) {
        if (accepted.has(spec)) continue
        const parse = spec.parse
        const verdicts = await Promise.all(
          candidates.map((value) => (parse ? Promise.resolve().then(() => parse(value, ctx, name)).then(() => true, () => false) : true)),
        )
        const ok = candidates.filter((_, i) => verdicts[i])
        accepted.set(spec, ok.length ? ok : candidates)
      }
    }
  }
  return accepted
}

const hostileSegment = fc.constantFrom<Segment>(
  ...['0', '00', '99999999', '9'.repeat(25), '-1', '1.5', 'abc', '1e3', '%201', '%20', '1%00', '..', '.', '%2e%2e', '..%2f..%2fetc%2fpasswd'].map((literal) => ({ literal })),
  ...RAW_ENCODED.map((r) => ({ literal: r.text })),
  ...["O'Reilly", '100%_off', '%', '_', '\\', 'café', '日本', 'a\u0000b', '\uD800', '__trashed', 'x'.repeat(500), HUGE_STRING].map((s) => ({ literal: percentEncode(s) })),
)

function segmentArb(kind: SeededKind | undefined, groupPattern: string): fc.Arbitrary<Segment> {
  const as = groupPattern.includes('\\d') ? 'id' : 'slug'
  const kinds: SeededKind[] = ['events', 'venues', 'organizers', 'event-categories', 'event-tags']
  return fc.oneof(
    { weight: 6, arbitrary: fc.nat().map((pick): Segment => ({ ref: kind ?? 'events', pick, as })) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...kinds), fc.nat()).map(([ref, pick]): Segment => ({ ref, pick, as })) },
    { weight: 2, arbitrary: hostileSegment },
  )
}

/** Bodies no handler expects: broken JSON, other types, deep nesting, too big. */
const hostileBody = fc.constantFrom<Body>(
  { kind: 'raw', contentType: 'application/json', text: '{"title": "unterminated' },
  { kind: 'raw', contentType: 'application/json', text: '' },
  { kind: 'raw', contentType: 'application/json', text: 'null' },
  { kind: 'raw', contentType: 'application/json', text: '"a string"' },
  { kind: 'raw', contentType: 'application/json', text: '[1,2,3]' },
  { kind: 'raw', contentType: 'application/json', text: '{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}' },
  { kind: 'raw', contentType: 'application/json', text: '{"title":"a","title":{"a":1}}' },
  { kind: 'raw', contentType: 'application/json', text: '{"a":1}\u0000' },
  { kind: 'raw', contentType: 'application/json', text: `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}` },
  { kind: 'raw', contentType: 'application/json', text: `${'['.repeat(5000)}${']'.repeat(5000)}` },
  { kind: 'raw', contentType: 'application/json', text: JSON.stringify({ title: 'x'.repeat(1_100_000) }) },
  { kind: 'raw', contentType: 'application/json; charset=latin1', text: '{"title":"caf\u00e9"}' },
  { kind: 'raw', contentType: 'application/json; charset=utf-16', text: '{"title":"x"}' },
  { kind: 'raw', contentType: 'text/plain', text: '{"title":"plain"}' },
  { kind: 'raw', contentType: 'application/xml', text: '<event><title>x</title></event>' },
  { kind: 'raw', contentType: 'multipart/form-data; boundary=x', text: '--x\r\nContent-Disposition: form-data; name="title"\r\n\r\nhello\r\n--x--\r\n' },
  { kind: 'raw', contentType: 'application/x-www-form-urlencoded', text: 'title=%FF%FE&start_date=%' },
  { kind: 'raw', contentType: 'application/x-www-form-urlencoded', text: 'a[b][c][d][e][f][g]=1&title[]=x&title[y]=z' },
  { kind: 'raw', contentType: 'application/x-www-form-urlencoded', text: '&&&==&=&a' },
  { kind: 'raw', contentType: 'application/x-www-form-urlencoded', text: `title${'[a]'.repeat(40)}=deep&start_date=2027-03-01` },
  { kind: 'raw', contentType: 'application/x-www-form-urlencoded', text: Array.from({ length: 1500 }, (_, i) => `p${i}=${i}`).join('&') },
  { kind: 'raw', contentType: 'application/x-www-form-urlencoded', text: `title[]=${'x&title[]='.repeat(1200)}x` },
  { kind: 'raw', text: 'no content type at all' },
  { kind: 'raw', contentType: 'application/json', text: '\uFEFF{"title":"bom"}' },
)

/** Values for one declared parameter: of its kind when `valid`, of any kind otherwise. */
function valueArb(spec: ParamSpec, accepted: Map<ParamSpec, Wire[]>, valid: boolean, eventPassword: string): fc.Arbitrary<Wire> {
  const right = fc.constantFrom(...(accepted.get(spec) ?? ['1']), ...(spec.enum ?? []))
  if (valid) return right
  return fc.oneof(
    { weight: 2, arbitrary: right },
    { weight: 4, arbitrary: hostileScalar },
    { weight: 2, arbitrary: hostileStructure },
    { weight: 1, arbitrary: fc.constant(eventPassword) },
  )
}

/** Declared parameters (each present or not; required ones mostly present) plus, when hostile, undeclared ones. */
function paramsArb(endpoint: EndpointDef, pathNames: string[], accepted: Map<ParamSpec, Wire[]>, valid: boolean, eventPassword: string) {
  // A well-formed request leaves path parameters to the path (the body would win over it).
  const specs = Object.entries(endpoint.params).filter(([name]) => !valid || !pathNames.includes(name))
  const declared = fc.tuple(
    ...specs.map(([name, spec]) =>
      // Required ones nearly always sent. Optional ones a third of the time when well-formed (so handlers
      // run), two thirds when hostile: every present parameter is parsed, so each request tests many.
      fc.oneof(
        { weight: spec.required ? 1 : valid ? 2 : 1, arbitrary: fc.constant(undefined) },
        { weight: spec.required ? 12 : valid ? 1 : 2, arbitrary: valueArb(spec, accepted, valid, eventPassword).map((v) => [name, v] as const) },
      ),
    ),
  )
  const extra = valid ? fc.constant([]) : fc.array(fc.tuple(undeclaredName, fc.oneof(hostileScalar, hostileStructure)), { maxLength: 3 })
  return fc.tuple(declared, extra).map(([d, e]) => {
    const out: Record<string, Wire> = {}
    for (const entry of d) if (entry) out[entry[0]] = entry[1]
    for (const [k, v] of e) out[k] = v
    return out
  })
}

export function namespaceCases(routes: RouteDef[], accepted: Map<ParamSpec, Wire[]>, eventPassword: string): fc.Arbitrary<NamespaceCase> {
  const mounts = [`${env.REST_PREFIX}/${NAMESPACE}`, `${env.REST_PREFIX}/${TRIBE_NAMESPACE}`, `/${env.LOCALES[1] ?? 'fr'}${env.REST_PREFIX}/${NAMESPACE}`]
  const methodArb = fc.oneof(
    { weight: 5, arbitrary: fc.constant('GET' as const) },
    { weight: 1, arbitrary: fc.constantFrom('HEAD' as const, 'OPTIONS' as const) },
    { weight: 3, arbitrary: fc.constantFrom('POST' as const, 'PUT' as const, 'PATCH' as const) },
    { weight: 1, arbitrary: fc.constant('DELETE' as const) },
  )
  return fc
    .record({
      mount: fc.oneof({ weight: 6, arbitrary: fc.constant(mounts[0]!) }, { weight: 1, arbitrary: fc.constantFrom(...mounts.slice(1)) }),
      pattern: fc.constantFrom(...routes.map((r) => r.pattern)),
      method: methodArb,
      actor: fc.oneof({ weight: 3, arbitrary: fc.constant<Actor>('editor') }, { weight: 2, arbitrary: fc.constant<Actor>('anonymous') }, { weight: 1, arbitrary: fc.constant<Actor>('contributor') }),
      valid: fc.boolean(),
    })
    .chain(({ mount, pattern, method, actor, valid }) => {
      const route = routes.find((r) => r.pattern === pattern)!
      const kind = routeKind(pattern)
      const groups = pathGroups(pattern)
      const segments = fc.record(Object.fromEntries(groups.map(([name, group]) => [name, segmentArb(kind, group)])))
      // A method the route lacks still gets some route's parameters: its answer must be 404 whatever they are.
      const endpoint = endpointFor(route, method) ?? route.endpoints[0]!
      const params = paramsArb(endpoint, groups.map(([name]) => name), accepted, valid, eventPassword)
      const writes = method === 'POST' || method === 'PUT' || method === 'PATCH'
      const body: fc.Arbitrary<{ query: Record<string, Wire>; body: Body }> = !writes
        ? // GET, HEAD, OPTIONS and DELETE carry bodies too: WordPress reads a JSON one on every method and
          // a form one on DELETE, and the response cache must never serve nor store one's answer.
          fc.oneof(
            { weight: 5, arbitrary: params.map((query) => ({ query, body: { kind: 'none' } as Body })) },
            { weight: 2, arbitrary: fc.tuple(params, params).map(([query, value]) => ({ query, body: { kind: 'json', value } as Body })) },
            { weight: 1, arbitrary: fc.tuple(params, params).map(([query, value]) => ({ query, body: { kind: 'form', value } as Body })) },
            { weight: valid ? 0 : 1, arbitrary: fc.tuple(params, hostileBody).map(([query, b]) => ({ query, body: b })) },
          )
        : fc.oneof(
            { weight: 6, arbitrary: params.map((value) => ({ query: {}, body: { kind: 'json', value } as Body })) },
            { weight: 2, arbitrary: params.map((value) => ({ query: {}, body: { kind: 'form', value } as Body })) },
            { weight: 1, arbitrary: params.map((query) => ({ query, body: { kind: 'none' } as Body })) },
            { weight: valid ? 0 : 2, arbitrary: fc.tuple(params, hostileBody).map(([query, b]) => ({ query, body: b })) },
          )
      return fc.tuple(segments, body).map(([segs, qb]) => ({ mount, pattern, method, actor, segments: segs, ...qb }))
    })
}

/** The case as bytes on the wire, its seeded references resolved against the current pools. */
export function toHttpRequest(c: NamespaceCase, pools: Pools, auth: Seeded['auth']): HttpRequest {
  let path = c.pattern
  for (const [name, segment] of Object.entries(c.segments)) {
    let text: string
    if ('literal' in segment) text = segment.literal
    else {
      const pool = pools[segment.ref][segment.as === 'id' ? 'ids' : 'slugs']
      text = percentEncode(String(pool[segment.pick % pool.length]))
    }
    path = path.replace(new RegExp(`\\(\\?P<${name}>[^)]*\\)`), text)
  }
  const query = encodeWire(c.query)
  const headers: Record<string, string> = { ...(c.actor === 'anonymous' ? {} : auth[c.actor]) }
  let body: string | undefined
  if (c.body.kind === 'json') {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(c.body.value)
  } else if (c.body.kind === 'form') {
    headers['content-type'] = 'application/x-www-form-urlencoded'
    body = encodeWire(c.body.value)
  } else if (c.body.kind === 'raw') {
    if (c.body.contentType) headers['content-type'] = c.body.contentType
    body = c.body.text
  }
  return { method: c.method, path: `${c.mount}${path}${query ? `?${query}` : ''}`, headers, body }
}

