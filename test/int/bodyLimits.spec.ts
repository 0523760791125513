import { request as httpRequest } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { env } from '../../src/env.js'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'
import { servePayloadApi, type PayloadApi } from '../helpers/payloadApi.js'

// One body limit on every entry point, checked before the body is read into memory and before
// authentication; parser errors are 400s in each route's envelope.

let app: TestApp
let api: PayloadApi
const NS = `${env.REST_PREFIX}/calendar/events/v1`
const LIMIT = env.MAX_BODY_BYTES
const MB = 1024 * 1024

beforeAll(async () => {
  app = await initTestApp()
  api = await servePayloadApi(app)
})
afterAll(async () => {
  await api?.close()
  await app?.close()
})

interface Streamed {
  status: number
  body: any
  /** Body bytes the client had written when the answer arrived. */
  sentBeforeAnswer: number
}

/**
 * Sends `total` bytes of `fill` (generated chunk by chunk, never held whole) and stops writing as soon
 * as an answer arrives. With `declareLength` the size is announced in Content-Length, else chunked.
 */
function streamBody(path: string, options: { total: number; contentType: string; declareLength: boolean; fill?: string }): Promise<Streamed> {
  const chunk = Buffer.alloc(64 * 1024, options.fill ?? ' ')
  const url = new URL(path, api.origin)
  return new Promise((resolve, reject) => {
    let sent = 0
    let answered = false
    const headers: Record<string, string | number> = { 'content-type': options.contentType }
    if (options.declareLength) headers['content-length'] = options.total
    const req = httpRequest(url, { method: 'POST', headers }, (res) => {
      answered = true
      const sentBeforeAnswer = sent
      const parts: Buffer[] = []
      res.on('data', (d: Buffer) => parts.push(d))
      res.on('end', () => {
        const text = Buffer.concat(parts).toString('utf8')
        let body: unknown = text
        try {
          body = JSON.parse(text)
        } catch {
          // keep the text
        }
        resolve({ status: res.statusCode!, body, sentBeforeAnswer })
      })
    })
    // Once answered, the server may cut the connection while we still write: that is the point.
    req.on('error', (error) => {
      if (!answered) reject(error)
    })
    const pump = () => {
      while (!answered && sent < options.total) {
        const piece = sent + chunk.length <= options.total ? chunk : chunk.subarray(0, options.total - sent)
        sent += piece.length
        if (!req.write(piece)) return void req.once('drain', pump)
      }
      if (!answered) req.end()
    }
    pump()
  })
}

const HUGE = 300 * MB

describe('a body over MAX_BODY_BYTES', () => {
  it.each([
    ['the namespace', `${NS}/events`, 'application/json'],
    ['/api', '/api/events', 'application/json'],
    ['/api/graphql', '/api/graphql', 'application/json'],
    ['/api (form)', '/api/events', 'application/x-www-form-urlencoded'],
  ])('is refused on %s at once when Content-Length says so, before authentication', async (_where, path, contentType) => {
    const res = await streamBody(path, { total: HUGE, contentType, declareLength: true })
    expect(res.status).toBe(413)
    // Answered from the header: far less than the body had been sent.
    expect(res.sentBeforeAnswer).toBeLessThan(HUGE / 10)
    if (path.startsWith(NS)) expect(res.body).toEqual({ code: 'rest_payload_too_large', message: 'The request body is too large.', data: { status: 413 } })
    else expect(res.body.errors[0].message).toMatch(/too large/)
  }, 120000)

  it.each([
    ['the namespace', `${NS}/events`],
    ['/api', '/api/events'],
    ['/api/graphql', '/api/graphql'],
  ])('is cut off on %s when streamed chunked (300 MB), without the server keeping it', async (_where, path) => {
    global.gc?.()
    const before = process.memoryUsage().rss
    const res = await streamBody(path, { total: HUGE, contentType: 'application/json', declareLength: false })
    const grew = process.memoryUsage().rss - before
    expect(res.status).toBe(413)
    expect(res.sentBeforeAnswer).toBeLessThan(HUGE / 10)
    // Client and server share this process: together they kept far less than the body.
    expect(grew).toBeLessThan(64 * MB)
  }, 120000)

  it('is measured in bytes: just under the limit passes to the route, just over is 413 (namespace and /api)', async () => {
    const event = { title: 'Big', start_date: '2027-03-01 10:00', end_date: '2027-03-01 12:00', padding: '' }
    const json = (size: number) => JSON.stringify({ ...event, padding: 'x'.repeat(size - JSON.stringify(event).length) })
    expect(Buffer.byteLength(json(LIMIT))).toBe(LIMIT)
    const under = await api.request('POST', `${NS}/events`, { body: json(LIMIT) })
    expect(under.body.code ?? under.body).toBe("rest_forbidden")
    expect(under.status).toBe(401)
    expect(under.body.code).toBe('rest_forbidden')
    const over = await api.request('POST', `${NS}/events`, { body: json(LIMIT + 1) })
    expect(over.status).toBe(413)
    const apiUnder = await api.request('POST', '/api/events', { body: json(LIMIT) })
    expect(apiUnder.status).toBe(403)
    const apiOver = await api.request('POST', '/api/events', { body: json(LIMIT + 1) })
    expect(apiOver.status).toBe(413)
    expect(apiOver.body.errors[0].message).toMatch(/too large/)
  })
})

