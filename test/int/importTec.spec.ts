// import:tec against a live server: this project's own namespace speaks TEC's wire format, so one
// instance is seeded over its REST API, the CLI imports it (as a process) into a second database,
// and the second instance, started on that database, must answer every list and single as the first.
import { siteUrlProxy } from '../helpers/siteUrlPort.js'
import { spawn } from 'node:child_process'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { getPayload, type Payload } from 'payload'
import { createApp } from '../../src/app.js'
import { createAppPassword } from '../../src/commands/createAppPassword.js'
import { env } from '../../src/env.js'
import { buildCalendarConfig } from '../../src/payload.config.js'
import { startImageServer, type ImageServer } from '../helpers/imageServer.js'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'
import { CLI_ARGS, runCli, type CliResult } from '../helpers/runCli.js'
import { freePort, operatorEnv, tempDir } from '../helpers/serverProcess.js'
import { createTestDatabase, type TestDatabase } from '../helpers/testDatabase.js'

const LONG = 900_000

let source: TestApp
let images: ImageServer
let editorAuth = ''
let appPassword = ''
const dataDir = tempDir('calendar-import-')
const NS = '/calendar/events/v1'

const basic = (login: string, password: string) => `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`

async function call(base: string, method: string, path: string, body?: unknown, auth = editorAuth): Promise<{ status: number; body: any }> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(auth ? { authorization: auth } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  })
  const text = await res.text()
  return { status: res.status, body: text ? JSON.parse(text) : undefined }
}

async function seed(path: string, body: unknown): Promise<any> {
  const res = await call(source.api, 'POST', path, body)
  if (res.status !== 201 && res.status !== 200) throw new Error(`seeding ${path}: ${res.status} ${JSON.stringify(res.body)}`)
  return res.body
}

function importInto(database: TestDatabase, extra: string[] = []): Promise<CliResult> {
  return runCli(
    ['import:tec', '--from', `${source.origin}${env.REST_PREFIX}`, '--user', 'importer', '--app-password', appPassword, '--allow-private-hosts', ...extra],
    database.uri,
    { DATA_DIR: dataDir.dir },
  )
}

/** A second instance on an imported database (migrated by the CLI: nothing pushed). */
async function startTarget(database: TestDatabase): Promise<{ payload: Payload; api: string; origin: string; close: () => Promise<void> }> {
  const payload = await getPayload({
    config: buildCalendarConfig(database.uri, database.kind, {}, { push: false, migrations: false }),
    key: `${database.uri}#${Date.now()}`,
  })
  const server: Server = await new Promise((resolve) => {
    const s = createApp(payload).listen(0, '127.0.0.1', () => resolve(s))
  })
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    payload,
    origin,
    api: `${origin}${env.REST_PREFIX}${NS}`,
    close: async () => {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
      await payload.destroy()
      if (database.kind === 'sqlite') (payload.db as unknown as { client?: { close?: () => void } }).client?.close?.()
    },
  }
}

/**
 * An answer with what may differ between two instances taken out: the host in URLs, the media ID and
 * file name of images (media IDs are the library's own), when posts were last modified (the import
 * is a write) and the author (users are matched by name, their IDs differ).
 */
function normalize(value: unknown, origin: string): unknown {
  if (typeof value === 'string') return value.split(origin).join('<origin>').replace(/\/api\/media\/file\/[^"'\s?]+/g, '/api/media/file/<file>')
  if (Array.isArray(value)) return value.map((v) => normalize(v, origin))
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const [key, v] of Object.entries(value)) {
      if (['modified', 'modified_utc', 'author'].includes(key)) continue
      if (key === 'image' && v && typeof v === 'object') {
        out.image = { width: (v as { width?: number }).width, height: (v as { height?: number }).height }
        continue
      }
      if (key === 'id' && typeof v === 'number' && (value as { extension?: unknown }).extension !== undefined) continue
      out[key] = normalize(v, origin)
    }
    return out
  }
  return value
}

