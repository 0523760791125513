import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { env } from '../../src/env.js'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'
import { servePayloadApi, type PayloadApi } from '../helpers/payloadApi.js'
import { rawRequest } from '../helpers/rawHttp.js'

// CORS and WordPress's REST headers on every root of the namespace, as curl sees them.
const TRUSTED = 'http://front.example.test'
const STRANGER = 'http://elsewhere.example.test'
const EXPOSED = 'X-WP-Total, X-WP-TotalPages, Link, X-TEC-Total, X-TEC-TotalPages, ETag, Allow, X-Request-Id'
const WP_ALLOW_HEADERS = 'Authorization, X-WP-Nonce, Content-Disposition, Content-MD5, Content-Type'
const LINK = `<${env.SITE_URL}${env.REST_PREFIX}/>; rel="https://api.w.org/"`

let app: TestApp
let api: PayloadApi
let roots: string[]
beforeAll(async () => {
  app = await initTestApp({ corsOrigins: [TRUSTED] })
  api = await servePayloadApi(app)
  await app.payload.create({
    collection: 'events',
    data: { title: 'Cross-origin concert', startDate: '2027-04-01T19:00:00Z', endDate: '2027-04-01T21:00:00Z', status: 'publish' },
  })
  const langs = ['', ...env.LOCALES.map((l) => `/${l}`)]
  roots = [...langs.map((l) => `${app.origin}${l}${env.REST_PREFIX}/calendar/events/v1`), `${app.origin}${env.REST_PREFIX}/tribe/events/v1`]
}, 120_000)
afterAll(async () => {
  await api?.close()
  await app?.close()
})

