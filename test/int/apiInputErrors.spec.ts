import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import express from 'express'
import { pipeToNodeResponse } from 'next/dist/server/pipe-readable.js'
import { APIError, ValidationError } from 'payload'
import type { Role } from '../../collections/roles.js'
import { errorMiddleware } from '../../endpoints/errors/errorMiddleware.js'
import { apiErrorEnvelope } from '../../src/guards/apiErrorEnvelope.js'
import { closeAgent, send, type HttpAnswer } from '../fuzz/rawHttp.js'
import { createActors, type Actor } from '../helpers/actors.js'
import { createEvent } from '../helpers/fixtures.js'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'
import { servePayloadApi, type PayloadApi } from '../helpers/payloadApi.js'

// Inputs the fuzz suite found answering 5xx (or outside the envelope) on Payload's /api and GraphQL,
// each sent as the fuzz sent it (raw HTTP: no normalisation of escapes or dot segments), and the
// namespace's mapping of Payload's errors that escape a handler.

let app: TestApp
let api: PayloadApi
let actors: Record<Role | 'anonymous', Actor>

beforeAll(async () => {
  app = await initTestApp()
  api = await servePayloadApi(app)
  actors = await createActors(app)
}, 300_000)
afterAll(async () => {
  closeAgent()
  await api?.close()
  await app?.close()
})

const raw = (method: string, path: string, headers: Record<string, string> = {}, body?: string) => send(api.origin, { method, path, headers, body })

/** Status and the /api envelope: {errors: [{message}]}, nothing else. */
function expectApiError(answer: HttpAnswer, status: number): string {
  expect(answer.status).toBe(status)
  const body = JSON.parse(answer.text) as { errors?: Array<{ message?: unknown }> }
  expect(Object.keys(body)).toEqual(['errors'])
  expect(typeof body.errors?.[0]?.message).toBe('string')
  return body.errors![0]!.message as string
}

