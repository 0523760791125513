import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { NAMESPACE } from '../../endpoints/namespace.js'
import { ROUTES } from '../../endpoints/routes.js'
import type { RequestContext } from '../../endpoints/types.js'
import { env } from '../../src/env.js'
import { pluginOptionsOf } from '../../lib/options.js'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'
import { servePayloadApi, type PayloadApi } from '../helpers/payloadApi.js'
import { liveDocument, type OpenApiDocument } from '../helpers/openapiValidator.js'
import { namespaceCacheProblem, namespaceProblem } from './checkAnswer.js'
import { FOUND_INPUTS } from './foundInputs.js'
import { acceptedValues, endpointFor, namespaceCases, plausibleValues, routeKind, toHttpRequest, type NamespaceCase } from './namespaceRequests.js'
import { closeAgent, type HttpAnswer, type HttpRequest } from './rawHttp.js'
import { fuzzSettings, HEAP_BOUND_MB, memoryMb, RSS_BOUND_MB, runFuzz } from './runFuzz.js'
import { seedCalendar, type Seeded } from './seedCalendar.js'

// Property-based fuzzing of the calendar namespace: requests drawn from the route table's own
// parameter declarations (ROUTES), every method (with bodies on each), right and wrong kinds of values, undeclared
// parameters and broken bodies, anonymous and signed in. No answer may be a 5xx or leave the error
// envelope or contradict the live /doc; the server must keep answering and its memory stay bounded.
// Replay: FUZZ_SEED=<seed> FUZZ_RUNS=<requests> npm test -- test/fuzz/namespace.spec.ts --runInBand

const { seed: SEED, runs: RUNS, all: ALL } = fuzzSettings(7000)

let app: TestApp
let api: PayloadApi
let seeded: Seeded
/** The live /doc: every 2xx and 4xx namespace answer must match it. */
let doc: OpenApiDocument

beforeAll(async () => {
  console.log(`namespace fuzz: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}`)
  app = await initTestApp()
  api = await servePayloadApi(app)
  seeded = await seedCalendar(app.payload)
  doc = await liveDocument(api.origin)
  // Refused input is the point here: keep Payload's error log from drowning the report.
  app.payload.logger.level = 'silent'
}, 120_000)
afterAll(async () => {
  closeAgent()
  await api?.close()
  await app?.close()
})

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
/** Codes answered before a handler runs: a write that gets none of these reached its handler. */
const PIPELINE_CODES = new Set([
  'rest_no_route', 'rest_missing_callback_param', 'rest_invalid_param', 'rest_forbidden', 'incorrect_password', 'rest_too_many_requests',
  'rest_invalid_json', 'rest_payload_too_large', 'rest_body_too_complex', 'rest_unsupported_body',
])

describe('calendar namespace under fuzzing', () => {
  it(`answers ${RUNS} generated requests without a 5xx, in its error envelope, and stays up`, async () => {
    const ctx: RequestContext = {
      payload: app.payload,
      user: null,
      restRoot: `${env.SITE_URL}${env.REST_PREFIX}`,
      namespace: NAMESPACE,
      base: `${env.SITE_URL}${env.REST_PREFIX}/${NAMESPACE}`,
      locale: env.LOCALES[0]!,
      options: pluginOptionsOf(app.payload.config),
    }
    const accepted = await acceptedValues(ROUTES, plausibleValues(seeded.pools), ctx)
    const cases = namespaceCases(ROUTES, accepted, seeded.eventPassword)

    const seen = new Map(ROUTES.map((r) => [r.pattern, { ok: 0, clientError: 0, writeReached: 0, getWithBody: 0, undeclared: 0 }]))
    let created = 0
    const before = memoryMb()

    const record = (c: NamespaceCase, request: HttpRequest, answer: HttpAnswer) => {
      const stats = seen.get(c.pattern)!
      if (c.method === 'GET' && request.body !== undefined && Buffer.byteLength(request.body) > 0) stats.getWithBody += 1
      const route = ROUTES.find((r) => r.pattern === c.pattern)!
      const declared = (endpointFor(route, c.method) ?? route.endpoints[0]!).params
      const bodyValue = c.body.kind === 'json' || c.body.kind === 'form' ? c.body.value : undefined
      const sentNames = [...Object.keys(c.query), ...(bodyValue && typeof bodyValue === 'object' && !Array.isArray(bodyValue) ? Object.keys(bodyValue) : [])]
      if (sentNames.some((name) => !Object.hasOwn(declared, name))) stats.undeclared += 1
      if (answer.status < 300) stats.ok += 1
      else if (answer.status >= 400 && answer.status < 500) stats.clientError += 1
      if (WRITE_METHODS.has(c.method) && request.method !== 'HEAD') {
        let code: unknown
        try {
          code = JSON.parse(answer.text)?.code
        } catch {
          // not JSON: no code
        }
        if (answer.status < 300 || (typeof code === 'string' && !PIPELINE_CODES.has(code))) stats.writeReached += 1
      }
      // What the fuzz creates joins the pools, so later requests read, change and delete it.
      const kind = routeKind(c.pattern)
      if (answer.status === 201 && kind) {
        created += 1
        const doc = JSON.parse(answer.text)
        seeded.pools[kind].ids.push(doc.id)
        if (typeof doc.slug === 'string') seeded.pools[kind].slugs.push(doc.slug)
      }
    }

    const { sent, problems } = await runFuzz({
      origin: api.origin,
      cases,
      toRequest: (c) => toHttpRequest(c, seeded.pools, seeded.auth),
      problemOf: (request, answer) => namespaceProblem(request, answer, doc) ?? namespaceCacheProblem(request, answer),
      seen: record,
      health: { method: 'GET', path: `${env.REST_PREFIX}/${NAMESPACE}/`, headers: seeded.auth.editor },
      seed: SEED,
      runs: RUNS,
      all: ALL,
      examples: FOUND_INPUTS,
    })
    expect(problems).toEqual([])

    const after = memoryMb()
    console.log(
      `namespace fuzz: ${sent} requests, ${created} documents created; after garbage collection RSS ${before.rss.toFixed(0)} → ${after.rss.toFixed(0)} MB (anonymous ${before.anon.toFixed(0)} → ${after.anon.toFixed(0)}), heap ${before.heap.toFixed(0)} → ${after.heap.toFixed(0)} MB`,
    )
    console.table(Object.fromEntries(seen))
    expect(sent).toBeGreaterThanOrEqual(RUNS)
    // Every route answered, and got GETs with bodies and undeclared parameters.
    for (const [pattern, stats] of seen) {
      const covered = { ok: stats.ok > 0, clientError: stats.clientError > 0, getWithBody: stats.getWithBody > 0, undeclared: stats.undeclared > 0 }
      expect({ pattern, ...covered }).toEqual({ pattern, ok: true, clientError: true, getWithBody: true, undeclared: true })
    }
    const writable = ROUTES.filter((r) => r.endpoints.some((e) => e.methods.some((m) => WRITE_METHODS.has(m))))
    expect(writable.length).toBeGreaterThan(0)
    for (const route of writable) expect({ pattern: route.pattern, writeReached: seen.get(route.pattern)!.writeReached > 0 }).toEqual({ pattern: route.pattern, writeReached: true })
    expect(created).toBeGreaterThan(0)
    expect(after.heap - before.heap).toBeLessThan(HEAP_BOUND_MB)
    expect(after.anon - before.anon).toBeLessThan(RSS_BOUND_MB)
  }, 900_000)
})
