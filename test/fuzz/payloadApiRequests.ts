import fc from 'fast-check'
import type { Payload } from 'payload'
import { encodeWire, percentEncode } from './encodeWire.js'
import type { HttpRequest } from './rawHttp.js'
import { hostileScalar, hostileStructure, HUGE_STRING, RAW_ENCODED, undeclaredName, type Wire } from './wireValues.js'

export type ApiActor = 'anonymous' | 'editor' | 'contributor'

/** One generated request to Payload's REST API at /api. */
export interface ApiCase {
  actor: ApiActor
  method: 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'DELETE'
  collection: string
  /** Which of the collection's declared sub-paths (declaredSubPaths), modulo their number. */
  sub: number
  id: { pick: number } | { literal: string }
  query: Record<string, Wire>
  body: { kind: 'none' } | { kind: 'json' | 'form'; value: Wire } | { kind: 'raw'; contentType: string; text: string }
}

export interface ApiSchema {
  /** Collection slug → declared sub-paths (declaredSubPaths). */
  subs: Record<string, string[]>
  /** Collection slug → field paths a `where`, `sort` or `select` may name (from the collection configs). */
  fields: Record<string, string[]>
  /** Collection slug → IDs of real documents. */
  ids: Record<string, Array<number | string>>
}

/** Field paths of every collection, relationships one level deep (`venues.title`), from Payload's sanitized config. */
export function apiSchema(payload: Payload, ids: ApiSchema['ids']): ApiSchema {
  const fields: Record<string, string[]> = {}
  for (const collection of payload.config.collections) {
    const own = collection.flattenedFields.map((f) => f.name)
    const nested = collection.flattenedFields
      .filter((f) => f.type === 'relationship' || f.type === 'upload')
      .flatMap((f) => {
        const target = payload.config.collections.find((c) => c.slug === (Array.isArray(f.relationTo) ? f.relationTo[0] : f.relationTo))
        return (target?.flattenedFields ?? []).slice(0, 6).map((t) => `${f.name}.${t.name}`)
      })
    fields[collection.slug] = [...own, ...nested, 'id', 'createdAt', 'updatedAt', 'deletedAt']
  }
  return { fields, ids, subs: declaredSubPaths(payload) }
}

const OPERATORS = [
  'equals', 'not_equals', 'in', 'not_in', 'exists', 'greater_than', 'greater_than_equal', 'less_than', 'less_than_equal',
  'like', 'not_like', 'contains', 'all', 'near', 'within', 'intersects',
]
const JUNK_OPERATORS = ['regex', '$ne', '$where', '', 'EQUALS', '__proto__', 'constructor']

/** A `where` tree: fields of the collection (and junk), operators (and junk), values of every kind, and/or nesting. */
function whereArb(fields: string[]): fc.Arbitrary<Wire> {
  const field = fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...fields) }, { weight: 1, arbitrary: fc.constantFrom('nope', 'password', 'hash', 'venues.nope', 'a.b.c.d', '', '__proto__', 'title.', '.title') })
  const operator = fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...OPERATORS) }, { weight: 1, arbitrary: fc.constantFrom(...JUNK_OPERATORS) })
  const value = fc.oneof(
    { weight: 5, arbitrary: hostileScalar },
    { weight: 2, arbitrary: fc.constantFrom<Wire>('1', '2', 'publish', 'Concert', '2027-03-01', 'true', 'false', '1,2', '%', '_') },
    { weight: 1, arbitrary: hostileStructure },
  )
  const condition = fc.tuple(field, operator, value).map(([f, o, v]) => ({ [f]: { [o]: v } }) as Wire)
  return fc.oneof(
    { weight: 4, arbitrary: condition },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom('and', 'or', 'AND', 'not'), fc.array(condition, { maxLength: 3 })).map(([k, list]) => ({ [k]: list }) as Wire) },
    { weight: 1, arbitrary: fc.tuple(condition, condition).map(([a, b]) => ({ or: [{ and: [a, b] }, a] }) as Wire) },
  )
}

/** The query parameters Payload's REST API reads; any other is an undeclared one. */
export const API_QUERY_NAMES = new Set(['where', 'limit', 'page', 'depth', 'sort', 'select', 'populate', 'pagination', 'draft', 'trash', 'locale'])

