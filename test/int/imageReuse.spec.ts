import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import sharp from 'sharp'
import { env } from '../../src/env.js'
import { createActors, type Actor } from '../helpers/actors.js'
import { apiClient } from '../helpers/http.js'
import { startImageServer, type ImageServer } from '../helpers/imageServer.js'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'

// Images by URL (reference 6.3): a URL of this site's own media reuses that media item instead of
// downloading a copy; attaching by URL needs upload_files, so a contributor's URL is rest_invalid_param.
const OTHER_ORIGIN = 'https://calendar.internal.example'

let app: TestApp
let api: ReturnType<typeof apiClient>
let actors: Record<string, Actor>
let images: ImageServer
let media: { id: number; url: string; thumbnail: string }

const mediaCount = async () => (await app.payload.count({ collection: 'media', overrideAccess: true })).totalDocs
const event = (title: string, image: string) => ({ title, start_date: '2027-06-10 19:00:00', end_date: '2027-06-10 22:00:00', image })

beforeAll(async () => {
  images = await startImageServer()
  app = await initTestApp({ allowPrivateImageHosts: true, serverOrigins: [OTHER_ORIGIN] })
  api = apiClient(app.api)
  actors = await createActors(app, 'reuse')
  // An image uploaded large enough to have sizes; its wire URLs are what a client would send back.
  const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 20, g: 90, b: 200 } } }).png().toBuffer()
  const doc = await app.payload.create({
    collection: 'media',
    data: { alt: 'poster' },
    file: { data: png, mimetype: 'image/png', name: 'reuse poster.png', size: png.length },
    overrideAccess: true,
  })
  const res = await api.post('/events', event('Original', String(doc.id)), actors.author!.headers)
  expect(res.status).toBe(201)
  expect(res.body.image.sizes.thumbnail.url).toBeTruthy()
  media = { id: doc.id as number, url: res.body.image.url, thumbnail: res.body.image.sizes.thumbnail.url }
}, 120_000)

afterAll(async () => {
  await app?.close()
  await images?.close()
})

describe('an image URL of this site', () => {
  it('is what the API gives out: SITE_URL and the file path, the name escaped', () => {
    // The media directory outlives test databases, so Payload may have suffixed the name (-1, -2…).
    const base = `${env.SITE_URL}/api/media/file/reuse%20poster`.replace(/[.?]/g, '\\$&')
    expect(media.url).toMatch(new RegExp(`^${base}(-\\d+)?\\.png$`))
    expect(media.thumbnail).toMatch(new RegExp(`^${base}(-\\d+)?-150x150\\.png$`))
  })

  it.each([
    ['the SITE_URL address', () => media.url],
    ['a size of it', () => media.thumbnail],
    ['the same path on a SERVER_ORIGINS origin', () => media.url.replace(env.SITE_URL, OTHER_ORIGIN)],
  ])('%s reuses the media item: no download, no new media', async (_label, url) => {
    const before = await mediaCount()
    const requests = images.requests.length
    const res = await api.post('/events', event('Reused', url()), actors.editor!.headers)
    expect(res.status).toBe(201)
    expect(res.body.image.id).toBe(media.id)
    expect(await mediaCount()).toBe(before)
    expect(images.requests.length).toBe(requests)
  })

  it('reuses on venues and organizers too', async () => {
    const before = await mediaCount()
    const venue = await api.post('/venues', { venue: 'Reused Hall', image: media.url }, actors.author!.headers)
    expect(venue.status).toBe(201)
    expect(venue.body.image.id).toBe(media.id)
    const organizer = await api.post('/organizers', { organizer: 'Reused Org', image: media.thumbnail }, actors.author!.headers)
    expect(organizer.status).toBe(201)
    expect(organizer.body.image.id).toBe(media.id)
    expect(await mediaCount()).toBe(before)
  })

  it('naming a file this site does not have is rest_invalid_param, without a fetch', async () => {
    const requests = images.requests.length
    const res = await api.post('/events', event('Missing', `${env.SITE_URL}/api/media/file/no-such-file.png`), actors.editor!.headers)
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ code: 'rest_invalid_param', data: { params: { image: expect.any(String) } } })
    expect(images.requests.length).toBe(requests)
  })
})

describe('attaching by URL needs upload_files', () => {
  it('a contributor sending any image URL gets rest_invalid_param and nothing is fetched or stored', async () => {
    const before = await mediaCount()
    const requests = images.requests.length
    for (const url of [`${images.origin}/image.png`, media.url]) {
      const res = await api.post('/events', event('By contributor', url), actors.contributor!.headers)
      expect([url, res.status, res.body.code, Object.keys(res.body.data.params ?? {})]).toEqual([url, 400, 'rest_invalid_param', ['image']])
    }
    expect(images.requests.length).toBe(requests)
    expect(await mediaCount()).toBe(before)
  })

  it('a contributor may still attach an existing image by ID', async () => {
    const res = await api.post('/events', event('By contributor, by ID', String(media.id)), actors.contributor!.headers)
    expect(res.status).toBe(201)
    expect(res.body.image.id).toBe(media.id)
  })

  it('an author may attach by URL (a new download from another site)', async () => {
    const before = await mediaCount()
    const res = await api.post('/events', event('By author', `${images.origin}/image.png`), actors.author!.headers)
    expect(res.status).toBe(201)
    expect(res.body.image.id).not.toBe(media.id)
    expect(await mediaCount()).toBe(before + 1)
  })
})
