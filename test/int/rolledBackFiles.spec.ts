// An event write stores images by URL (the featured image and a description's <img>) inside its
// transaction; when the write then fails, the rollback takes the media rows and the files written
// for them (the original and every image size) away. Files that were there before stay.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { ValidationError } from 'payload'
import sharp from 'sharp'
import { createActors, type Actor } from '../helpers/actors.js'
import { apiClient } from '../helpers/http.js'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'

let app: TestApp
let api: ReturnType<typeof apiClient>
let admin: Actor
let mediaDir: string
let server: Server
let origin: string
let reusedId: number

const event = (extra: Record<string, unknown> = {}) => ({ title: 'Event', start_date: '2027-06-10 19:00:00', end_date: '2027-06-10 22:00:00', ...extra })
const files = async () => (await readdir(mediaDir)).sort()
const rows = async (collection: 'events' | 'media') => (await app.payload.count({ collection, overrideAccess: true, trash: true })).totalDocs

beforeAll(async () => {
  mediaDir = await mkdtemp(path.join(os.tmpdir(), 'rolled-back-files-'))
  app = await initTestApp({ allowPrivateImageHosts: true, mediaDir })
  api = apiClient(app.api)
  admin = (await createActors(app)).administrator
  // Large enough for every image size (thumbnail, medium, large), so each is a file of its own.
  const png = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#cc3366' } }).png().toBuffer()
  server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length })
    res.end(req.method === 'HEAD' ? undefined : png)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const reused = await app.payload.create({ collection: 'media', data: { alt: 'reused' }, file: { data: png, mimetype: 'image/png', name: 'reused.png', size: png.length }, overrideAccess: true })
  reusedId = reused.id
}, 180_000)

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve))
  await app?.close()
  await rm(mediaDir, { recursive: true, force: true })
})

/**
 * Makes the database refuse the next event row as the SQL adapters answer a unique constraint
 * violation, after the write has stored its images; reports the media files there were at that moment.
 */
function refuseNextEventRow(method: 'create' | 'updateOne') {
  const seen: { files?: string[] } = {}
  const db = app.payload.db
  const original = db[method].bind(db) as (args: { collection: string }) => Promise<unknown>
  const spy = jest.spyOn(db, method).mockImplementation((async (args: { collection: string }) => {
    if (args.collection !== 'events') return original(args)
    seen.files = await files()
    spy.mockRestore()
    throw new ValidationError({ collection: 'events', errors: [{ message: 'Value must be unique', path: 'slug' }] })
  }) as never)
  return seen
}

describe('an event write that fails after storing images by URL', () => {
  it('removes the files it wrote (every size) with the rows', async () => {
    const before = { files: await files(), media: await rows('media'), events: await rows('events') }
    const seen = refuseNextEventRow('create')
    const res = await api.post('/events', event({ image: `${origin}/poster.png`, description: `<p>Hi <img src="${origin}/inline.png"></p>` }), admin.headers)
    expect(res.status).toBe(400)
    // The failure came after both images were stored: two originals and their three sizes each.
    expect(seen.files?.length).toBe(before.files.length + 8)
    expect(await files()).toEqual(before.files)
    expect({ media: await rows('media'), events: await rows('events') }).toEqual({ media: before.media, events: before.events })
  })

  it('removes them on an update too, and leaves an image it reused in place', async () => {
    const created = await api.post('/events', event({ image: reusedId }), admin.headers)
    expect(created.status).toBe(201)
    const before = { files: await files(), media: await rows('media') }
    const seen = refuseNextEventRow('updateOne')
    const res = await api.post(`/events/${created.body.id}`, { image: `${origin}/other.png`, description: `<p><img src="${origin}/inline.png"></p>` }, admin.headers)
    expect(res.status).toBe(400)
    expect(seen.files?.length).toBe(before.files.length + 8)
    expect(await files()).toEqual(before.files)
    expect(await rows('media')).toBe(before.media)
    expect(before.files.filter((name) => name.startsWith('reused'))).toHaveLength(4)
  })

  it('keeps the files of a write that succeeds', async () => {
    const before = await files()
    const res = await api.post('/events', event({ image: `${origin}/kept.png` }), admin.headers)
    expect(res.status).toBe(201)
    const after = await files()
    expect(after).toHaveLength(before.length + 4)
    expect(after).toContain(res.body.image.url.split('/').pop())
  })
})
