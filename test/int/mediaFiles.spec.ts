// Payload's file route, /api/media/file/<name>, for names that are not a stored file: a missing
// file answered 500 and logged at error level, a NUL byte threw. Now: 404 or 400 in Payload's
// envelope, nothing at error level; a stored file is still served byte for byte.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals'
import sharp from 'sharp'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'
import { servePayloadApi, type PayloadApi } from '../helpers/payloadApi.js'
import { rawRequest } from '../helpers/rawHttp.js'

let app: TestApp
let api: PayloadApi
let png: Buffer
let filename = ''

beforeAll(async () => {
  app = await initTestApp()
  api = await servePayloadApi(app)
  png = await sharp({ create: { width: 9, height: 7, channels: 3, background: { r: 10, g: 120, b: 200 } } }).png().toBuffer()
  const media = await app.payload.create({ collection: 'media', data: { alt: 'kept' }, file: { data: png, mimetype: 'image/png', name: 'media-files-kept.png', size: png.length }, overrideAccess: true })
  filename = media.filename as string
}, 180_000)

afterAll(async () => {
  if (app) await app.payload.delete({ collection: 'media', where: { filename: { equals: filename } }, overrideAccess: true })
  await api?.close()
  await app?.close()
})

const get = (path: string) => rawRequest(`${api.origin}/api/media/file/${path}`)

describe('GET /api/media/file/<name>', () => {
  it('serves a stored file byte for byte', async () => {
    const res = await get(encodeURIComponent(filename))
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toBe('image/png')
    expect(res.body.equals(png)).toBe(true)
  })

  it('answers names that are not a stored file 404 or 400 in Payload’s envelope, none at error level', async () => {
    const errors = jest.spyOn(app.payload.logger, 'error')
    const cases: Array<[string, number, string]> = [
      ['nonexistent.png', 404, 'Not Found'],
      [`${encodeURIComponent(filename)}.missing`, 404, 'Not Found'],
      // Double-encoded traversal: once decoded it is a name, not a path, and no such file exists.
      ['%252e%252e%252fpayload-secret', 404, 'Not Found'],
      ['%00', 400, 'Invalid filename.'],
      ['poster%00.png', 400, 'Invalid filename.'],
      ['..%2fpayload-secret', 400, 'Invalid filename.'],
      ['..%5cpayload-secret', 400, 'Invalid filename.'],
      // Refused by the /api path check in front (src/guards/apiQueryGuard.ts).
      ['%E0%A4%A', 400, 'The path has a malformed percent-escape.'],
    ]
    try {
      for (const [name, status, message] of cases) {
        const res = await get(name)
        expect({ name, status: res.status }).toEqual({ name, status })
        expect(JSON.parse(res.body.toString('utf8'))).toEqual({ errors: [{ message }] })
      }
      expect(errors).not.toHaveBeenCalled()
    } finally {
      errors.mockRestore()
    }
  })
})