const number = fc.constantFrom<Wire>('0', '1', '2', '10', '100', '-1', '1.5', '1e3', 'NaN', 'Infinity', '9'.repeat(25), 'abc', '', '0x10', ['1', '2'], { a: '1' })

function queryArb(fields: string[]): fc.Arbitrary<Record<string, Wire>> {
  const entry = fc.oneof(
    { weight: 4, arbitrary: whereArb(fields).map((w) => ['where', w] as const) },
    { weight: 2, arbitrary: number.map((v) => ['limit', v] as const) },
    { weight: 1, arbitrary: number.map((v) => ['page', v] as const) },
    { weight: 1, arbitrary: fc.constantFrom<Wire>('0', '1', '2', '3', '10', '-1', 'x', '1e9').map((v) => ['depth', v] as const) },
    { weight: 2, arbitrary: fc.oneof(fc.tuple(fc.constantFrom('', '-', '+', '--'), fc.constantFrom(...fields)).map(([sign, f]) => `${sign}${f}`), hostileScalar).map((v) => ['sort', v] as const) },
    { weight: 2, arbitrary: fc.dictionary(fc.constantFrom(...fields, 'nope', ''), fc.constantFrom<Wire>('true', 'false', '1', 'x', { a: 'true' }), { maxKeys: 3 }).map((v) => ['select', v] as const) },
    { weight: 1, arbitrary: fc.dictionary(fc.constantFrom(...fields), fc.constantFrom<Wire>('true', { title: 'true' }), { maxKeys: 2 }).map((v) => ['populate', v] as const) },
    { weight: 1, arbitrary: fc.constantFrom<Wire>('true', 'false', '', 'x').map((v) => ['pagination', v] as const) },
    { weight: 1, arbitrary: fc.constantFrom<Wire>('true', 'false', 'x').map((v) => ['draft', v] as const) },
    { weight: 1, arbitrary: fc.constantFrom<Wire>('true', 'false').map((v) => ['trash', v] as const) },
    { weight: 1, arbitrary: fc.constantFrom<Wire>('en', 'fr', 'all', '*', 'xx', '').map((v) => ['locale', v] as const) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom('_fields', 'joins', 'fallback-locale', '__proto__', 'where[', 'select[]'), fc.oneof(hostileScalar, hostileStructure)) },
    { weight: 2, arbitrary: fc.tuple(undeclaredName, fc.oneof(hostileScalar, hostileStructure)) },
  )
  return fc.array(entry, { maxLength: 4 }).map((entries) => Object.fromEntries(entries))
}

/** A document body: fields of the collection with values of any kind. */
function dataArb(fields: string[]): fc.Arbitrary<Wire> {
  return fc.dictionary(
    fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...fields) }, { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'role', 'hash', 'id', '_status', 'nope') }),
    fc.oneof(
      { weight: 2, arbitrary: fc.constantFrom<Wire>('Fuzz title', '2027-03-01T20:00:00.000Z', 'publish', 'draft', 1, 2, true, 'Europe/Paris', 'https://example.org', 'a@example.org') },
      { weight: 3, arbitrary: hostileScalar },
      { weight: 1, arbitrary: hostileStructure },
    ),
    { maxKeys: 6 },
  )
}

const hostileBodies = fc.constantFrom<ApiCase['body']>(
  { kind: 'raw', contentType: 'application/json', text: '{"title": ' },
  { kind: 'raw', contentType: 'application/json', text: '' },
  { kind: 'raw', contentType: 'application/json', text: '[]' },
  { kind: 'raw', contentType: 'application/json', text: 'null' },
  { kind: 'raw', contentType: 'application/json', text: `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}` },
  { kind: 'raw', contentType: 'text/plain', text: 'title=x' },
  { kind: 'raw', contentType: 'application/x-www-form-urlencoded', text: 'title=x&startDate=2027-01-01' },
  { kind: 'raw', contentType: 'multipart/form-data; boundary=x', text: '--x\r\nContent-Disposition: form-data; name="_payload"\r\n\r\n{"title":"x"}\r\n--x--\r\n' },
  { kind: 'raw', contentType: 'multipart/form-data; boundary=x', text: '--x\r\nContent-Disposition: form-data; name="_payload"\r\n\r\n{broken\r\n--x--\r\n' },
)

