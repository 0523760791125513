// Writers arriving together, as a busy editorial team or an importing script sends them: one server
// process on a fresh database, and its very first writes are ten concurrent namespace POSTs with an
// application password (no single write first to warm anything up), then a mixed wave through the
// namespace and Payload's /api. Every write is acknowledged and stored, and the process keeps serving.
import type { ChildProcess } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals'
import { startChild } from '../../bench/startChild.js'
import { freePort, operatorEnv, tempDir } from '../helpers/serverProcess.js'
import { createTestDatabase, type TestDatabase } from '../helpers/testDatabase.js'

jest.setTimeout(120_000)

const WAVE = 10
const data = tempDir('calendar-concurrent-writes-')
const settings = { DATA_DIR: data.dir, PAYLOAD_SECRET: 'concurrent-writes-test-secret', SITE_TIMEZONE: 'UTC' }
let database: TestDatabase
let child: ChildProcess | undefined
let origin = ''
let token = ''
let basic = ''

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10)
const namespace = () => `${origin}/wp-json/calendar/events/v1`

function createEvent(title: string, venue = `Hall of ${title}`): Promise<Response> {
  return fetch(`${namespace()}/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: basic },
    body: JSON.stringify({
      title,
      start_date: `${day(20)} 19:00:00`,
      end_date: `${day(20)} 21:00:00`,
      status: 'publish',
      venue: { venue },
      categories: ['Concurrency'],
    }),
  })
}

/** Status and body of each answer, so a failure shows what the server said. */
const outcomes = (answers: Response[]) => Promise.all(answers.map(async (res) => ({ status: res.status, body: (await res.text()).slice(0, 300) })))

beforeAll(async () => {
  database = await createTestDatabase()
  const port = await freePort()
  child = await startChild('test/helpers/instanceServer.ts', [String(port), database.uri, database.kind], operatorEnv(settings))
  origin = `http://127.0.0.1:${port}`
  const registered = await fetch(`${origin}/api/users/first-register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'ada@example.org', username: 'ada', password: 'correct horse battery' }),
  })
  token = ((await registered.json()) as { token: string }).token
  expect(token).toBeTruthy()
  const created = await fetch(`${origin}/api/app-passwords`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `JWT ${token}` },
    body: JSON.stringify({ name: 'importer' }),
  })
  expect(created.status).toBe(201)
  const { doc } = (await created.json()) as { doc: { password: string } }
  expect(doc.password).toBeTruthy()
  basic = `Basic ${Buffer.from(`ada:${doc.password}`).toString('base64')}`
})

afterAll(async () => {
  await new Promise((resolve) => (!child || child.exitCode !== null ? resolve(null) : (child.once('exit', resolve), child.kill())))
  await database?.drop()
  data.remove()
})

describe(`concurrent writers (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  it(`the process's first writes, ${WAVE} concurrent POST /events with an application password, are all created`, async () => {
    const answers = await outcomes(await Promise.all(Array.from({ length: WAVE }, (_, i) => createEvent(`First wave ${i}`))))
    expect(answers.filter((a) => a.status !== 201)).toEqual([])
    expect(answers).toHaveLength(WAVE)
  })

  it('a second wave mixing the namespace and /api writes is all acknowledged, and every write is stored', async () => {
    const viaApi = Array.from({ length: WAVE / 2 }, (_, i) =>
      fetch(`${origin}/api/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `JWT ${token}` },
        body: JSON.stringify({ title: `Through the API ${i}`, startDate: `${day(21)}T18:00:00Z`, endDate: `${day(21)}T20:00:00Z`, status: 'publish' }),
      }),
    )
    const viaNamespace = Array.from({ length: WAVE / 2 }, (_, i) => createEvent(`Second wave ${i}`, 'Shared hall'))
    const answers = await outcomes(await Promise.all([...viaApi, ...viaNamespace]))
    expect(answers.filter((a) => a.status !== 201)).toEqual([])
    const listed = await fetch(`${namespace()}/events?per_page=50&start_date=${day(19)}&end_date=${day(22)}`)
    expect(listed.status).toBe(200)
    const { total } = (await listed.json()) as { total: number }
    expect(total).toBe(WAVE + WAVE)
  })

  it('a venue and a category named by concurrent writers are each created once', async () => {
    const venues = (await (await fetch(`${namespace()}/venues?per_page=50`)).json()) as { venues: Array<{ venue: string }> }
    expect(venues.venues.filter((v) => v.venue.startsWith('Hall of '))).toHaveLength(WAVE)
    expect(venues.venues.filter((v) => v.venue === 'Shared hall')).toHaveLength(1)
    const categories = (await (await fetch(`${namespace()}/categories?per_page=50`)).json()) as { categories: Array<{ name: string; count: number }> }
    expect(categories.categories.filter((c) => c.name === 'Concurrency')).toEqual([expect.objectContaining({ count: WAVE + WAVE / 2 })])
  })

  it('writes leave no file handles behind (each SQLite transaction used to keep its connection open)', async () => {
    const handles = () => readdirSync(`/proc/${child!.pid}/fd`).length
    const before = handles()
    for (let i = 0; i < 40; i++) expect((await createEvent(`Handle check ${i}`, 'Shared hall')).status).toBe(201)
    // A few may be in flight (sockets, the log); forty kept connections would be eighty or more.
    expect(handles() - before).toBeLessThan(20)
  })
})
