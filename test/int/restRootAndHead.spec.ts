// WordPress's REST index at the root every answer's Link header points at, and HEAD on Payload's /api
// answered as its GET, over a socket as curl and the importers' image check send them.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import sharp from 'sharp'
import { env } from '../../src/env.js'
import { createActors, type Actor } from '../helpers/actors.js'
import { apiClient } from '../helpers/http.js'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'
import { servePayloadApi, type PayloadApi } from '../helpers/payloadApi.js'
import { rawRequest, type RawResponse } from '../helpers/rawHttp.js'

let app: TestApp
let api: PayloadApi
let editor: Actor
let posterFile: string
beforeAll(async () => {
  app = await initTestApp({ allowPrivateImageHosts: true })
  api = await servePayloadApi(app)
  editor = (await createActors(app, 'root')).editor
  const png = await sharp({ create: { width: 8, height: 6, channels: 3, background: { r: 20, g: 120, b: 200 } } }).png().toBuffer()
  const poster = await app.payload.create({ collection: 'media', data: { alt: 'poster' }, file: { data: png, mimetype: 'image/png', name: 'root-poster.png', size: png.length } })
  posterFile = poster.filename!
  await app.payload.create({
    collection: 'events',
    data: { title: 'Indexed concert', startDate: '2027-04-01T19:00:00Z', endDate: '2027-04-01T21:00:00Z', status: 'publish' },
  })
}, 180_000)
afterAll(async () => {
  if (app) await app.payload.delete({ collection: 'media', where: { id: { exists: true } }, overrideAccess: true })
  await api?.close()
  await app?.close()
})

const json = (res: RawResponse) => JSON.parse(res.body.toString())
/** An index entry with its request-time defaults (start_date's "now") made equal. */
const timeless = (entry: unknown) => JSON.parse(JSON.stringify(entry).replace(/"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d"/g, '"<now>"'))

describe('the REST root (WordPress’s index)', () => {
  it('answers at the Link every namespace answer points to, with the site, namespaces, authentication and every route', async () => {
    const namespaceAnswer = await rawRequest(`${app.api}/`)
    const link = /^<([^>]+)>; rel="https:\/\/api.w.org\/"$/.exec(String(namespaceAnswer.headers.link))![1]!
    expect(link).toBe(`${env.SITE_URL}${env.REST_PREFIX}/`)
    expect(json(namespaceAnswer)._links.up[0].href).toBe(link)

    const res = await rawRequest(`${app.origin}${env.REST_PREFIX}/`)
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toMatch(/^application\/json/)
    const index = json(res)
    expect(index).toMatchObject({ url: env.SITE_URL, home: env.SITE_URL, name: new URL(env.SITE_URL).host, description: '' })
    expect(typeof index.gmt_offset).toBe('number')
    expect(typeof index.timezone_string).toBe('string')
    expect(index.namespaces).toEqual(['calendar/events/v1', 'tribe/events/v1'])
    expect(index.authentication['application-passwords'].endpoints.authorization).toMatch(/^http/)
    expect(index.routes['/']).toMatchObject({ namespace: '', methods: ['GET'], _links: { self: [{ href: link }] } })
    // Every route of both namespaces, as each namespace index lists them.
    const calendar = json(namespaceAnswer).routes as Record<string, unknown>
    const tribe = json(await rawRequest(`${app.origin}${env.REST_PREFIX}/tribe/events/v1/`)).routes as Record<string, unknown>
    expect(Object.keys(calendar).length).toBeGreaterThan(10)
    for (const [path, entry] of [...Object.entries(calendar), ...Object.entries(tribe)]) expect(timeless(index.routes[path])).toEqual(timeless(entry))
    expect(Object.keys(index.routes).length).toBe(1 + Object.keys(calendar).length + Object.keys(tribe).length)
  })

  it('answers without the slash, under every language segment (translated) and to HEAD without a body', async () => {
    const plain = await rawRequest(`${app.origin}${env.REST_PREFIX}`)
    expect(plain.status).toBe(200)
    expect(json(plain).namespaces).toContain('calendar/events/v1')
    expect(env.LOCALES.length).toBeGreaterThan(1)
    for (const lang of env.LOCALES.slice(1)) {
      const res = await rawRequest(`${app.origin}/${lang}${env.REST_PREFIX}/`)
      expect(res.status).toBe(200)
      const index = json(res)
      expect(index.routes['/']._links.self[0].href).toBe(`${env.SITE_URL}/${lang}${env.REST_PREFIX}/`)
      expect(index.routes['/calendar/events/v1/events']._links.self[0].href).toBe(`${env.SITE_URL}/${lang}${env.REST_PREFIX}/calendar/events/v1/events`)
      // The same descriptions as that language's namespace index.
      const localized = json(await rawRequest(`${app.origin}/${lang}${env.REST_PREFIX}/calendar/events/v1/`))
      expect(timeless(index.routes['/calendar/events/v1/events'])).toEqual(timeless(localized.routes['/calendar/events/v1/events']))
    }
    const get = await rawRequest(`${app.origin}${env.REST_PREFIX}/?head-check=1`)
    const head = await rawRequest(`${app.origin}${env.REST_PREFIX}/?head-check=1`, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.body.length).toBe(0)
    expect(head.headers.etag).toBe(get.headers.etag)
    expect(head.headers.link).toBe(get.headers.link)
    const unknown = await rawRequest(`${api.origin}/xx${env.REST_PREFIX}/`)
    expect(unknown.status).toBe(404)
    expect(json(unknown).code).toBe('rest_no_route')
  })
})

