// An event write and everything it brings (an inline venue, new categories and tags, the term counts)
// is saved together or not at all, even when the server is killed in the middle of many of them:
// a real server process, real HTTP, SIGKILL, a restart on the same database.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals'
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { env } from '../../src/env.js'
import { startImageServer, type ImageServer } from '../helpers/imageServer.js'
import { createTestDatabase, type TestDatabase } from '../helpers/testDatabase.js'

jest.setTimeout(900_000)

const API = '/wp-json/calendar/events/v1'
const ROUNDS = 2
const CONCURRENCY = 8
// Acknowledged creates per round before the kill: enough that many more are in flight when it lands.
const ACKS_BEFORE_KILL = 12

let dataDir: string
let database: TestDatabase
let images: ImageServer

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'calendar-atomic-'))
  database = await createTestDatabase()
  images = await startImageServer()
})
afterAll(async () => {
  await images?.close()
  await database?.drop()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

interface Server {
  origin: string
  child: ChildProcess
  exited: Promise<number | null>
}

/** The calendar namespace and Payload's /api in a child process, in production mode (committed migrations). */
async function startServer(): Promise<Server> {
  const uri = database.kind === 'sqlite' ? `file:${path.join(dataDir, 'calendar.db')}` : database.uri
  const child = spawn(process.execPath, ['--conditions=production', '--import', 'tsx', 'test/process/backupServer.ts'], {
    cwd: process.cwd(),
    env: { ...process.env, NODE_OPTIONS: '', NODE_ENV: 'production', DATA_DIR: dataDir, DATABASE_URI: uri, LOG_LEVEL: 'warn' },
  })
  let stdout = ''
  let stderr = ''
  child.stderr!.on('data', (d) => (stderr += d))
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve))
  const origin = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (d) => {
      stdout += d
      const line = stdout.split('\n').find((l) => l.startsWith('{"origin"'))
      if (line) resolve(JSON.parse(line).origin)
    })
    void exited.then((code) => reject(new Error(`server exited ${code}\n${stdout}\n${stderr}`)))
  })
  return { origin, child, exited }
}