describe('uploads', () => {
  const multipart = (size: number) => {
    const boundary = 'calendar-boundary'
    const head = `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="big.png"\r\ncontent-type: image/png\r\n\r\n`
    const tail = `\r\n--${boundary}--\r\n`
    const body = Buffer.concat([Buffer.from(head), Buffer.alloc(size - head.length - tail.length, 1), Buffer.from(tail)])
    return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
  }

  it('to /api/media may exceed MAX_BODY_BYTES up to MAX_UPLOAD_BYTES; other routes may not', async () => {
    const { body, headers } = multipart(LIMIT * 2)
    const media = await fetch(`${api.origin}/api/media`, { method: 'POST', headers, body })
    // Past the body limit: Payload itself answers (anonymous may not upload).
    expect(media.status).toBe(403)
    const events = await fetch(`${api.origin}/api/events`, { method: 'POST', headers, body })
    expect(events.status).toBe(413)
  })

  it('above MAX_UPLOAD_BYTES are refused with 413', async () => {
    const res = await streamBody('/api/media', { total: env.MAX_UPLOAD_BYTES + 1, contentType: 'multipart/form-data; boundary=x', declareLength: true })
    expect(res.status).toBe(413)
    expect(res.body.errors[0].message).toMatch(/too large/)
  })
})

describe('parser errors are 400s, never 500', () => {
  const post = (path: string, body: string, contentType: string, extra: Record<string, string> = {}) =>
    fetch(`${api.origin}${path}`, { method: 'POST', headers: { 'content-type': contentType, ...extra }, body }).then(async (r) => ({
      status: r.status,
      body: await r.json(),
    }))
  const manyParams = Array.from({ length: 1001 }, (_, i) => `p${i}=1`).join('&')
  const deep = `a${'[b]'.repeat(40)}=1`

  it.each([
    ['bad JSON', '{"title": ', 'application/json', 'rest_invalid_json'],
    ['1,001 form parameters', manyParams, 'application/x-www-form-urlencoded', 'rest_body_too_complex'],
    ['a form nested 40 levels deep', deep, 'application/x-www-form-urlencoded', 'rest_body_too_complex'],
    ['a JSON body in latin-9', '{}', 'application/json; charset=iso-8859-15', 'rest_unsupported_body'],
  ])('the namespace answers %s with 400 before authentication', async (_what, body, contentType, code) => {
    for (const path of [`${NS}/events`, `${NS}/categories/3`, `/fr${NS}/venues`]) {
      const res = await post(path, body, contentType)
      expect(res.status).toBe(400)
      expect(res.body.code).toBe(code)
      expect(res.body.data).toEqual({ status: 400 })
    }
  })

  it('an unknown content encoding is a 400 on the namespace', async () => {
    const res = await post(`${NS}/events`, '{}', 'application/json', { 'content-encoding': 'x-unknown' })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('rest_unsupported_body')
  })

  it('the namespace message is translated', async () => {
    const res = await post(`/fr${NS}/events`, manyParams, 'application/x-www-form-urlencoded')
    expect(res.body.message).toBe("Le corps du formulaire a plus de 1000 paramètres ou plus de 32 niveaux d'imbrication.")
  })

  it('/api and /api/graphql answer bad JSON with 400 in their envelope', async () => {
    const rest = await post('/api/events', '{"title": ', 'application/json')
    expect(rest.status).toBe(400)
    expect(rest.body.errors[0].message).toMatch(/JSON/)
    const graphql = await post('/api/graphql', '{"query": ', 'application/json')
    expect(graphql.status).toBe(400)
    expect(graphql.body.errors[0].message).toMatch(/JSON/)
  })

  it('a body that fits still reaches the route whole (form and JSON)', async () => {
    const fields = 'title=Hello&start_date=2027-03-01+10:00&end_date=2027-03-01+12:00&categories[]=a&categories[]=b'
    const form = await post(`${NS}/events`, fields, 'application/x-www-form-urlencoded')
    // Every parameter arrived (no 400 for a missing one); then the permission check.
    expect(form.status).toBe(401)
    expect(form.body.code).toBe('rest_forbidden')
    const graphql = await api.graphql('{ Events { totalDocs } }')
    expect(graphql.status).toBe(200)
    expect(graphql.body.data.Events.totalDocs).toBe(0)
  })
})