const ALL = 'start_date=1900-01-01&end_date=2999-12-31&per_page=50'
const WRITER = `${ALL}&status=publish,future,draft,pending,private&context=edit`

/** Every list and single answer the comparison reads, as [path, auth] pairs. */
async function answers(api: string, origin: string, auth: string): Promise<Map<string, unknown>> {
  const out = new Map<string, unknown>()
  const read = async (path: string, who: string) => {
    const res = await call(api, 'GET', path, undefined, who)
    out.set(`${who ? 'editor' : 'anonymous'} ${path}`, { status: res.status, body: normalize(res.body, origin) })
    return res.body
  }
  for (const who of ['', auth]) {
    const events = await read(`/events?${who ? WRITER : ALL}`, who)
    for (const e of events.events ?? []) await read(`/events/${e.id}${who ? '?context=edit' : ''}`, who)
    for (const kind of ['venues', 'organizers']) {
      const list = await read(`/${kind}?per_page=50${who ? '&status=publish,future,draft,pending,private' : ''}`, who)
      for (const item of list[kind] ?? []) await read(`/${kind}/${item.id}`, who)
    }
    for (const kind of ['categories', 'tags']) {
      const list = await read(`/${kind}?per_page=50&hide_empty=false`, who)
      for (const item of list[kind] ?? []) await read(`/${kind}/${item.id}`, who)
    }
  }
  return out
}

beforeAll(async () => {
  images = await startImageServer()
  source = await initTestApp({ allowPrivateImageHosts: true })
  await siteUrlProxy.to(source.origin, { prefix: '/api/media/file/', dir: path.join(env.DATA_DIR, 'media') })
  await source.payload.create({
    collection: 'users',
    data: { email: 'importer@example.org', username: 'importer', password: 'importer password 1', role: 'editor' },
    overrideAccess: true,
  })
  appPassword = (await createAppPassword(source.payload, { user: 'importer', name: 'import' })).plain
  editorAuth = basic('importer', appPassword)

  const music = await seed(`/categories`, { name: 'Music', description: 'Concerts' })
  const jazz = await seed(`/categories`, { name: 'Jazz', parent: music.id })
  await seed(`/categories`, { name: 'Unused & empty' })
  const kids = await seed(`/tags`, { name: 'Family Friendly' })
  const hall = await seed(`/venues`, {
    venue: 'Symphony Hall', address: '301 Massachusetts Ave', city: 'Boston', state: 'MA', zip: '02115', country: 'United States',
    phone: '617-266-1492', website: 'https://www.example.org/symphony', show_map: 'true', show_map_link: 'false',
    image: `${images.origin}/image.png`, description: '<p>A classic <strong>hall</strong>.</p>',
  })
  const draftVenue = await seed(`/venues`, { venue: "L'Olympia", city: 'Paris', status: 'draft' })
  const acme = await seed(`/organizers`, { organizer: 'Acme Events', email: 'info@acme.example.com', phone: '555-0100' })
  const jane = await seed(`/organizers`, { organizer: 'Jane Doe', website: 'https://jane.example.com' })
  const events = [
    { title: 'Rock ’n’ Roll & Jazz', start_date: '2027-03-01 20:00', end_date: '2027-03-01 23:00', timezone: 'Europe/Paris', venue: hall.id, organizer: [acme.id, jane.id], categories: [jazz.id], tags: [kids.id], cost: '€15', featured: true, image: `${images.origin}/image.png`, description: '<p>Two <em>sets</em>.</p>', excerpt: 'A night out' },
    { title: 'All-day fair', start_date: '2027-04-10', end_date: '2027-04-11', all_day: true, timezone: 'America/New_York', categories: [music.id], cost: 'Free', sticky: true },
    { title: 'Offset zone', start_date: '2027-05-01 10:00', end_date: '2027-05-01 12:00', timezone: 'UTC+2', cost: ['0$', '20$', '30$'], show_map: true, show_map_link: true, website: 'https://example.com/offset' },
    { title: 'Draft plan', start_date: '2027-06-01 09:00', end_date: '2027-06-01 10:00', status: 'draft', venue: draftVenue.id },
    { title: 'Pending review', start_date: '2027-06-02 09:00', end_date: '2027-06-02 10:00', status: 'pending', organizer: jane.id },
    { title: 'Private party', start_date: '2027-06-03 09:00', end_date: '2027-06-03 10:00', status: 'private' },
    { title: 'Members only', start_date: '2027-06-04 18:00', end_date: '2027-06-04 20:00', venue: hall.id, cost: '5 - 50' },
    { title: 'Past concert', start_date: '2020-01-01 20:00', end_date: '2020-01-01 22:00', timezone: 'Asia/Tokyo', categories: [jazz.id, music.id] },
  ]
  for (let i = 0; i < 12; i++) events.push({ title: `Series ${i + 1}`, start_date: `2027-07-${String(i + 1).padStart(2, '0')} 19:00`, end_date: `2027-07-${String(i + 1).padStart(2, '0')} 21:00`, timezone: 'Europe/Berlin', tags: [kids.id] } as (typeof events)[number])
  for (const event of events) {
    const created = await seed(`/events`, event)
    // The namespace takes no password (TEC's neither): set as the admin's form does.
    if (event.title === 'Members only') await source.payload.update({ collection: 'events', id: created.id, data: { password: 'secret words' }, overrideAccess: true })
  }
}, LONG)