async function json(res: Response): Promise<any> {
  const text = await res.text()
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

interface Sent {
  title: string
  venue: string
  categories: string[]
  tags: string[]
}

const eventBody = (round: number, i: number): Sent & Record<string, unknown> => ({
  title: `Atomic ${round}-${i}`,
  start_date: '2027-06-01 19:00',
  end_date: '2027-06-01 22:00',
  status: 'publish',
  venue: `Hall ${round}-${i}`,
  categories: [`Genre ${i % 5}`],
  tags: [`Night ${i % 7}`, `Solo ${round}-${i}`],
})

const post = (server: Server, token: string, body: Record<string, unknown>) =>
  fetch(`${server.origin}${API}/events`, {
    method: 'POST',
    headers: { authorization: `JWT ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

/**
 * Fires creates CONCURRENCY at a time. Once ACKS_BEFORE_KILL are acknowledged, one more create also
 * sends an image whose download never ends, and the server is killed as soon as that download has
 * started, with that write and others in flight. Returns the acknowledged creates by ID.
 */
async function fireUntilKilled(server: Server, token: string, round: number): Promise<Map<number, Sent>> {
  const acked = new Map<number, Sent>()
  let next = 0
  let killed = false
  const kill = () => {
    killed = true
    server.child.kill('SIGKILL')
  }
  const heldWrite = async () => {
    const seen = images.requests.length
    const sent = eventBody(round, 1000)
    void post(server, token, { ...sent, venue: { venue: sent.venue, city: 'Lyon' }, image: `${images.origin}/slow.png` }).catch(() => undefined)
    while (!images.requests.slice(seen).includes('GET /slow.png')) await new Promise((resolve) => setTimeout(resolve, 10))
    kill()
  }
  let held: Promise<void> | undefined
  const worker = async () => {
    while (!killed) {
      const i = next++
      const sent = eventBody(round, i)
      let res: Response
      try {
        res = await post(server, token, { ...sent, venue: { venue: sent.venue, city: 'Lyon' } })
      } catch (error) {
        // A request cut by the kill is unacknowledged; a server failing on its own fails the test.
        if (killed) return
        throw error
      }
      // A 201 whose body the kill cut short is committed but unnamed: the all-or-nothing checks cover it.
      const answer = await json(res).catch(() => undefined)
      if (res.status === 201 && answer?.id) acked.set(answer.id, sent)
      else if (killed) return
      else throw new Error(`create answered ${res.status}: ${JSON.stringify(answer)}`)
      if (acked.size >= ACKS_BEFORE_KILL && !held) held = heldWrite()
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker))
  await held
  await server.exited
  return acked
}

describe(`events with inline venue, categories and tags survive SIGKILL whole or not at all (${env.TEST_DATABASE})`, () => {
  it('keeps every acknowledged write with all its links, no half-made event, and true term counts', async () => {
    let server = await startServer()
    const first = await fetch(`${server.origin}/api/users/first-register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.org', username: 'admin', password: 'a long admin password' }),
    })
    const registered = await json(first)
    expect(first.status).toBe(200)
    const token: string = registered.token

    const acked = new Map<number, Sent>()
    for (let round = 1; round <= ROUNDS; round++) {
      for (const [id, sent] of await fireUntilKilled(server, token, round)) acked.set(id, sent)
      server = await startServer()
    }
    expect(acked.size).toBeGreaterThanOrEqual(ROUNDS * ACKS_BEFORE_KILL)

    try {
      const get = async (route: string) => {
        const res = await fetch(`${server.origin}/api/${route}`, { headers: { authorization: `JWT ${token}` } })
        expect(res.status).toBe(200)
        return (await json(res)).docs as Array<Record<string, any>>
      }
      const events = await get('events?limit=0&depth=0&trash=true&where[title][like]=Atomic')
      const venues = new Map((await get('venues?limit=0&depth=0')).map((v) => [v.id, v.title]))
      const categories = await get('event-categories?limit=0&depth=0')
      const tags = await get('event-tags?limit=0&depth=0')
      const names = new Map([...categories, ...tags].map((t) => [`${t.id}`, t.name]))
      const byTitle = new Map(events.map((e) => [e.title, e]))

      // Every acknowledged write is there with everything it was sent with.
      for (const [id, sent] of acked) {
        const event = events.find((e) => e.id === id)
        expect(event?.title).toBe(sent.title)
        expect(event!.venues.map((v: number) => venues.get(v))).toEqual([sent.venue])
        expect(event!.categories.map((c: number) => names.get(`${c}`))).toEqual(sent.categories)
        expect(event!.tags.map((t: number) => names.get(`${t}`))).toEqual(sent.tags)
      }
      // No event exists without the links it was sent with (acknowledged or not: a write cut by the
      // kill is either all there or not at all).
      expect(events.length).toBeGreaterThanOrEqual(acked.size)
      for (const event of events) {
        const [, tag] = /^Atomic (\d+-\d+)$/.exec(event.title)!
        const [round, i] = tag!.split('-').map(Number) as [number, number]
        const sent = eventBody(round, i)
        expect(byTitle.get(sent.title)).toBe(event)
        expect(event.venues.map((v: number) => venues.get(v))).toEqual([sent.venue])
        expect(event.categories.map((c: number) => names.get(`${c}`))).toEqual(sent.categories)
        expect(event.tags.map((t: number) => names.get(`${t}`))).toEqual(sent.tags)
      }
      // Nor a venue made inline for an event that was not saved.
      const linked = new Set(events.flatMap((e) => e.venues as number[]))
      const inline = [...venues].filter(([, title]) => /^Hall /.test(title))
      expect(inline.length).toBeGreaterThanOrEqual(acked.size)
      for (const [id, title] of inline) expect({ id, title, linked: linked.has(id) }).toEqual({ id, title, linked: true })
      // Each term's stored count is the number of published events that carry it.
      let counted = 0
      for (const [field, terms] of [['categories', categories], ['tags', tags]] as const) {
        for (const term of terms) {
          const real = events.filter((e) => e.status === 'publish' && !e.deletedAt && e[field].includes(term.id)).length
          expect({ term: term.name, count: term.count }).toEqual({ term: term.name, count: real })
          counted += real
        }
      }
      expect(counted).toBeGreaterThan(0)
    } finally {
      server.child.kill('SIGTERM')
      await server.exited
    }
  })
})
