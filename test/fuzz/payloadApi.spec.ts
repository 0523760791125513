import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { buildClientSchema, getIntrospectionQuery, type GraphQLSchema } from 'graphql'
import type { CollectionSlug } from 'payload'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'
import { servePayloadApi, type PayloadApi } from '../helpers/payloadApi.js'
import { graphqlProblem, payloadRestProblem } from './checkAnswer.js'
import { graphqlCases, graphqlRequest } from './graphqlRequests.js'
import { API_QUERY_NAMES, apiCases, apiRequest, apiSchema, type ApiSchema } from './payloadApiRequests.js'
import { closeAgent, send, type HttpRequest } from './rawHttp.js'
import { fuzzSettings, HEAP_BOUND_MB, memoryMb, RSS_BOUND_MB, runFuzz } from './runFuzz.js'
import { seedCalendar, type Seeded } from './seedCalendar.js'

// Property-based fuzzing of Payload's REST API (/api: random where, limit, page, sort, depth, select,
// bodies) and GraphQL (/api/graphql: queries and mutations generated from the schema, and documents
// built to exhaust a server), anonymous and signed in, on the seeded calendar. No 5xx; errors as
// {errors: [...]}; the server keeps answering; memory stays bounded.
// Replay: FUZZ_SEED=<seed> FUZZ_RUNS=<requests> npm test -- test/fuzz/payloadApi.spec.ts --runInBand

const { seed: SEED, runs: RUNS, all: ALL } = fuzzSettings(3000)
/** GraphQL's share of the requests. */
const GRAPHQL_SHARE = 1 / 3

let app: TestApp
let api: PayloadApi
let seeded: Seeded
let schema: ApiSchema
let graphqlSchema: GraphQLSchema

beforeAll(async () => {
  console.log(`/api and GraphQL fuzz: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}`)
  app = await initTestApp()
  api = await servePayloadApi(app)
  seeded = await seedCalendar(app.payload)
  // Refused input is the point here: keep Payload's error log from drowning the report.
  app.payload.logger.level = 'silent'
  const ids: ApiSchema['ids'] = {}
  for (const collection of app.payload.config.collections) {
    const found = await app.payload.find({ collection: collection.slug as CollectionSlug, limit: 50, depth: 0, overrideAccess: true, trash: true })
    ids[collection.slug] = found.docs.map((d) => d.id)
  }
  schema = apiSchema(app.payload, ids)
  const introspection = await api.graphql(getIntrospectionQuery())
  expect(introspection.status).toBe(200)
  graphqlSchema = buildClientSchema(introspection.body.data)
}, 120_000)
afterAll(async () => {
  closeAgent()
  await api?.close()
  await app?.close()
})

const health = () => ({ method: 'GET', path: '/api/users/me', headers: seeded.auth.editor })

