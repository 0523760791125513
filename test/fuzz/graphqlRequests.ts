import fc from 'fast-check'
import {
  getNamedType, isEnumType, isInputObjectType, isLeafType, isListType, isNonNullType, isObjectType, isScalarType,
  type GraphQLField, type GraphQLInputType, type GraphQLObjectType, type GraphQLSchema,
} from 'graphql'
import type { HttpRequest } from './rawHttp.js'
import { hostileScalar, hostileStructure, HUGE_STRING, type Wire } from './wireValues.js'

/** A GraphQL request body as sent: a document, its variables, or raw text when the body itself is hostile. */
export type GraphqlCase = { actor: 'anonymous' | 'editor'; query: string; variables?: Record<string, Wire> } | { actor: 'anonymous' | 'editor'; raw: string; contentType: string }

/** A selection set for `type`, `depth` levels deep at most: a few leaves and maybe one object field. */
function selection(type: GraphQLObjectType, depth: number, pick: number[]): string {
  const fields = Object.values(type.getFields()).filter((f) => !f.args.some((a) => isNonNullType(a.type)))
  const leaves = fields.filter((f) => isLeafType(getNamedType(f.type)))
  const objects = fields.filter((f) => isObjectType(getNamedType(f.type)))
  const chosen = new Set<string>(['__typename'])
  for (let i = 0; i < 3 && leaves.length; i += 1) chosen.add(leaves[(pick[i] ?? 0) % leaves.length]!.name)
  if (depth > 0 && objects.length) {
    const field = objects[(pick[3] ?? 0) % objects.length]!
    chosen.add(`${field.name} { ${selection(getNamedType(field.type) as GraphQLObjectType, depth - 1, pick.slice(4))} }`)
  }
  return [...chosen].join(' ')
}

/** A value for an input type: mostly of that type (enums, scalars, input objects), sometimes of any kind. */
function inputValue(type: GraphQLInputType, depth: number): fc.Arbitrary<Wire> {
  const inner = isNonNullType(type) ? type.ofType : type
  if (isListType(inner)) return fc.array(inputValue(inner.ofType, depth), { maxLength: 3 })
  if (isEnumType(inner)) return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...inner.getValues().map((v) => v.name)) }, { weight: 1, arbitrary: hostileScalar })
  if (isInputObjectType(inner)) {
    if (depth <= 0) return fc.constant({})
    const fields = Object.values(inner.getFields()).slice(0, 40)
    return fc
      .array(fc.constantFrom(...fields), { maxLength: 3 })
      .chain((chosen) => fc.tuple(...chosen.map((f) => inputValue(f.type, depth - 1).map((v) => [f.name, v] as const))))
      .map((entries) => Object.fromEntries(entries))
  }
  if (isScalarType(inner)) {
    const right: Record<string, fc.Arbitrary<Wire>> = {
      Int: fc.oneof(fc.integer({ min: -5, max: 60 }), fc.constantFrom(2 ** 31, -(2 ** 31) - 1)),
      Float: fc.double(),
      Boolean: fc.boolean(),
      String: fc.constantFrom('Concert', 'Jazz', '%', '_', "'", '', 'publish', '2027-03-01', HUGE_STRING),
      ID: fc.constantFrom('1', '2', 'abc', '-1'),
    }
    return fc.oneof({ weight: 4, arbitrary: right[inner.name] ?? hostileScalar }, { weight: 1, arbitrary: fc.oneof(hostileScalar, hostileStructure) })
  }
  return hostileScalar
}

/** An operation on one root field of the schema, arguments as typed variables, a small selection. */
function operationArb(schema: GraphQLSchema, kind: 'query' | 'mutation'): fc.Arbitrary<{ query: string; variables: Record<string, Wire> }> {
  const root = kind === 'query' ? schema.getQueryType() : schema.getMutationType()
  const fields: GraphQLField<unknown, unknown>[] = root ? Object.values(root.getFields()) : []
  return fc.constantFrom(...fields).chain((field) => {
    const args = field.args
    return fc
      .tuple(fc.tuple(...args.map((a) => (isNonNullType(a.type) ? inputValue(a.type, 3) : fc.option(inputValue(a.type, 3), { nil: undefined })))), fc.array(fc.nat(), { minLength: 12, maxLength: 12 }), fc.nat({ max: 3 }))
      .map(([values, pick, depth]) => {
        const used = args.map((a, i) => [a, values[i]] as const).filter(([, v]) => v !== undefined)
        const declared = used.map(([a]) => `$${a.name}: ${a.type.toString()}`).join(', ')
        const passed = used.map(([a]) => `${a.name}: $${a.name}`).join(', ')
        const type = getNamedType(field.type)
        const sel = isObjectType(type) ? ` { ${selection(type, depth, pick)} }` : ''
        const query = `${kind} Fuzz${declared ? `(${declared})` : ''} { ${field.name}${passed ? `(${passed})` : ''}${sel} }`
        return { query, variables: Object.fromEntries(used.map(([a, v]) => [a.name, v as Wire])) }
      })
  })
}

