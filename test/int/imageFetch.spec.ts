// Image URLs on namespace writes are untrusted: the download must stop at the byte cap while streaming,
// follow redirects only through checked hops, and never connect to a non-public address unless the
// operator allows private hosts.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals'
import { DownloadError, downloadImage } from '../../endpoints/write/downloadImage.js'
import { createActors, type Actor } from '../helpers/actors.js'
import { apiClient } from '../helpers/http.js'
import { startImageServer, type ImageServer } from '../helpers/imageServer.js'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'

const MiB = 1024 * 1024
let app: TestApp
let api: ReturnType<typeof apiClient>
let editor: Actor
let contributor: Actor
let images: ImageServer

beforeAll(async () => {
  app = await initTestApp({ allowPrivateImageHosts: true })
  api = apiClient(app.api)
  ;({ editor, contributor } = await createActors(app, 'fetch'))
  images = await startImageServer()
}, 180_000)

afterAll(async () => {
  if (app) await app.payload.delete({ collection: 'media', where: { id: { exists: true } }, overrideAccess: true })
  await images?.close()
  await app?.close()
})

const event = (title: string, image: string) => ({ title, start_date: '2027-05-01 10:00', end_date: '2027-05-01 12:00', image })
const eventsTitled = async (title: string) =>
  (await app.payload.find({ collection: 'events', where: { title: { equals: title } }, overrideAccess: true, trash: true })).totalDocs

describe('the byte cap', () => {
  it('aborts an endless image body once the cap is passed, without growing memory, while other requests are answered', async () => {
    const before = images.streamedBytes()
    let peak = process.memoryUsage().rss
    const baseline = peak
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20)
    try {
      const write = api.post('/events', event('Endless poster', `${images.origin}/endless.png`), editor.headers)
      await images.streaming()
      const read = await api.get('/events')
      expect(read.status).toBe(200)
      const res = await write
      expect(res.status).toBe(400)
      expect(res.body.code).toBe('image-download-failed')
    } finally {
      clearInterval(sampler)
    }
    const sent = images.streamedBytes() - before
    // The cap is 10 MiB (MAX_UPLOAD_BYTES); socket buffers let a little more leave the server.
    expect(sent).toBeGreaterThan(10 * MiB)
    expect(sent).toBeLessThan(40 * MiB)
    expect(peak - baseline).toBeLessThan(150 * MiB)
    expect(await eventsTitled('Endless poster')).toBe(0)
  }, 120_000)

  it('refuses an answer that declares 2 GB before reading its body', async () => {
    const before = images.streamedBytes()
    const res = await api.post('/events', event('Huge poster', `${images.origin}/huge.png`), editor.headers)
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('image-download-failed')
    expect(images.streamedBytes() - before).toBeLessThan(10 * MiB)
    expect(await eventsTitled('Huge poster')).toBe(0)
  }, 60_000)
})

describe('downloads and the write lock', () => {
  it('fetches the images of a description before the write opens its transaction: other writes go on meanwhile; one that never comes is kept as sent', async () => {
    const seen = images.requests.length
    let slowDone = false
    const slow = api
      .post('/events', { title: 'Slow description', start_date: '2027-05-02 10:00', end_date: '2027-05-02 12:00', description: `<p>Poster</p><img src="${images.origin}/slow.png" alt="poster">` }, editor.headers)
      .finally(() => (slowDone = true))
    while (!images.requests.slice(seen).includes('GET /slow.png')) await new Promise((resolve) => setTimeout(resolve, 10))
    const other = await api.post('/events', { title: 'Meanwhile', start_date: '2027-05-03 10:00', end_date: '2027-05-03 12:00', categories: ['Meanwhile'] }, editor.headers)
    expect(other.status).toBe(201)
    // Saved while the first write was still waiting for its image, not after it.
    expect(slowDone).toBe(false)
    const res = await slow
    expect(res.status).toBe(201)
    expect(res.body.description).toContain(`<img src="${images.origin}/slow.png" alt="poster"`)
    // Tried once: no retry on the request's time.
    expect(images.requests.slice(seen).filter((r) => r === 'GET /slow.png')).toHaveLength(1)
    expect(await eventsTitled('Slow description')).toBe(1)
  }, 120_000)
})