describe("Payload's /api and GraphQL under fuzzing", () => {
  let before: ReturnType<typeof memoryMb>
  beforeAll(() => {
    before = memoryMb()
  })

  it(`answers ${Math.round(RUNS * (1 - GRAPHQL_SHARE))} generated /api requests without a 5xx, errors as {errors: [...]}`, async () => {
    const statuses = new Map<number, number>()
    // Per collection: GETs (and HEADs) with a body, with an undeclared query parameter.
    const reads = new Map(Object.keys(schema.fields).map((slug) => [slug, { withBody: 0, undeclared: 0 }]))
    const { sent, problems } = await runFuzz({
      origin: api.origin,
      cases: apiCases(schema),
      toRequest: (c) => apiRequest(c, schema, seeded.auth),
      problemOf: payloadRestProblem,
      seen: (c, request, answer) => {
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1)
        const stats = reads.get(c.collection)
        if (!stats || (c.method !== 'GET' && c.method !== 'HEAD')) return
        if (request.body !== undefined && Buffer.byteLength(request.body) > 0) stats.withBody += 1
        if (Object.keys(c.query).some((name) => !API_QUERY_NAMES.has(name))) stats.undeclared += 1
      },
      health: health(),
      seed: SEED,
      runs: RUNS * (1 - GRAPHQL_SHARE),
      all: ALL,
    })
    expect(problems).toEqual([])
    console.log(`/api fuzz: ${sent} requests`, Object.fromEntries(statuses))
    expect(sent).toBeGreaterThanOrEqual(RUNS * (1 - GRAPHQL_SHARE))
    const count = (from: number, to: number) => [...statuses].filter(([s]) => s >= from && s < to).reduce((n, [, c]) => n + c, 0)
    expect(count(200, 300)).toBeGreaterThan(0)
    expect(count(400, 500)).toBeGreaterThan(0)
    console.table(Object.fromEntries(reads))
    for (const [slug, stats] of reads) expect({ slug, withBody: stats.withBody > 0, undeclared: stats.undeclared > 0 }).toEqual({ slug, withBody: true, undeclared: true })
  }, 900_000)

  it('answers a GET or HEAD with a body (JSON, a form, a broken multipart) as it answers it without, on every route', async () => {
    // Payload reads no body on GET (Next drops it, handleEndpoints reads PATCH, POST and PUT only):
    // whatever a body says, the answer is the bodyless one. Each pair is sent back to back.
    const bodies: Array<[string, string]> = [
      ['application/json', JSON.stringify({ createdAt: [], where: { id: { equals: 'abc' } }, limit: 'x', title: {} })],
      ['application/x-www-form-urlencoded', 'where[id][like][]=1&limit=-1&depth=x&nope[a]=1'],
      ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="_payload"\r\n\r\n{broken\r\n--x--\r\n'],
      ['application/json', '{"title": '],
    ]
    const differences: string[] = []
    let pairs = 0
    for (const [slug, subs] of Object.entries(schema.subs)) {
      const id = String(schema.ids[slug]?.[0] ?? 1)
      for (const [i, sub] of [...new Set(subs)].entries()) {
        const [type, body] = bodies[i % bodies.length]!
        const headers = i % 2 ? seeded.auth.editor : {}
        for (const method of ['GET', 'HEAD']) {
          const without: HttpRequest = { method, path: `/api/${slug}${sub.replace('{id}', encodeURIComponent(id))}?fuzz_unknown[a]=1`, headers }
          const withBody: HttpRequest = { ...without, headers: { ...headers, 'content-type': type }, body }
          const a = await send(api.origin, withBody)
          const b = await send(api.origin, without)
          pairs += 1
          const problem = payloadRestProblem(withBody, a) ?? payloadRestProblem(without, b)
          if (problem || a.status !== b.status) differences.push(`${method} ${without.path} (${type}): ${a.status} with the body, ${b.status} without${problem ? `; ${problem}` : ''}`)
        }
      }
    }
    expect(differences).toEqual([])
    expect(pairs).toBeGreaterThanOrEqual(Object.keys(schema.subs).length * 2 * 5)
  }, 300_000)

  it(`answers ${Math.round(RUNS * GRAPHQL_SHARE)} generated GraphQL requests without a 5xx, with data or {errors: [...]}`, async () => {
    let withData = 0
    let withErrors = 0
    const { sent, problems } = await runFuzz({
      origin: api.origin,
      cases: graphqlCases(graphqlSchema),
      toRequest: (c) => graphqlRequest(c, seeded.auth),
      problemOf: graphqlProblem,
      seen: (_c, _request, answer) => {
        if (answer.text.startsWith('{"data":{') && !answer.text.includes('"errors"')) withData += 1
        if (answer.text.includes('"errors":[')) withErrors += 1
      },
      health: health(),
      seed: SEED,
      runs: RUNS * GRAPHQL_SHARE,
      all: ALL,
    })
    expect(problems).toEqual([])
    console.log(`GraphQL fuzz: ${sent} requests, ${withData} answered with data only, ${withErrors} with errors`)
    expect(sent).toBeGreaterThanOrEqual(RUNS * GRAPHQL_SHARE)
    expect(withData).toBeGreaterThan(0)
    expect(withErrors).toBeGreaterThan(0)
  }, 900_000)

  it('keeps its memory bounded', () => {
    const after = memoryMb()
    console.log(`/api and GraphQL fuzz: after garbage collection RSS ${before.rss.toFixed(0)} → ${after.rss.toFixed(0)} MB (anonymous ${before.anon.toFixed(0)} → ${after.anon.toFixed(0)}), heap ${before.heap.toFixed(0)} → ${after.heap.toFixed(0)} MB`)
    expect(after.heap - before.heap).toBeLessThan(HEAP_BOUND_MB)
    expect(after.anon - before.anon).toBeLessThan(RSS_BOUND_MB)
  })
})