/** Documents built to exhaust a server: depth, aliases, tokens, fragment cycles, directives, syntax errors. */
function hostileDocuments(schema: GraphQLSchema): string[] {
  const listField = Object.keys(schema.getQueryType()?.getFields() ?? {}).find((n) => n === 'Events') ?? 'Events'
  const nest = (n: number) => `${'parent { '.repeat(n)}id${' }'.repeat(n)}`
  return [
    `{ ${listField} { docs { ${nest(40)} } } }`,
    `{ ${Array.from({ length: 400 }, (_, i) => `a${i}: __typename`).join(' ')} }`,
    `{ ${Array.from({ length: 200 }, (_, i) => `e${i}: ${listField}(limit: 100) { docs { id title } }`).join(' ')} }`,
    `{ ${'__typename '.repeat(6000)}}`,
    `fragment A on Event { ...B } fragment B on Event { ...A } { ${listField} { docs { ...A } } }`,
    `{ ${listField} { docs { id ${'@include(if: true) '.repeat(500)} } } }`,
    `{ __schema { types { name fields { name type { name ofType { name ofType { name ofType { name } } } } } } } }`,
    `query { ${listField}(where: ${'{ OR: ['.repeat(60)}{}${'] }'.repeat(60)}) { totalDocs } }`,
    '{', '}}}', '', 'query', 'mutation { }', '{ nope }', '{ Events(limit: "x") { docs { id } } }', `{ Events(where: { title: { like: "${'%'.repeat(3000)}" } }) { totalDocs } }`,
    'subscription { Events { docs { id } } }', '{ Event(id: 1) { title } } { Event(id: 2) { title } }', '\u0000', '# only a comment',
  ]
}

export function graphqlCases(schema: GraphQLSchema): fc.Arbitrary<GraphqlCase> {
  const actor = fc.constantFrom('anonymous' as const, 'editor' as const)
  return fc.oneof(
    { weight: 6, arbitrary: fc.tuple(actor, operationArb(schema, 'query')).map(([a, op]) => ({ actor: a, ...op })) },
    { weight: 2, arbitrary: fc.tuple(actor, operationArb(schema, 'mutation')).map(([a, op]) => ({ actor: a, ...op })) },
    { weight: 2, arbitrary: fc.tuple(actor, fc.constantFrom(...hostileDocuments(schema))).map(([a, query]) => ({ actor: a, query })) },
    {
      weight: 1,
      arbitrary: fc.tuple(
        actor,
        fc.constantFrom(
          { raw: '{"query": ', contentType: 'application/json' },
          { raw: '', contentType: 'application/json' },
          { raw: 'null', contentType: 'application/json' },
          { raw: '{"query": 5}', contentType: 'application/json' },
          { raw: '{"query": "{ __typename }", "variables": "x"}', contentType: 'application/json' },
          { raw: '{"query": "query($a: Int) { __typename }", "variables": {"a": "x"}}', contentType: 'application/json' },
          { raw: '[{"query": "{ __typename }"}, {"query": "{ __typename }"}]', contentType: 'application/json' },
          { raw: '{"query": "{ __typename }", "operationName": "nope"}', contentType: 'application/json' },
          { raw: '{ __typename }', contentType: 'application/graphql' },
          { raw: 'query={__typename}', contentType: 'application/x-www-form-urlencoded' },
          { raw: '{ __typename }', contentType: 'text/plain' },
        ),
      ).map(([a, r]) => ({ actor: a, ...r })),
    },
  )
}

export function graphqlRequest(c: GraphqlCase, auth: Record<'editor', Record<string, string>>): HttpRequest {
  const headers: Record<string, string> = { ...(c.actor === 'anonymous' ? {} : auth.editor) }
  if ('raw' in c) return { method: 'POST', path: '/api/graphql', headers: { ...headers, 'content-type': c.contentType }, body: c.raw }
  return { method: 'POST', path: '/api/graphql', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ query: c.query, variables: c.variables }) }
}