describe('/api and GraphQL input errors in the envelope, never 5xx', () => {
  it('a malformed where (all on a SQL database, typed operands behind a relationship, IDs, numbers and booleans compared with text) is 400', async () => {
    const paths = [
      '/api/organizers?where[or][][and][][image.alt][all]=1%2Cabc',
      '/api/media?where[mimeType][all]=(a%2B)%2B%24',
      '/api/organizers?where[image.updatedAt][greater_than_equal]=%F3%97%AC%97%CF%BB',
      // Integer IDs compared with text: an error in PostgreSQL's query.
      '/api/venues?where[or][][and][][id][not_like]=publish&where[or][][and][][id][equals]=',
      '/api/venues?where[id][in]=1,abc',
      '/api/venues?where[or][][and][][latitude][not_like]=pending&where[or][][latitude][not_like]=pending',
      '/api/venues?where[latitude][in]=1,x',
      '/api/events?where[showMapLink][like]=%2C%2C%2C',
      '/api/events?where[showMapLink][equals]=maybe',
      // PostgreSQL: a timestamp and an enum have no LIKE, an enum takes its own values only.
      '/api/event-categories?where[updatedAt][not_like]=2',
      '/api/users?where[role][contains]=editor',
      '/api/users?where[role][in]=editor,zzz',
      '/api/users?where[role][equals]=',
    ]
    for (const path of paths) expectApiError(await raw('GET', path, actors.editor.headers), 400)
    expect(paths.length).toBe(13)
    // An upload's ID compared with a list that is no ID, anonymously (found by the fuzz suite).
    for (const path of ['/api/events/count?where[image][equals]=1%2C2', '/api/events?where[venues][in]=1,x', '/api/events?where[author][not_equals]=me']) {
      expectApiError(await raw('GET', path), 400)
    }
    // A link ordered against a word (found by the fuzz suite: a 500 before).
    expectApiError(await raw('GET', '/api/app-passwords?where[user][greater_than_equal]=publish', actors.editor.headers), 400)
    expectApiError(await raw('GET', '/api/events?where[venues][less_than]=x'), 400)
    // IDs and null still filter links, and order them.
    expect((await raw('GET', '/api/events/count?where[image][equals]=1&where[venues][in]=1,2,null')).status).toBe(200)
    expect((await raw('GET', '/api/events/count?where[author][greater_than_equal]=1', actors.editor.headers)).status).toBe(200)
    // IDs still filter.
    const venues = await raw('GET', '/api/venues?where[id][in]=1,2&where[id][not_equals]=3&where[latitude][greater_than]=-90.5', actors.editor.headers)
    const events = await raw('GET', '/api/events?where[showMapLink][equals]=true&where[featured][not_equals]=false', actors.editor.headers)
    expect(events.status).toBe(200)
    expect(venues.status).toBe(200)
    const roles = await raw('GET', '/api/users?where[role][in]=editor,contributor&where[createdAt][greater_than]=2000-01-01', actors.editor.headers)
    expect([roles.status, JSON.parse(roles.text).totalDocs > 0]).toEqual([200, true])
  })

  it('a field given a value of the wrong kind (a list or object for a date or text, a date that is none) is 400 on create and update, by JSON, multipart and GraphQL', async () => {
    const json = (method: string, path: string, body: unknown) => raw(method, path, { ...actors.editor.headers, 'content-type': 'application/json' }, JSON.stringify(body))
    const fieldErrors = (answer: HttpAnswer) => {
      expectApiError(answer, 400)
      return (JSON.parse(answer.text).errors[0].data?.errors ?? []).map((e: { path: string }) => e.path) as string[]
    }
    const tag = JSON.parse((await json('POST', '/api/event-tags', { name: 'Shapes' })).text).doc as { id: number; name: string; createdAt: string }
    const event = await createEvent(app.payload, 'Shapes event')
    // Payload's timestamps have no validation at all, and its date check reads a list as its first item.
    const refused: Array<[string, Record<string, unknown>, string]> = [
      [`/api/event-tags/${tag.id}`, { createdAt: [] }, 'createdAt'],
      [`/api/event-tags/${tag.id}`, { createdAt: {} }, 'createdAt'],
      [`/api/event-tags/${tag.id}`, { createdAt: ['2027-01-01'] }, 'createdAt'],
      [`/api/event-tags/${tag.id}`, { createdAt: 'x' }, 'createdAt'],
      [`/api/event-tags/${tag.id}`, { createdAt: true }, 'createdAt'],
      [`/api/event-tags/${tag.id}`, { updatedAt: { a: 1 } }, 'updatedAt'],
      // Past year 9999 a stored date no longer sorts as text; before year 1 PostgreSQL refuses it.
      [`/api/event-tags/${tag.id}`, { createdAt: '+099999-01-01T00:00:00.000Z' }, 'createdAt'],
      [`/api/event-tags/${tag.id}`, { createdAt: '-000001-01-01T00:00:00.000Z' }, 'createdAt'],
      [`/api/event-tags/${tag.id}`, { name: {} }, 'name'],
      [`/api/event-tags/${tag.id}`, { description: { a: 'b' } }, 'description'],
      [`/api/events/${event}`, { startDate: ['2027-01-01T10:00:00.000Z'] }, 'startDate'],
      [`/api/events/${event}`, { title: ['x'], featured: {} }, 'title'],
      [`/api/venues`, { title: 'V', deletedAt: [] }, 'deletedAt'],
      [`/api/users/${actors.editor.id}`, { email: ['a@example.org'] }, 'email'],
    ]
    for (const [path, body, field] of refused) {
      const answer = await json(path.split('/').length > 3 ? 'PATCH' : 'POST', path, body)
      expect({ body, fields: fieldErrors(answer) }).toEqual({ body, fields: expect.arrayContaining([field]) })
    }
    expect(refused.length).toBe(14)
    expect(fieldErrors(await json('POST', '/api/event-tags', { name: 'New', createdAt: [] }))).toEqual(['createdAt'])
    // The admin's way: JSON in a multipart `_payload` field.
    const boundary = 'shapes'
    const form = `--${boundary}\r\nContent-Disposition: form-data; name="_payload"\r\n\r\n{"createdAt":[]}\r\n--${boundary}--\r\n`
    expect(fieldErrors(await raw('PATCH', `/api/event-tags/${tag.id}`, { ...actors.editor.headers, 'content-type': `multipart/form-data; boundary=${boundary}` }, form))).toEqual(['createdAt'])
    // GraphQL: the same ValidationError, as a 400 in the error's extensions.
    const mutation = `mutation { updateEventTag(id: ${tag.id}, data: {createdAt: "x"}) { id } }`
    const graphql = await raw('POST', '/api/graphql', { ...actors.editor.headers, 'content-type': 'application/json' }, JSON.stringify({ query: mutation }))
    expect(graphql.status).toBeLessThan(500)
    expect(JSON.parse(graphql.text).errors[0].extensions).toMatchObject({ name: 'ValidationError', statusCode: 400 })
    // Nothing was written; well-formed values still are.
    const unchanged = JSON.parse((await raw('GET', `/api/event-tags/${tag.id}`, actors.editor.headers)).text)
    expect([unchanged.name, unchanged.createdAt]).toEqual([tag.name, tag.createdAt])
    const fine = await json('PATCH', `/api/event-tags/${tag.id}`, { name: 'Shapes 2', createdAt: '2027-01-01T00:00:00.000Z' })
    expect(fine.status).toBe(200)
    expect(JSON.parse(fine.text).doc.createdAt).toBe('2027-01-01T00:00:00.000Z')
    expect((await json('PATCH', `/api/events/${event}`, { featured: true, startDate: '2027-03-01T10:00:00.000Z', endDate: '2027-03-01T12:00:00.000Z' })).status).toBe(200)
  })

  it("a body Payload does not read is no data, JSON that is not an object is 400, on Payload's own collections too; a preference deletes", async () => {
    const headers = (type: string) => ({ ...actors.editor.headers, 'content-type': type })
    const tag = JSON.parse((await raw('POST', '/api/event-tags', headers('application/json'), '{"name":"Bodies"}')).text).doc as { id: number }
    // Neither JSON nor multipart: Payload leaves the data undefined (an update of nothing was a 500).
    const plain = await raw('PATCH', `/api/event-tags/${tag.id}`, headers('text/plain'), 'name=x')
    expect([plain.status, JSON.parse(plain.text).doc.name]).toEqual([200, 'Bodies'])
    for (const body of ['[]', 'null', '"x"', '5']) {
      expect(expectApiError(await raw('POST', '/api/venues', headers('application/json'), body), 400)).toBe('The request body must be a JSON object.')
      expectApiError(await raw('PATCH', `/api/event-tags/${tag.id}`, headers('application/json'), body), 400)
    }
    // Nested deeper than any document: refused before Payload merges it into the stored one, level by
    // level (a few thousand levels overflowed the stack, a 500); as deep as rich text may be, still read.
    const nested = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`
    for (const path of ['/api/event-categories', `/api/event-tags/${tag.id}`]) {
      const method = path.endsWith(String(tag.id)) ? 'PATCH' : 'POST'
      expect(expectApiError(await raw(method, path, headers('application/json'), nested(3000)), 400)).toBe('The request body is nested more than 100 levels deep.')
    }
    expect((await raw('PATCH', `/api/event-tags/${tag.id}`, headers('application/json'), nested(99))).status).toBe(200)
    // GraphQL: a variable nested as deep is an error in the envelope, never a 5xx.
    const mutation = 'mutation($lines: JSON) { createEvent(data: { title: "Deep", startDate: "2027-03-01T10:00:00.000Z", endDate: "2027-03-01T11:00:00.000Z", recurrence: $lines }) { id } }'
    const graphql = await raw('POST', '/api/graphql', headers('application/json'), `{"query":${JSON.stringify(mutation)},"variables":{"lines":${nested(3000)}}}`)
    expect(graphql.status).toBeLessThan(500)
    expect(JSON.parse(graphql.text).errors.length).toBeGreaterThan(0)
    // Payload's preferences and locked documents get the same field checks.
    const preference = await raw('POST', '/api/payload-preferences', headers('application/json'), '{"key":"k","updatedAt":true}')
    expect(JSON.parse(preference.text).errors[0].data.errors).toEqual([expect.objectContaining({ path: 'updatedAt' })])
    expectApiError(await raw('POST', '/api/payload-locked-documents', headers('application/json'), '{"updatedAt":[]}'), 400)
    // Payload's own DELETE of a preference was a 500 on every call.
    expect((await raw('POST', '/api/payload-preferences/columns', headers('application/json'), '{"value":{"a":1}}')).status).toBe(200)
    const deleted = await raw('DELETE', '/api/payload-preferences/columns', actors.editor.headers)
    expect([deleted.status, JSON.parse(deleted.text).key]).toEqual([200, 'columns'])
    expect(JSON.parse((await raw('GET', '/api/payload-preferences/columns', actors.editor.headers)).text).value).toBeNull()
    expectApiError(await raw('DELETE', '/api/payload-preferences/columns', actors.editor.headers), 404)
    expectApiError(await raw('DELETE', '/api/payload-preferences/columns'), 401)
  })

  it('a multipart body whose _payload is not JSON is 400', async () => {
    const boundary = 'fuzzboundary'
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="_payload"\r\n\r\n{not json\r\n--${boundary}--\r\n`
    const answer = await raw('POST', '/api/venues', { ...actors.editor.headers, 'content-type': `multipart/form-data; boundary=${boundary}` }, body)
    expect(expectApiError(answer, 400)).toMatch(/_payload/)
  })

  it('malformed percent-escapes and dot segments in /api paths are 400', async () => {
    const paths = ['/api/venues/%FF', '/api/event-tags/access/%FF', '/api/app-passwords/%E0%A4%A', '/api/organizers/access/%', '/api/%', '/api/venues/access/.', '/api/venues/..']
    for (const path of paths) expectApiError(await raw('GET', path, actors.editor.headers), 400)
    expectApiError(await raw('PATCH', '/api/id-counters/access/%FF', { ...actors.editor.headers, 'content-type': 'application/json' }, '{}'), 400)
  })

  it('GraphQL subscriptions and fragment cycles are 400 {errors}', async () => {
    const documents = ['subscription { Events { docs { id } } }', 'query { Events { docs { ...A } } } fragment A on Event { ...B } fragment B on Event { ...A }']
    for (const query of documents) {
      const answer = await raw('POST', '/api/graphql', { 'content-type': 'application/json' }, JSON.stringify({ query }))
      expectApiError(answer, 400)
    }
    // A valid query still runs.
    const fine = await raw('POST', '/api/graphql', { 'content-type': 'application/json' }, JSON.stringify({ query: '{ Events { totalDocs } }' }))
    expect(fine.status).toBe(200)
    expect(JSON.parse(fine.text).data.Events.totalDocs).toEqual(expect.any(Number))
  })

  it("Payload's own routes: auth operations by GET are 405, payload-migrations 404, unknown routes 404, all as {errors}", async () => {
    for (const operation of ['refresh-token', 'logout', 'unlock']) {
      const answer = await raw('GET', `/api/users/${operation}`, actors.contributor.headers)
      expectApiError(answer, 405)
      expect(answer.headers.allow).toMatch(/POST/)
    }
    for (const [method, path] of [['GET', '/api/payload-migrations'], ['GET', '/api/payload-migrations/1'], ['DELETE', '/api/payload-migrations'], ['HEAD', '/api/payload-migrations']] as const) {
      const answer = await raw(method, path, actors.editor.headers)
      if (method === 'HEAD') expect(answer.status).toBe(404)
      else expectApiError(answer, 404)
    }
    expect(expectApiError(await raw('GET', '/api/nope'), 404)).toBe('Route not found "/api/nope"')
    expectApiError(await raw('GET', '/api/events/17/duplicate', actors.editor.headers), 404)
    expectApiError(await raw('DELETE', '/api/access', actors.editor.headers), 404)
    // Still served: the auth operations by their method, and a known route.
    expect((await raw('POST', '/api/users/logout', actors.contributor.headers)).status).toBeLessThan(500)
    expect((await raw('GET', '/api/users/me', actors.contributor.headers)).status).toBe(200)
  })
})