describe('description images another site does not deliver', () => {
  const described = (title: string, description: string) => ({ title, start_date: '2027-05-04 10:00', end_date: '2027-05-04 12:00', description })

  it('saves the event, keeps the image as sent, tries it once and logs one warn line without a stack', async () => {
    const seen = images.requests.length
    const warn = jest.spyOn(app.payload.logger, 'warn')
    const info = jest.spyOn(app.payload.logger, 'info')
    try {
      const src = `${images.origin}/gone.png`
      const res = await api.post('/events', described('Host down', `<p>Before</p><img src="${src}" alt="gone poster"><p>After</p>`), editor.headers)
      expect(res.status).toBe(201)
      expect(res.body.description).toContain(`<img src="${src}" alt="gone poster"`)
      expect(res.body.description).toMatch(/Before[\s\S]*gone poster[\s\S]*After/)
      // The stored HTML is what every later read answers.
      const read = await api.get(`/events/${res.body.id}`, editor.headers)
      expect(read.body.description).toContain(`<img src="${src}" alt="gone poster"`)
      expect(images.requests.slice(seen)).toEqual(['HEAD /gone.png'])
      const lines = warn.mock.calls.filter(([fields]) => (fields as { url?: string }).url === src)
      expect(lines).toHaveLength(1)
      expect(lines[0]![0]).toEqual({ url: src, reason: expect.stringMatching(/404/) })
      // Not also at info level with the error's stack, as before.
      expect(info.mock.calls.filter(([fields]) => (fields as { url?: string } | undefined)?.url === src)).toEqual([])
    } finally {
      warn.mockRestore()
      info.mockRestore()
    }
  }, 60_000)

  it('drops an image whose source is not a web address, and still saves', async () => {
    const res = await api.post('/events', described('Relative image', '<p>Text</p><img src="x">'), editor.headers)
    expect(res.status).toBe(201)
    expect(res.body.description).toContain('Text')
    expect(res.body.description).not.toContain('<img')
  }, 60_000)

  it('still stores an image that is delivered in the media library', async () => {
    const res = await api.post('/events', described('Delivered image', `<img src="${images.origin}/image.png" alt="here">`), editor.headers)
    expect(res.status).toBe(201)
    expect(res.body.description).toMatch(/<img src="http:\/\/[^"]+\/api\/media\/file\/[^"]+" alt="here"/)
    expect(res.body.description).not.toContain(images.origin)
  }, 60_000)

  it('fetches nothing for a contributor (no upload_files): the image is kept as sent', async () => {
    const seen = images.requests.length
    const src = `${images.origin}/image.png`
    const res = await api.post('/events', described('Contributor image', `<p>Mine</p><img src="${src}" alt="theirs">`), contributor.headers)
    expect(res.status).toBe(201)
    expect(res.body.description).toContain(`<img src="${src}" alt="theirs"`)
    expect(images.requests.length).toBe(seen)
  }, 60_000)
})

describe('redirects', () => {
  const via = (to: string, hops: number) => {
    let url = to
    for (let i = 0; i < hops; i++) url = `${images.origin}/redirect?to=${encodeURIComponent(url)}`
    return url
  }

  it('follows a redirect to an image', async () => {
    const res = await api.post('/events', event('Redirected poster', via(`${images.origin}/image.png`, 1)), editor.headers)
    expect(res.status).toBe(201)
    expect(res.body.image.id).toEqual(expect.any(Number))
    expect(res.body.image.width).toBe(8)
  }, 60_000)

  it('gives up after three redirects', async () => {
    const res = await api.post('/events', event('Looping poster', via(`${images.origin}/image.png`, 4)), editor.headers)
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('image-download-failed')
  }, 60_000)

  it('refuses an answer that is not an image', async () => {
    const res = await api.post('/events', event('Page poster', `${images.origin}/page.html`), editor.headers)
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('image-download-failed')
  }, 60_000)
})

describe('addresses, checked where the connection goes', () => {
  const strict = { maxBytes: 10 * MiB, allowPrivateHosts: false }
  const refused = async (url: string, limits = strict) => {
    const error = await downloadImage(url, limits).then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(Error)
    return error as Error
  }

  it('refuses loopback, meta and mapped addresses, and names resolving to loopback, before any request is sent', async () => {
    const port = new URL(images.origin).port
    const seen = images.requests.length
    for (const url of [
      `http://localhost:${port}/image.png`,
      `http://127.0.0.1:${port}/image.png`,
      `http://[::ffff:127.0.0.1]:${port}/image.png`,
      `http://0.0.0.0:${port}/image.png`,
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/image.png',
      'http://192.168.1.1/image.png',
    ]) {
      const error = await refused(url)
      expect(error.message).toMatch(/not allowed/)
    }
    expect(images.requests.length).toBe(seen)
  }, 60_000)

  it('refuses a redirect from an allowed host to loopback at the redirected hop', async () => {
    // An "outside" host: a second server on 127.0.0.2, the one address this policy allows.
    const outside = await startImageServer('127.0.0.2')
    try {
      const limits = { ...strict, allowAddresses: ['127.0.0.2'] }
      // The allowed host itself is fetched: the policy is not refusing everything.
      expect((await downloadImage(`${outside.origin}/image.png`, limits)).data.equals(outside.png)).toBe(true)
      const seen = images.requests.length
      const error = await refused(`${outside.origin}/redirect?to=${encodeURIComponent(`${images.origin}/image.png`)}`, limits)
      expect(error.message).toMatch(/not allowed/)
      expect(outside.requests).toContain('HEAD /redirect')
      expect(images.requests.length).toBe(seen)
    } finally {
      await outside.close()
    }
  }, 60_000)

  it('lets loopback through when private hosts are allowed (the tests’ and intranets’ escape hatch)', async () => {
    const file = await downloadImage(`http://localhost:${new URL(images.origin).port}/image.png`, { ...strict, allowPrivateHosts: true })
    expect(file.mimetype).toBe('image/png')
    expect(file.data.equals(images.png)).toBe(true)
  })

  it('refuses other schemes', async () => {
    expect(await refused('file:///etc/passwd')).toBeInstanceOf(DownloadError)
  })
})
