// import:tec and term counts: a site's category and tag, carried by a published event, a
// password-protected published one and a draft, are imported by the CLI (as a process) into a second
// database; there each term's count is the site's, the protected event included, as WordPress counts.
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { getPayload } from 'payload'
import { createApp } from '../../src/app.js'
import { createAppPassword } from '../../src/commands/createAppPassword.js'
import { env } from '../../src/env.js'
import { buildCalendarConfig } from '../../src/payload.config.js'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'
import { runCli } from '../helpers/runCli.js'
import { tempDir } from '../helpers/serverProcess.js'
import { createTestDatabase } from '../helpers/testDatabase.js'

const NS = '/calendar/events/v1'
let source: TestApp
let auth = ''
let appPassword = ''
const dataDir = tempDir('calendar-import-counts-')

async function call(base: string, method: string, path: string, body?: unknown, authorization = auth): Promise<{ status: number; body: any }> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(authorization ? { authorization } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  })
  const text = await res.text()
  return { status: res.status, body: text ? JSON.parse(text) : undefined }
}

beforeAll(async () => {
  source = await initTestApp()
  await source.payload.create({
    collection: 'users',
    data: { email: 'counter@example.org', username: 'counter', password: 'counter password 1', role: 'editor' },
    overrideAccess: true,
  })
  appPassword = (await createAppPassword(source.payload, { user: 'counter', name: 'import' })).plain
  auth = `Basic ${Buffer.from(`counter:${appPassword}`).toString('base64')}`
}, 300_000)

afterAll(async () => {
  await source?.close()
  dataDir.remove()
})

describe('import:tec and term counts', () => {
  it('a protected published event’s terms are counted on the imported site as on the source', async () => {
    const category = (await call(source.api, 'POST', '/categories', { name: 'Workshops' })).body.id as number
    const tag = (await call(source.api, 'POST', '/tags', { name: 'Members' })).body.id as number
    const uses = { categories: [category], tags: [tag] }
    const when = (day: number) => ({ start_date: `2030-04-0${day} 10:00:00`, end_date: `2030-04-0${day} 12:00:00` })
    for (const [title, day, status] of [['Open workshop', 1, 'publish'], ['Members’ workshop', 2, 'publish'], ['Planned workshop', 3, 'draft']] as const) {
      const made = await call(source.api, 'POST', '/events', { title, ...when(day), status, ...uses })
      expect(made.status).toBe(201)
      // The namespace takes no password (TEC's neither): set as the admin's form does.
      if (title === 'Members’ workshop') await source.payload.update({ collection: 'events', id: made.body.id, data: { password: 'workshop words' }, overrideAccess: true })
    }
    const countsOn = async (api: string) => ({
      category: (await call(api, 'GET', `/categories/${category}`, undefined, '')).body.count,
      tag: (await call(api, 'GET', `/tags/${tag}`, undefined, '')).body.count,
    })
    expect(await countsOn(source.api)).toEqual({ category: 2, tag: 2 })

    const target = await createTestDatabase()
    const result = await runCli(
      ['import:tec', '--from', `${source.origin}${env.REST_PREFIX}`, '--user', 'counter', '--app-password', appPassword, '--allow-private-hosts'],
      target.uri,
      { DATA_DIR: dataDir.dir },
    )
    if (result.code !== 0) console.log(result.stderr)
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(/events: 3 created/)

    const payload = await getPayload({ config: buildCalendarConfig(target.uri, target.kind, {}, { push: false, migrations: false }), key: `${target.uri}#counts` })
    const server: Server = await new Promise((resolve) => {
      const s = createApp(payload).listen(0, '127.0.0.1', () => resolve(s))
    })
    try {
      const api = `http://127.0.0.1:${(server.address() as AddressInfo).port}${env.REST_PREFIX}${NS}`
      // The imported protected event carries its terms, and they count.
      const imported = await payload.find({ collection: 'events', where: { hasPassword: { equals: true } }, depth: 0, overrideAccess: true })
      expect(imported.docs.map((e) => ({ title: e.title, status: e.status, categories: e.categories, tags: e.tags }))).toEqual([
        { title: 'Members’ workshop', status: 'publish', categories: [category], tags: [tag] },
      ])
      expect(await countsOn(api)).toEqual({ category: 2, tag: 2 })
    } finally {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
      await payload.destroy()
      if (target.kind === 'sqlite') (payload.db as unknown as { client?: { close?: () => void } }).client?.close?.()
      await target.drop()
    }
  }, 900_000)
})