describe("the namespace's error middleware and Payload's errors", () => {
  let server: Server
  let origin: string
  beforeAll(async () => {
    const router = express()
    router.get('/validation', () => {
      throw new ValidationError({ collection: 'venues', errors: [{ path: 'title', message: 'This field is required.' }, { path: 'website', message: 'Not a web address.' }] })
    })
    router.get('/not-found', () => {
      throw new APIError('Not Found', 404)
    })
    router.get('/conflict', () => {
      throw new APIError('Already taken.', 409)
    })
    router.get('/fault', () => {
      throw new APIError('Database is down.', 500)
    })
    router.use(errorMiddleware(app.payload))
    server = await new Promise((resolve) => {
      const s = router.listen(0, '127.0.0.1', () => resolve(s))
    })
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((resolve) => server?.close(() => resolve())))

  const body = async (path: string) => {
    const answer = await send(origin, { method: 'GET', path, headers: {} })
    return { status: answer.status, json: JSON.parse(answer.text) as { code: string; message: string; data: { status: number; params?: Record<string, string> } } }
  }

  it('a ValidationError is 400 rest_invalid_param with the field paths; other 4xx keep their status; 5xx stay faults', async () => {
    const validation = await body('/validation')
    expect(validation.status).toBe(400)
    expect(validation.json.code).toBe('rest_invalid_param')
    expect(validation.json.message).toBe('Invalid parameter(s): title, website')
    expect(validation.json.data).toEqual({ status: 400, params: { title: 'This field is required.', website: 'Not a web address.' } })
    const notFound = await body('/not-found')
    expect([notFound.status, notFound.json.code, notFound.json.data.status]).toEqual([404, 'rest_no_route', 404])
    const conflict = await body('/conflict')
    expect([conflict.status, conflict.json.code, conflict.json.message]).toEqual([409, 'rest_invalid_param', 'Invalid parameter(s): Already taken.'])
    const fault = await body('/fault')
    expect([fault.status, fault.json.code]).toEqual([500, 'internal_error'])
  })
})

describe("Payload's not-found answers as Next streams them", () => {
  it('a bare {message} 404 written by Next (headers flushed, then chunks) reaches the client as {errors: [{message}]}', async () => {
    const router = express()
    router.use(apiErrorEnvelope('/api', new Set(['/api/graphql'])))
    // Next's own writer, as its route handlers send a Payload Response: flushHeaders, write, end.
    router.use(async (req, res) => {
      const answer = Response.json({ message: `Route not found "${req.path}"` }, { status: 404 })
      res.statusCode = answer.status
      answer.headers.forEach((value, name) => res.setHeader(name, value))
      await pipeToNodeResponse(answer.body!, res)
    })
    const server: Server = await new Promise((resolve) => {
      const s = router.listen(0, '127.0.0.1', () => resolve(s))
    })
    try {
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
      const answer = await send(origin, { method: 'GET', path: '/api/nope', headers: {} })
      expect(answer.status).toBe(404)
      expect(JSON.parse(answer.text)).toEqual({ errors: [{ message: 'Route not found "/api/nope"' }] })
      expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.text))
      // Outside /api the answer is left as it was.
      const other = await send(origin, { method: 'GET', path: '/admin/nope', headers: {} })
      expect(JSON.parse(other.text)).toEqual({ message: 'Route not found "/admin/nope"' })
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  })
})