afterAll(async () => {
  await source?.close()
  await images?.close()
  await siteUrlProxy.close()
  dataDir.remove()
})

describe('import:tec', () => {
  let target: TestDatabase

  it('imports every kind keeping IDs and slugs; the second instance answers as the first', async () => {
    target = await createTestDatabase()
    const result = await importInto(target)
    if (result.code !== 0) console.log(result.stderr)
    expect(result.stderr).not.toMatch(/Error:|image not stored/)
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(/events: 20 created, 0 updated, 0 unchanged/)
    expect(result.stdout).toMatch(/categories: 3 created/)
    expect(result.stdout).toMatch(/venues: 2 created/)
    expect(result.stdout).toMatch(/organizers: 2 created/)
    expect(result.stdout).toMatch(/images: 2 stored; users created: 1/)
    expect(result.stderr).toMatch(/event \d+ is password-protected; the site does not show its password/)

    const copy = await startTarget(target)
    try {
      const editor = await copy.payload.create({
        collection: 'users',
        data: { email: 'importer@example.org', username: 'importer', password: 'importer password 1', role: 'editor' },
        overrideAccess: true,
      })
      const copyAuth = basic('importer', (await createAppPassword(copy.payload, { user: 'importer', name: 'compare' })).plain)
      expect(editor.id).toBeDefined()
      const before = await answers(source.api, source.origin, editorAuth)
      const after = await answers(copy.api, copy.origin, copyAuth)
      expect(before.size).toBeGreaterThan(50)
      expect([...after.keys()]).toEqual([...before.keys()])
      for (const [key, answer] of before) expect({ key, answer: after.get(key) }).toEqual({ key, answer })
      // Authors: the source's editor became a contributor of the same name here.
      const imported = await copy.payload.find({ collection: 'events', where: { title: { equals: 'Draft plan' } }, depth: 1, overrideAccess: true })
      expect((imported.docs[0]!.author as { username?: string }).username).toMatch(/author-\d+$/)
    } finally {
      await copy.close()
    }
  }, LONG)

  it('a re-run duplicates nothing and picks up changes and new events', async () => {
    const list = await call(source.api, 'GET', `/events?${ALL}`, undefined, '')
    const changed = list.body.events.find((e: { title: string }) => e.title === 'Offset zone')
    expect(changed).toBeDefined()
    expect((await call(source.api, 'POST', `/events/${changed.id}`, { title: 'Offset zone (moved)' })).status).toBe(200)
    const added = await seed(`/events`, { title: 'Late addition', start_date: '2027-09-01 10:00', end_date: '2027-09-01 11:00' })

    const result = await importInto(target)
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(/events: 1 created, 1 updated, 19 unchanged/)
    const copy = await startTarget(target)
    try {
      const all = await call(copy.api, 'GET', `/events?${ALL}`, undefined, '')
      expect(all.body.total).toBe(list.body.total + 1)
      expect(all.body.events.find((e: { id: number }) => e.id === changed.id).title).toBe('Offset zone (moved)')
      expect(all.body.events.some((e: { id: number }) => e.id === added.id)).toBe(true)
      const counted = await copy.payload.count({ collection: 'events', overrideAccess: true })
      expect(counted.totalDocs).toBe(21)
    } finally {
      await copy.close()
    }
  }, LONG)

  it('an interrupted run resumes after its last page and ends with the same records', async () => {
    const fresh = await createTestDatabase()
    const args = ['import:tec', '--from', `${source.origin}${env.REST_PREFIX}${NS}`, '--user', 'importer', '--app-password', appPassword, '--allow-private-hosts', '--per-page', '2']
    const child = spawn(process.execPath, [...CLI_ARGS, ...args], {
      env: operatorEnv({ DATABASE_URI: fresh.uri, DATA_DIR: dataDir.dir }),
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stderr = ''
    const killed = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)))
    child.stderr.on('data', (chunk) => {
      stderr += chunk
      // Killed without warning once a few pages of events are written: a crash, not a clean stop.
      if (/events: 6\/21/.test(stderr)) child.kill('SIGKILL')
    })
    await killed
    expect(stderr).toMatch(/events: 6\/21/)
    expect(stderr).not.toMatch(/events: 21\/21/)

    const resumed = await runCli(args, fresh.uri, { DATA_DIR: dataDir.dir })
    expect(resumed.code).toBe(0)
    expect(resumed.stderr).toMatch(/events: 21 to read, resuming after [68]/)
    const copy = await startTarget(fresh)
    try {
      const events = await copy.payload.find({ collection: 'events', limit: 0, pagination: false, depth: 0, overrideAccess: true })
      const sourceEvents = await source.payload.find({ collection: 'events', limit: 0, pagination: false, depth: 0, overrideAccess: true })
      expect(events.docs.length).toBe(21)
      expect(events.docs.map((e) => [e.id, e.slug]).sort()).toEqual(sourceEvents.docs.map((e) => [e.id, e.slug]).sort())
    } finally {
      await copy.close()
    }
  }, LONG)

  it('a site that cannot be reached, refuses the credentials or is not TEC gets one line and a non-zero exit', async () => {
    const db = await createTestDatabase()
    const closed = await freePort()
    const unreachable = await runCli(['import:tec', '--from', `http://127.0.0.1:${closed}/wp-json`], db.uri, { DATA_DIR: dataDir.dir })
    expect(unreachable.code).not.toBe(0)
    expect(unreachable.stderr.trim()).toBe(`Error: cannot reach http://127.0.0.1:${closed}: ECONNREFUSED`)
    const wrong = await runCli(['import:tec', '--from', `${source.origin}${env.REST_PREFIX}`, '--user', 'importer', '--app-password', 'abcd efgh ijkl mnop qrst uvwx'], db.uri, { DATA_DIR: dataDir.dir })
    expect(wrong.code).not.toBe(0)
    expect(wrong.stderr.trim()).toMatch(/^Error: the site refused the credentials \(401[^\n]*\): check --user and --app-password$/)
    const other = await runCli(['import:tec', '--from', images.origin], db.uri, { DATA_DIR: dataDir.dir })
    expect(other.code).not.toBe(0)
    expect(other.stderr.trim()).toMatch(/^Error: http:\/\/127\.0\.0\.1:\d+ is not a The Events Calendar REST API/)
  }, LONG)
})