describe('CORS and REST headers on the namespace', () => {
  it('echoes any origin, with WordPress’s methods and headers but without credentials, on every language and the tribe alias', async () => {
    expect(roots.length).toBeGreaterThanOrEqual(5)
    for (const root of roots) {
      const res = await rawRequest(`${root}/events`, { headers: { origin: STRANGER } })
      expect(res.status).toBe(200)
      expect(res.headers['access-control-allow-origin']).toBe(STRANGER)
      expect(res.headers['access-control-allow-credentials']).toBeUndefined()
      expect(res.headers['access-control-expose-headers']).toBe(EXPOSED)
      // As WordPress: Authorization for every origin (it carries its own credential), the methods on every answer.
      expect(res.headers['access-control-allow-headers']).toBe(WP_ALLOW_HEADERS)
      expect(res.headers['access-control-allow-methods']).toBe('OPTIONS, GET, POST, PUT, PATCH, DELETE')
      expect(res.headers.link).toBe(LINK)
      expect(res.headers.vary).toMatch(/\bOrigin\b/)
      expect(res.headers['x-tec-total']).toBe('1')
    }
  })

  it('allows credentials only for CORS_ORIGINS', async () => {
    const res = await rawRequest(`${app.api}/events`, { headers: { origin: TRUSTED } })
    expect(res.headers['access-control-allow-origin']).toBe(TRUSTED)
    expect(res.headers['access-control-allow-credentials']).toBe('true')
    expect(res.headers['access-control-allow-headers']).toBe(WP_ALLOW_HEADERS)
  })

  it('without Origin sends WordPress’s header set and no Allow-Origin', async () => {
    const res = await rawRequest(`${app.api}/`)
    expect(res.status).toBe(200)
    expect(res.headers['access-control-allow-origin']).toBeUndefined()
    expect(res.headers['access-control-allow-methods']).toBeUndefined()
    expect(res.headers['access-control-allow-headers']).toBe(WP_ALLOW_HEADERS)
    expect(res.headers['access-control-expose-headers']).toBe(EXPOSED)
    expect(res.headers.link).toBe(LINK)
  })

  it('puts the headers on errors too (unknown route, bad credentials)', async () => {
    const missing = await rawRequest(`${app.api}/no-such-route`, { headers: { origin: STRANGER } })
    expect(missing.status).toBe(404)
    expect(missing.headers['access-control-allow-origin']).toBe(STRANGER)
    expect(missing.headers.link).toBe(LINK)
    const unknownRoot = await rawRequest(`${app.origin}${env.REST_PREFIX}/nothing/here`, { headers: { origin: STRANGER } })
    expect(unknownRoot.status).toBe(404)
    expect(unknownRoot.headers.link).toBe(LINK)
    // An unknown language segment, on the server that hands everything else to /api's handlers.
    const unknownLanguage = await rawRequest(`${api.origin}/xx${env.REST_PREFIX}/calendar/events/v1/events`, { headers: { origin: STRANGER } })
    expect(unknownLanguage.status).toBe(404)
    expect(JSON.parse(unknownLanguage.body.toString()).code).toBe('rest_no_route')
    expect(unknownLanguage.headers['access-control-allow-origin']).toBe(STRANGER)
    const refused = await rawRequest(`${app.api}/events`, {
      method: 'POST',
      headers: { origin: TRUSTED, authorization: `Basic ${Buffer.from('nobody:wrong').toString('base64')}`, 'content-type': 'application/json' },
      body: '{}',
    })
    expect(refused.status).toBe(401)
    expect(refused.headers['access-control-allow-origin']).toBe(TRUSTED)
    expect(refused.headers['access-control-allow-credentials']).toBe('true')
  })

  it('answers a preflight with 204 before route matching and authentication', async () => {
    const paths = ['/events', '/events/999999', '/no-such-route']
    for (const root of roots) {
      for (const path of paths) {
        const res = await rawRequest(`${root}${path}`, {
          method: 'OPTIONS',
          headers: { origin: TRUSTED, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
        })
        expect(res.status).toBe(204)
        expect(res.body.length).toBe(0)
        expect(res.headers['access-control-allow-origin']).toBe(TRUSTED)
        expect(res.headers['access-control-allow-credentials']).toBe('true')
        expect(res.headers['access-control-allow-methods']).toBe('OPTIONS, GET, POST, PUT, PATCH, DELETE')
        expect(res.headers['access-control-allow-headers']).toBe(WP_ALLOW_HEADERS)
        expect(res.headers.link).toBe(LINK)
      }
    }
    const stranger = await rawRequest(`${app.api}/events`, {
      method: 'OPTIONS',
      headers: { origin: STRANGER, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
    })
    expect(stranger.status).toBe(204)
    expect(stranger.headers['access-control-allow-credentials']).toBeUndefined()
    expect(stranger.headers['access-control-allow-headers']).toBe(WP_ALLOW_HEADERS)
  })

  it('keeps OPTIONS without Access-Control-Request-Method as the route’s index entry', async () => {
    const res = await rawRequest(`${app.api}/events`, { method: 'OPTIONS', headers: { origin: STRANGER } })
    expect(res.status).toBe(200)
    expect(JSON.parse(res.body.toString()).namespace).toBe('calendar/events/v1')
    expect(res.headers['access-control-allow-origin']).toBe(STRANGER)
  })

  it('never replays one origin’s CORS headers to another from the response cache', async () => {
    const first = await rawRequest(`${app.api}/events?cors-cache=1`, { headers: { origin: TRUSTED } })
    const second = await rawRequest(`${app.api}/events?cors-cache=1`, { headers: { origin: STRANGER } })
    expect(second.headers['x-cache']).toBe('HIT')
    expect(first.headers['access-control-allow-credentials']).toBe('true')
    expect(second.headers['access-control-allow-origin']).toBe(STRANGER)
    expect(second.headers['access-control-allow-credentials']).toBeUndefined()
    const bare = await rawRequest(`${app.api}/events?cors-cache=1`)
    expect(bare.headers['x-cache']).toBe('HIT')
    expect(bare.headers['access-control-allow-origin']).toBeUndefined()
  })
})

describe('session cookies across origins', () => {
  it('authenticate from CORS_ORIGINS and count as no credentials from any other origin', async () => {
    await app.payload.create({
      collection: 'users',
      data: { email: 'cookie@example.org', username: 'cookie', password: 'cookie password 123', role: 'editor' },
      overrideAccess: true,
    })
    const login = await rawRequest(`${api.origin}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: TRUSTED },
      body: JSON.stringify({ email: 'cookie@example.org', password: 'cookie password 123' }),
    })
    expect(login.status).toBe(200)
    const cookie = (login.headers['set-cookie'] ?? []).find((c) => c.startsWith('payload-token='))!.split(';')[0]!
    const write = (origin: string) =>
      rawRequest(`${api.origin}${env.REST_PREFIX}/calendar/events/v1/events`, {
        method: 'POST',
        headers: { origin, cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ title: `Cookie from ${origin}`, start_date: '2027-08-01 10:00', end_date: '2027-08-01 11:00' }),
      })
    const trusted = await write(TRUSTED)
    expect(trusted.status).toBe(201)
    expect(trusted.headers['access-control-allow-credentials']).toBe('true')
    const stranger = await write(STRANGER)
    expect(stranger.status).toBe(401)
    expect(JSON.parse(stranger.body.toString()).code).toBe('rest_forbidden')
  })
})

describe('CORS on Payload’s /api', () => {
  it('allows credentialed cross-origin calls from CORS_ORIGINS only', async () => {
    const trusted = await rawRequest(`${api.origin}/api/events?limit=1`, { headers: { origin: TRUSTED } })
    expect(trusted.status).toBe(200)
    expect(trusted.headers['access-control-allow-origin']).toBe(TRUSTED)
    expect(trusted.headers['access-control-allow-credentials']).toBe('true')
    const stranger = await rawRequest(`${api.origin}/api/events?limit=1`, { headers: { origin: STRANGER } })
    expect(stranger.status).toBe(200)
    expect(stranger.headers['access-control-allow-origin']).toBeUndefined()
    const preflight = await rawRequest(`${api.origin}/api/events`, {
      method: 'OPTIONS',
      headers: { origin: TRUSTED, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
    })
    expect(preflight.status).toBeLessThan(300)
    expect(preflight.headers['access-control-allow-origin']).toBe(TRUSTED)
    expect(preflight.headers['access-control-allow-headers']).toMatch(/Authorization/)
  })
})
