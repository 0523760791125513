import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { createActors } from '../helpers/actors.js'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'
import { rawRequest } from '../helpers/rawHttp.js'

let app: TestApp
let jwt: Record<string, string>
beforeAll(async () => {
  app = await initTestApp()
  jwt = (await createActors(app, 'gzip')).editor.headers
  for (let i = 1; i <= 6; i++) {
    await app.payload.create({
      collection: 'events',
      data: { title: `Compressed concert ${i}`, startDate: `2027-05-0${i}T19:00:00Z`, endDate: `2027-05-0${i}T21:00:00Z`, status: 'publish' },
    })
  }
}, 120_000)
afterAll(async () => {
  await app?.close()
})

const decoders = { gzip: gunzipSync, br: brotliDecompressSync } as const

describe('compression of JSON answers', () => {
  it('sends gzip and br to clients that ask, decoding to the uncompressed JSON, with Vary and the same ETag', async () => {
    for (const path of ['/', '/events?per_page=6', '/events?per_page=6&compress=fresh']) {
      const plain = await rawRequest(`${app.api}${path}`)
      expect(plain.status).toBe(200)
      expect(plain.headers['content-encoding']).toBeUndefined()
      expect(Number(plain.headers['content-length'])).toBe(plain.body.length)
      expect(plain.body.length).toBeGreaterThan(1024)
      JSON.parse(plain.body.toString())
      for (const encoding of ['gzip', 'br'] as const) {
        const res = await rawRequest(`${app.api}${path}`, { headers: { 'accept-encoding': encoding } })
        expect(res.status).toBe(200)
        expect(res.headers['content-encoding']).toBe(encoding)
        expect(res.headers.vary).toMatch(/Accept-Encoding/i)
        expect(res.headers['content-length'] === undefined || Number(res.headers['content-length']) === res.body.length).toBe(true)
        expect(res.body.length).toBeLessThan(plain.body.length)
        expect(decoders[encoding](res.body).toString()).toBe(plain.body.toString())
        expect(res.headers.etag).toBe(plain.headers.etag)
      }
    }
  })

  it('compresses answers replayed from the response cache and keeps 304 working', async () => {
    const path = `${app.api}/events?per_page=6&compress=cache`
    const first = await rawRequest(path, { headers: { 'accept-encoding': 'gzip' } })
    const second = await rawRequest(path, { headers: { 'accept-encoding': 'gzip' } })
    expect(first.headers['x-cache']).toBe('MISS')
    expect(second.headers['x-cache']).toBe('HIT')
    expect(second.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(second.body).toString()).toBe(gunzipSync(first.body).toString())
    const plainHit = await rawRequest(path)
    expect(plainHit.headers['x-cache']).toBe('HIT')
    expect(plainHit.headers['content-encoding']).toBeUndefined()
    expect(Number(plainHit.headers['content-length'])).toBe(plainHit.body.length)
    expect(plainHit.body.toString()).toBe(gunzipSync(first.body).toString())

    const notModified = await rawRequest(path, { headers: { 'accept-encoding': 'gzip, br', 'if-none-match': first.headers.etag as string } })
    expect(notModified.status).toBe(304)
    expect(notModified.body.length).toBe(0)
    const head = await rawRequest(path, { method: 'HEAD', headers: { 'accept-encoding': 'gzip' } })
    expect(head.status).toBe(200)
    expect(head.body.length).toBe(0)
  })

  it('compresses authenticated answers too (never cached)', async () => {
    const plain = await rawRequest(`${app.api}/events?per_page=6&status=publish`, { headers: jwt })
    const res = await rawRequest(`${app.api}/events?per_page=6&status=publish`, { headers: { ...jwt, 'accept-encoding': 'br' } })
    expect(res.headers['x-cache']).toBeUndefined()
    expect(res.headers['content-encoding']).toBe('br')
    expect(JSON.parse(brotliDecompressSync(res.body).toString())).toEqual(JSON.parse(plain.body.toString()))
    expect(res.headers['cache-control']).toMatch(/private/)
  })
})
