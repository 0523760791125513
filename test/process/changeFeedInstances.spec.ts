// The change feed with two server processes on one database (the lane's: one SQLite file, or one
// PostgreSQL database) taking writes at the same time, and changes:tail (a third process) following
// it: a reader polling the feed through both instances while the writes run misses no change and
// reads none twice, exactly the rows the database holds; Ctrl-C stops the tail cleanly.
import { type ChildProcess, spawn } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals'
import { startChild } from '../../bench/startChild.js'
import { CLI_ARGS } from '../helpers/runCli.js'
import { freePort, operatorEnv, tempDir } from '../helpers/serverProcess.js'
import { createTestDatabase, type TestDatabase } from '../helpers/testDatabase.js'

jest.setTimeout(300_000)

const WRITES_PER_INSTANCE = 15
const data = tempDir('calendar-change-feed-')
const settings = { DATA_DIR: data.dir, PAYLOAD_SECRET: 'change-feed-test-secret', CACHE_TTL_SECONDS: '30', SITE_TIMEZONE: 'UTC' }
let database: TestDatabase
const instances: ChildProcess[] = []
let tail: ChildProcess | undefined
let tailOut = ''
let a = ''
let b = ''
let auth: Record<string, string> = {}

async function startInstance(): Promise<string> {
  const port = await freePort()
  instances.push(await startChild('test/helpers/instanceServer.ts', [String(port), database.uri, database.kind], operatorEnv(settings)))
  return `http://127.0.0.1:${port}`
}

const feed = (origin: string) => `${origin}/wp-json/calendar/events/v1/changes`
type Change = { kind: string; id: number; action: string }
const key = (c: Change) => `${c.kind}:${c.id}:${c.action}`

async function read(origin: string, since: string): Promise<{ changes: Change[]; next_cursor: string }> {
  const res = await fetch(`${feed(origin)}?since=${since}&per_page=7`, { headers: auth })
  expect(res.status).toBe(200)
  return (await res.json()) as { changes: Change[]; next_cursor: string }
}

beforeAll(async () => {
  database = await createTestDatabase()
  a = await startInstance()
  const [second, registered] = await Promise.all([
    startInstance(),
    fetch(`${a}/api/users/first-register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ada@example.org', username: 'ada', password: 'correct horse battery' }),
    }),
  ])
  b = second
  auth = { authorization: `JWT ${((await registered.json()) as { token: string }).token}` }
})

afterAll(async () => {
  const all = [...instances, ...(tail ? [tail] : [])]
  await Promise.all(all.map((child) => new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(null) : (child.once('exit', resolve), child.kill())))))
  await database?.drop()
  data.remove()
})

describe('the change feed across two instances', () => {
  it('a reader polling both instances during concurrent writes reads every committed change once, in order; changes:tail prints them', async () => {
    tail = spawn(process.execPath, [...CLI_ARGS, 'changes:tail', '--from', 'start', '--interval', '0.2'], {
      env: operatorEnv({ ...settings, DATABASE_URI: database.uri }),
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let tailErr = ''
    tail.stdout!.on('data', (d) => (tailOut += d))
    tail.stderr!.on('data', (d) => (tailErr += d))
    const tailExit = new Promise<number | null>((resolve) => tail!.once('exit', (code) => resolve(code)))

    const start = (await (await fetch(feed(a), { headers: auth })).json()) as { next_cursor: string }
    let cursor = start.next_cursor
    const seen: Change[] = []
    let writing = true
    // The reader: through A and B in turn, as fast as they answer, all the while the writes run.
    const reader = (async () => {
      for (let turn = 0; writing || turn % 2 === 1; turn++) {
        const page = await read(turn % 2 ? b : a, cursor)
        seen.push(...page.changes)
        cursor = page.next_cursor
      }
    })()
    const write = async (origin: string, n: number) => {
      const made: number[] = []
      for (let i = 0; i < n; i++) {
        const res = await fetch(`${origin}/wp-json/calendar/events/v1/events`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...auth },
          body: JSON.stringify({ title: `${origin.slice(-5)} #${i}`, start_date: '2027-09-01 19:00:00', end_date: '2027-09-01 21:00:00', status: 'publish', venue: { venue: `Hall ${origin.slice(-5)} ${i}` } }),
        })
        expect(res.status).toBe(201)
        made.push(((await res.json()) as { id: number }).id)
      }
      return made
    }
    const [madeA, madeB] = await Promise.all([write(a, WRITES_PER_INSTANCE), write(b, WRITES_PER_INSTANCE)])
    writing = false
    await reader
    // Caught up: read until an empty page.
    for (;;) {
      const page = await read(a, cursor)
      seen.push(...page.changes)
      cursor = page.next_cursor
      if (!page.changes.length) break
    }

    // The database's rows, as administrators read them on /api.
    const rows = (await (await fetch(`${a}/api/changes?limit=1000&sort=id&depth=0`, { headers: auth })).json()) as { docs: Array<{ kind: string; doc: number; action: string }> }
    const stored = rows.docs.map((r) => ({ kind: r.kind, id: Number(r.doc), action: r.action }))
    expect(stored.length).toBe(4 * WRITES_PER_INSTANCE)
    expect(seen.map(key)).toEqual(stored.map(key))
    for (const id of [...madeA, ...madeB]) expect(seen.filter((c) => c.kind === 'event' && c.id === id).map((c) => c.action)).toEqual(['created'])

    // changes:tail printed the same changes, one line each; Ctrl-C ends it with status 0.
    const lines = () => tailOut.split('\n').filter(Boolean)
    for (let waited = 0; lines().length < stored.length && waited < 30_000; waited += 200) await new Promise((resolve) => setTimeout(resolve, 200))
    expect(lines().map((line) => line.split(/\s+/).slice(1, 4).join(':'))).toEqual(stored.map(key))
    expect(lines()[0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z +venue +\d+ +created +hidden -> public$/)
    tail.kill('SIGINT')
    expect(await tailExit).toBe(0)
    expect(tailErr).toContain('Ctrl-C stops')
    expect(tailErr).not.toMatch(/Error/)
  })
})