/**
 * A HEAD and a GET of one URL: the same status and headers, no body for the HEAD. Not compared: the
 * per-request ones, and the framing of a body a HEAD does not have (Transfer-Encoding).
 */
async function headMatchesGet(path: string): Promise<{ get: RawResponse; head: RawResponse }> {
  const get = await rawRequest(`${api.origin}${path}`)
  const head = await rawRequest(`${api.origin}${path}`, { method: 'HEAD' })
  expect(head.status).toBe(get.status)
  expect(head.body.length).toBe(0)
  const comparable = (res: RawResponse) => {
    const { date: _date, 'x-request-id': _id, 'set-cookie': _cookie, 'transfer-encoding': _framing, ...rest } = res.headers
    return rest
  }
  expect(comparable(head)).toEqual(comparable(get))
  return { get, head }
}

describe('HEAD on /api', () => {
  it('answers as GET does, without a body: a list, a stored file and a missing file', async () => {
    const list = await headMatchesGet('/api/events?limit=1')
    expect(list.get.status).toBe(200)
    expect(list.get.body.length).toBeGreaterThan(0)
    const file = await headMatchesGet(`/api/media/file/${posterFile}`)
    expect(file.get.status).toBe(200)
    expect(file.head.headers['content-type']).toBe('image/png')
    expect(Number(file.head.headers['content-length'])).toBe(file.get.body.length)
    const missing = await headMatchesGet('/api/media/file/no-such-file.png')
    expect(missing.get.status).not.toBe(200)
  })

  it('lets an image URL on another instance’s /api/media/file pass the HEAD check of a write', async () => {
    const write = apiClient(`${api.origin}${env.REST_PREFIX}/calendar/events/v1`)
    const res = await write.post(
      '/events',
      { title: 'Poster from /api', start_date: '2027-06-01 10:00', end_date: '2027-06-01 12:00', status: 'publish', image: `${api.origin}/api/media/file/${posterFile}` },
      editor.headers,
    )
    expect(res.status).toBe(201)
    expect(res.body.image).toMatchObject({ width: 8, height: 6 })
    expect(res.body.image.url).toMatch(/\.png$/)
  })
})
