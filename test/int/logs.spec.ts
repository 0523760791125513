import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { env } from '../../src/env.js'
import { rawRequest } from '../helpers/rawHttp.js'
import { type EdgeServer, startEdgeServer } from '../helpers/startEdgeServer.js'

// The server as a process, its stdout read as the operator's log collector would.
let server: EdgeServer
let origin: string
let api: string
beforeAll(async () => {
  server = await startEdgeServer({ PORT: '0', LOG_LEVEL: 'info' })
  origin = `http://127.0.0.1:${server.port}`
  api = `${origin}${env.REST_PREFIX}/calendar/events/v1`
}, 240_000)
afterAll(async () => {
  await server?.stop()
})

/** Waits until the process logged a line for each request id (logs are written asynchronously). */
async function linesFor(ids: string[]): Promise<Map<string, Record<string, any>>> {
  const deadline = Date.now() + 30_000
  for (;;) {
    const found = new Map(server.jsonLines().filter((l) => ids.includes(l.req?.id)).map((l) => [l.req.id as string, l]))
    if (found.size === ids.length || Date.now() > deadline) return found
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

describe('request logs', () => {
  it('writes one JSON line per request with method, url, status, duration and request id', async () => {
    const res = await rawRequest(`${api}/events`, { headers: { 'x-request-id': 'log-check-1' } })
    expect(res.status).toBe(200)
    expect(res.headers['x-request-id']).toBe('log-check-1')
    const generated = await rawRequest(`${api}/events`, { headers: { 'x-request-id': 'x'.repeat(500) } })
    const newId = generated.headers['x-request-id'] as string
    expect(newId).toMatch(/^[0-9a-f-]{36}$/)
    const hostile = await rawRequest(`${api}/events`, { headers: { 'x-request-id': 'evil\tid"}{' } })
    expect(hostile.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)

    const lines = await linesFor(['log-check-1', newId])
    const line = lines.get('log-check-1')!
    expect(line).toMatchObject({ level: 30, req: { id: 'log-check-1', method: 'GET', url: `${env.REST_PREFIX}/calendar/events/v1/events` }, res: { statusCode: 200 } })
    expect(typeof line.responseTime).toBe('number')
    expect(typeof line.time).toBe('number')
    expect(lines.get(newId)).toBeDefined()
    expect(server.jsonLines().filter((l) => l.req?.id === 'log-check-1')).toHaveLength(1)
  })

  it('never writes a password, an Authorization header, a cookie, a token or a request body', async () => {
    const basic = `Basic ${Buffer.from(`${server.login}:${server.appPassword}`).toString('base64')}`
    const ok = await rawRequest(`${api}/events?status=draft`, { headers: { authorization: basic, 'x-request-id': 'secret-basic' } })
    expect(ok.status).toBe(200)

    const login = await rawRequest(`${origin}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'secret-login' },
      body: JSON.stringify({ email: server.email, password: server.password }),
    })
    expect(login.status).toBe(200)
    const token = JSON.parse(login.body.toString()).token as string
    expect(token.length).toBeGreaterThan(20)

    const jwt = await rawRequest(`${api}/events`, { headers: { authorization: `JWT ${token}`, 'x-request-id': 'secret-jwt' } })
    expect(jwt.status).toBe(200)
    const cookie = await rawRequest(`${origin}/api/users/me`, { headers: { cookie: `payload-token=${token}`, 'x-request-id': 'secret-cookie' } })
    expect(cookie.status).toBe(200)
    const query = await rawRequest(`${api}/events/${server.eventId}?password=query-secret-4711&x=1`, { headers: { 'x-request-id': 'secret-query' } })
    expect(query.status).toBe(200)
    // The name as the query parser decodes it: pass%77ord is password.
    await rawRequest(`${api}/events?pass%77ord=encoded-secret-4712&password[]=array-secret-4715`, { headers: { 'x-request-id': 'secret-encoded' } })
    const malformed = await rawRequest(`${api}/events`, {
      method: 'POST',
      headers: { authorization: basic, 'content-type': 'application/json', 'x-request-id': 'secret-body' },
      body: '{"title": "x", "password": "body-secret-4713", ',
    })
    expect(malformed.status).toBe(400)
    const malformedApi = await rawRequest(`${origin}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'secret-api-body' },
      body: `{"email": "${server.email}", "password": "api-body-secret-4714" `,
    })
    expect(malformedApi.status).toBeGreaterThanOrEqual(400)

    const ids = ['secret-basic', 'secret-login', 'secret-jwt', 'secret-cookie', 'secret-query', 'secret-encoded', 'secret-body', 'secret-api-body']
    const lines = await linesFor(ids)
    expect([...lines.keys()].sort()).toEqual([...ids].sort())
    expect(lines.get('secret-query')!.req.url).toBe(`${env.REST_PREFIX}/calendar/events/v1/events/${server.eventId}?password=[Redacted]&x=1`)
    expect(lines.get('secret-encoded')!.req.url).toBe(`${env.REST_PREFIX}/calendar/events/v1/events?pass%77ord=[Redacted]&password[]=[Redacted]`)
    expect(lines.get('secret-body')!.res.statusCode).toBe(400)

    // Everything the process wrote but the test harness's own ready line (which hands the test its credentials).
    const output = server
      .output()
      .split('\n')
      .filter((line) => !line.includes('edgeServerReady'))
      .join('\n')
    expect(output).toContain('secret-api-body')
    const secrets = [
      server.appPassword,
      server.appPassword.replace(/ /g, ''),
      basic.slice('Basic '.length),
      server.password,
      token,
      'query-secret-4711',
      'encoded-secret-4712',
      'array-secret-4715',
      'body-secret-4713',
      'api-body-secret-4714',
    ]
    for (const secret of secrets) expect(output).not.toContain(secret)
    expect(output).not.toMatch(/"(headers|authorization|cookie|set-cookie|body)"/i)
  })

  it('logs the client mistakes on /api at info, without a stack: a wrong sign-in, a where on an unknown path, a refused credential change', async () => {
    const before = server.jsonLines().length
    const login = await rawRequest(`${origin}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'client-error-1' },
      body: JSON.stringify({ email: 'nobody@example.org', password: 'not the password 1' }),
    })
    expect(login.status).toBe(401)
    const query = await rawRequest(`${origin}/api/events?where[_status][equals]=x`, { headers: { 'x-request-id': 'client-error-2' } })
    expect(query.status).toBe(400)
    // A credential change under an application password (refused: 403 with its reason).
    const basic = `Basic ${Buffer.from(`${server.login}:${server.appPassword}`).toString('base64')}`
    const me = await rawRequest(`${origin}/api/users/me`, { headers: { authorization: basic } })
    const id = (JSON.parse(me.body.toString()) as { user: { id: number } }).user.id
    const refused = await rawRequest(`${origin}/api/users/${id}`, {
      method: 'PATCH',
      headers: { authorization: basic, 'content-type': 'application/json', 'x-request-id': 'client-error-3' },
      body: JSON.stringify({ password: 'another long password 1' }),
    })
    expect(refused.status).toBe(403)
    expect((await linesFor(['client-error-1', 'client-error-2', 'client-error-3'])).size).toBe(3)
    const lines = server.jsonLines().slice(before)
    // Payload's own lines for the three errors are there, at info, with their message and no error object.
    const errorLines = lines.filter((l) => typeof l.msg === 'string' && /incorrect|cannot be queried|application password or API key cannot/i.test(l.msg))
    expect(errorLines.length).toBeGreaterThanOrEqual(3)
    for (const line of errorLines) expect(line).toMatchObject({ level: 30 })
    expect(lines.filter((l) => l.level >= 50)).toEqual([])
    expect(lines.some((l) => l.err?.stack)).toBe(false)
  })
})

describe('LOG_LEVEL', () => {
  it('at warn keeps the lines of failed requests and drops the rest', async () => {
    const quiet = await startEdgeServer({ PORT: '0', LOG_LEVEL: 'warn' })
    try {
      const root = `http://127.0.0.1:${quiet.port}${env.REST_PREFIX}/calendar/events/v1`
      expect((await rawRequest(`${root}/events`, { headers: { 'x-request-id': 'quiet-ok' } })).status).toBe(200)
      expect((await rawRequest(`${root}/nowhere`, { headers: { 'x-request-id': 'quiet-missing' } })).status).toBe(404)
      const deadline = Date.now() + 30_000
      while (!quiet.jsonLines().some((l) => l.req?.id === 'quiet-missing') && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      const lines = quiet.jsonLines()
      expect(lines.find((l) => l.req?.id === 'quiet-missing')).toMatchObject({ level: 40, res: { statusCode: 404 } })
      expect(lines.some((l) => l.req?.id === 'quiet-ok')).toBe(false)
      expect(lines.some((l) => l.level === 30)).toBe(false)
    } finally {
      await quiet.stop()
    }
  }, 240_000)
})