/**
 * Sub-paths of a collection's REST API that its config declares ('{id}' becomes a live ID): versions
 * only where versions are on, auth operations only on auth collections; a few undeclared ones too.
 */
export function declaredSubPaths(payload: Payload): Record<string, string[]> {
  const subs: Record<string, string[]> = {}
  for (const collection of payload.config.collections) {
    subs[collection.slug] = [
      '', '', '', '/{id}', '/{id}', '/count', '/access/{id}', '/{id}/duplicate',
      ...(collection.versions ? ['/versions', '/versions/{id}'] : []),
      ...(collection.auth ? ['/me', '/init', '/unlock', '/logout', '/refresh-token'] : []),
    ]
  }
  return subs
}

export function apiCases(schema: ApiSchema): fc.Arbitrary<ApiCase> {
  const collections = Object.keys(schema.fields)
  return fc
    .record({
      actor: fc.constantFrom<ApiActor>('anonymous', 'editor', 'editor', 'contributor'),
      method: fc.oneof({ weight: 6, arbitrary: fc.constant('GET' as const) }, { weight: 1, arbitrary: fc.constant('HEAD' as const) }, { weight: 3, arbitrary: fc.constantFrom('POST' as const, 'PATCH' as const) }, { weight: 1, arbitrary: fc.constant('DELETE' as const) }),
      collection: fc.oneof({ weight: 12, arbitrary: fc.constantFrom(...collections) }, { weight: 1, arbitrary: fc.constantFrom('nope', 'users%00', 'access') }),
      sub: fc.nat(),
      id: fc.oneof(
        { weight: 4, arbitrary: fc.nat().map((pick) => ({ pick })) },
        { weight: 1, arbitrary: fc.constantFrom('0', '-1', '1.5', '9'.repeat(25), 'abc', '%20', '..', HUGE_STRING.slice(0, 500), ...RAW_ENCODED.map((r) => r.text)).map((literal) => ({ literal })) },
      ),
    })
    .chain((base) => {
      const fields = schema.fields[base.collection] ?? ['title']
      // GET, HEAD and DELETE carry bodies too (JSON and forms of a document or of query parameters):
      // Payload reads none there, so nothing in front of it may either.
      const body: fc.Arbitrary<ApiCase['body']> =
        base.method === 'POST' || base.method === 'PATCH'
          ? fc.oneof({ weight: 5, arbitrary: dataArb(fields).map((value) => ({ kind: 'json' as const, value })) }, { weight: 1, arbitrary: hostileBodies })
          : fc.oneof(
              { weight: 4, arbitrary: fc.constant({ kind: 'none' as const }) },
              { weight: 2, arbitrary: fc.oneof(dataArb(fields), queryArb(fields)).map((value) => ({ kind: 'json' as const, value })) },
              { weight: 1, arbitrary: fc.oneof(dataArb(fields), queryArb(fields)).map((value) => ({ kind: 'form' as const, value })) },
              { weight: 1, arbitrary: hostileBodies },
            )
      return fc.tuple(queryArb(fields), body).map(([query, b]) => ({ ...base, query, body: b }))
    })
}

export function apiRequest(c: ApiCase, schema: ApiSchema, auth: Record<'editor' | 'contributor', Record<string, string>>): HttpRequest {
  const ids = schema.ids[c.collection] ?? []
  const id = 'literal' in c.id ? c.id.literal : ids.length ? percentEncode(String(ids[c.id.pick % ids.length])) : String(c.id.pick % 50)
  const query = encodeWire(c.query)
  const headers: Record<string, string> = { ...(c.actor === 'anonymous' ? {} : auth[c.actor]) }
  let body: string | undefined
  if (c.body.kind === 'json') {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(c.body.value)
  } else if (c.body.kind === 'form') {
    headers['content-type'] = 'application/x-www-form-urlencoded'
    body = encodeWire(c.body.value && typeof c.body.value === 'object' && !Array.isArray(c.body.value) ? (c.body.value as Record<string, Wire>) : { value: c.body.value })
  } else if (c.body.kind === 'raw') {
    headers['content-type'] = c.body.contentType
    body = c.body.text
  }
  const subs = schema.subs[c.collection] ?? ['', '/{id}']
  const sub = subs[c.sub % subs.length]!.replace('{id}', id)
  return { method: c.method, path: `/api/${c.collection}${sub}${query ? `?${query}` : ''}`, headers, body }
}
