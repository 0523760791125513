import type { IncomingHttpHeaders } from 'node:http'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals'
import { responseCacheFor } from '../../endpoints/cache/responseCache.js'
import { pluginOptionsOf } from '../../lib/options.js'
import { createActors } from '../helpers/actors.js'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'
import { rawRequest } from '../helpers/rawHttp.js'

// Replays answer before pino-http and log their request in the line itself; pino-http's lines carry
// it in their child logger's bindings instead.
let app: TestApp
let replays: Array<[Record<string, any>, string]>
let editor: Record<string, string>
beforeAll(async () => {
  app = await initTestApp()
  editor = (await createActors(app, 'replay')).editor.headers
  for (let i = 1; i <= 6; i++) {
    await app.payload.create({
      collection: 'events',
      data: { title: `Replayed recital ${i}`, startDate: `2027-06-0${i}T19:00:00Z`, endDate: `2027-06-0${i}T21:00:00Z`, status: 'publish' },
    })
  }
  replays = []
  const info = app.payload.logger.info.bind(app.payload.logger)
  jest.spyOn(app.payload.logger, 'info').mockImplementation(((obj: Record<string, any>, msg: string) => {
    if (msg === 'request completed' && obj.req !== undefined) replays.push([obj, msg])
    return info(obj, msg)
  }) as typeof app.payload.logger.info)
}, 120_000)
afterAll(async () => {
  jest.restoreAllMocks()
  await app?.close()
})

/** The headers that may differ between two answers of the same content. */
function stable(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const { date: _date, 'x-request-id': _id, connection: _connection, 'keep-alive': _keepAlive, ...rest } = headers
  return rest
}

describe('cached answers replayed before the pipeline', () => {
  it('sends, once the pipeline replayed an entry, the same status, headers and bytes, and logs the request', async () => {
    const url = `${app.api}/events?per_page=4`
    const miss = await rawRequest(url)
    expect(miss.headers['x-cache']).toBe('MISS')
    const piped = await rawRequest(url)
    expect(piped.headers['x-cache']).toBe('HIT')
    expect(replays).toHaveLength(0)

    const replayed = await rawRequest(url, { headers: { 'x-request-id': 'replay-1' } })
    expect(replays).toHaveLength(1)
    expect(replayed.status).toBe(200)
    expect(stable(replayed.headers)).toEqual(stable(piped.headers))
    expect(replayed.body.equals(piped.body)).toBe(true)
    expect(Number(replayed.headers['content-length'])).toBe(replayed.body.length)
    expect(replayed.headers['x-request-id']).toBe('replay-1')
    const [line] = replays[0]!
    expect(line).toMatchObject({ req: { id: 'replay-1', method: 'GET', url: new URL(url).pathname + new URL(url).search }, res: { statusCode: 200 } })
    expect(typeof line.responseTime).toBe('number')
  })

  it('compresses as the pipeline does, once per encoding, counting the copy in the cache size', async () => {
    const url = `${app.api}/events?per_page=6`
    const plain = (await rawRequest(url)).body
    const piped = await rawRequest(url, { headers: { 'accept-encoding': 'gzip, deflate, br' } })
    expect(piped.headers['content-encoding']).toBe('br')
    const before = replays.length
    const store = responseCacheFor(app.payload, pluginOptionsOf(app.payload.config))!.store
    const size = store.calculatedSize
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
      ['br;q=0.1, gzip', 'gzip', gunzipSync],
    ] as const) {
      const res = await rawRequest(url, { headers: { 'accept-encoding': accept } })
      expect(res.headers['content-encoding']).toBe(encoding)
      expect(res.headers.vary).toMatch(/Accept-Encoding/)
      expect(Number(res.headers['content-length'])).toBe(res.body.length)
      expect(decode(res.body).equals(plain)).toBe(true)
    }
    expect(replays.length - before).toBe(3)
    // The brotli and gzip copies were stored back and counted.
    expect(store.calculatedSize).toBeGreaterThan(size)
    // deflate is left to compression: the pipeline answers it.
    const deflated = await rawRequest(url, { headers: { 'accept-encoding': 'deflate' } })
    expect(deflated.headers['content-encoding']).toBe('deflate')
    expect(replays.length - before).toBe(3)
  })

  it('answers a matching If-None-Match with 304 and no body', async () => {
    const url = `${app.api}/events?per_page=2`
    await rawRequest(url)
    const etag = (await rawRequest(url)).headers.etag!
    const before = replays.length
    const res = await rawRequest(url, { headers: { 'if-none-match': etag } })
    expect(res.status).toBe(304)
    expect(res.body.length).toBe(0)
    expect(res.headers.etag).toBe(etag)
    expect(replays.length - before).toBe(1)
  })

  it('leaves callers with credentials, cross-origin callers and other methods to the pipeline', async () => {
    const url = `${app.api}/events?per_page=3`
    await rawRequest(url)
    await rawRequest(url)
    const before = replays.length
    const signedIn = await rawRequest(url, { headers: editor })
    expect(signedIn.headers['x-cache']).toBeUndefined()
    expect(signedIn.headers['cache-control']).toMatch(/private/)
    const cookie = await rawRequest(url, { headers: { cookie: 'payload-token=forged' } })
    expect(cookie.headers['cache-control']).toMatch(/private/)
    const crossOrigin = await rawRequest(url, { headers: { origin: 'https://front.example' } })
    expect(crossOrigin.headers['access-control-allow-origin']).toBe('https://front.example')
    const head = await rawRequest(url, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(replays.length - before).toBe(0)
    expect((await rawRequest(url)).status).toBe(200)
    expect(replays.length - before).toBe(1)
  })

  it('stops replaying an answer as soon as a write empties the cache', async () => {
    const url = `${app.api}/events?per_page=1&start_date=2027-12-01`
    await rawRequest(url)
    await rawRequest(url)
    const stale = await rawRequest(url)
    expect(stale.headers['x-cache']).toBe('HIT')
    const event = await app.payload.create({
      collection: 'events',
      data: { title: 'Late addition', startDate: '2027-12-31T19:00:00Z', endDate: '2027-12-31T21:00:00Z', status: 'publish' },
    })
    const fresh = await rawRequest(url)
    expect(fresh.headers['x-cache']).toBe('MISS')
    expect(JSON.parse(fresh.body.toString()).events[0].id).toBe(event.id)
  })
})
