import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { env } from '../../src/env.js'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'

// TEC's discovery headers (reference 1.5): X-TEC-API-VERSION v1, X-TEC-API-ROOT the namespace root of
// the mount answering, X-TEC-API-ORIGIN the site, on every namespace answer and on HEAD.
let app: TestApp
beforeAll(async () => {
  app = await initTestApp()
}, 120_000)
afterAll(async () => {
  await app?.close()
})

/** A raw HEAD over the socket: status, headers and how many body bytes came back. */
function head(url: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; bytes: number }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'HEAD' }, (res) => {
      let bytes = 0
      res.on('data', (chunk: Buffer) => (bytes += chunk.length))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes }))
    })
    req.on('error', reject)
    req.end()
  })
}

const MOUNTS = [
  ['', 'calendar/events/v1'],
  ['/fr', 'calendar/events/v1'],
  ['/de', 'calendar/events/v1'],
  ['', 'tribe/events/v1'],
  ['/es', 'tribe/events/v1'],
] as const

describe.each(MOUNTS)('discovery headers on %s/wp-json/%s', (segment, namespace) => {
  const path = `${segment}${env.REST_PREFIX}/${namespace}`
  const root = `${env.SITE_URL}${path}/`

  it('GET of the root, a list, twice (the second from the response cache) and an unknown route', async () => {
    const seen: string[] = []
    for (const sub of ['/', '/events', '/events', '/no-such-route']) {
      const res = await fetch(`${app.origin}${path}${sub}`)
      seen.push(`${sub} ${res.status}`)
      expect([sub, res.headers.get('x-tec-api-version'), res.headers.get('x-tec-api-root'), res.headers.get('x-tec-api-origin')]).toEqual([
        sub, 'v1', root, env.SITE_URL,
      ])
      await res.arrayBuffer()
    }
    expect(seen).toEqual(['/ 200', '/events 200', '/events 200', '/no-such-route 404'])
  })

  it('HEAD of the root: 200, no body, the discovery and Link headers', async () => {
    const res = await head(`${app.origin}${path}/`)
    expect(res.status).toBe(200)
    expect(res.bytes).toBe(0)
    expect(res.headers['x-tec-api-version']).toBe('v1')
    expect(res.headers['x-tec-api-root']).toBe(root)
    expect(res.headers['x-tec-api-origin']).toBe(env.SITE_URL)
    expect(res.headers.link).toBe(`<${env.SITE_URL}${env.REST_PREFIX}/>; rel="https://api.w.org/"`)
    expect(res.headers['content-type']).toMatch(/^application\/json/)
  })
})
