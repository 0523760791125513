// `npm start` with WEB_CONCURRENCY=2: two workers behind one port. Every request log line names its
// worker, so the test sees both answer; guesses spread over both lock out at the same total as one
// process (the counters live in the database); a killed worker is replaced; SIGTERM drains both and
// the whole tree exits 0.
import http, { type ClientRequest, type IncomingMessage } from 'node:http'
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals'
import { env } from '../../src/env.js'
import { accepts, alive, freePort, killGroup, npm, operatorEnv, processTree, type Started, tempDir, waitUntilAnswers } from '../helpers/serverProcess.js'
import { createTestDatabase, type TestDatabase } from '../helpers/testDatabase.js'

jest.setTimeout(600_000)

const ATTACKER = '127.0.0.7'
const OWNER = '127.0.0.8'
const data = tempDir('calendar-workers-')
let database: TestDatabase | undefined
let started: Started
let origin = ''
let port = 0
let token = ''
let requestCount = 0

interface Answer {
  status: number
  retryAfter: number
  requestId: string
  body: any
}

/** A request on a connection of its own (so the cluster hands it to the next worker), from `source`. */
function send(method: string, path: string, options: { source?: string; headers?: Record<string, string>; body?: unknown } = {}): Promise<Answer> {
  const requestId = `workers-${++requestCount}`
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body)
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${origin}${path}`,
      {
        method,
        agent: false,
        localAddress: options.source,
        headers: { 'x-request-id': requestId, ...options.headers, ...(payload ? { 'content-type': 'application/json' } : {}) },
      },
      (res) => {
        let text = ''
        res.on('data', (c) => (text += c))
        res.on('end', () => {
          let body: unknown = text
          try {
            body = JSON.parse(text)
          } catch {
            // keep the text
          }
          resolve({ status: res.statusCode ?? 0, retryAfter: Number(res.headers['retry-after'] ?? 0), requestId, body })
        })
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end(payload)
  })
}

/** The server's JSON log lines so far. */
function logLines(): Array<Record<string, any>> {
  return started
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => {
      try {
        return JSON.parse(line) as Record<string, any>
      } catch {
        return {}
      }
    })
}

/** Which worker logged each of these requests (waits for the lines: pino writes asynchronously). */
async function workersOf(answers: Answer[]): Promise<Set<number>> {
  const ids = new Set(answers.map((a) => a.requestId))
  for (let i = 0; i < 100; i++) {
    const lines = logLines().filter((line) => ids.has(line.req?.id))
    if (lines.length === ids.size) return new Set(lines.map((line) => line.worker as number))
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error(`not every request was logged:\n${started.output()}`)
}

async function eventually(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (check()) return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`${what} did not happen:\n${started.output()}`)
}

const ns = `${env.REST_PREFIX}/calendar/events/v1`
const bearer = () => ({ authorization: `JWT ${token}` })

beforeAll(async () => {
  if (env.TEST_DATABASE === 'postgres') database = await createTestDatabase()
  port = await freePort()
  origin = `http://127.0.0.1:${port}`
  started = npm(
    ['start'],
    operatorEnv({
      WEB_CONCURRENCY: '2',
      DATA_DIR: data.dir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SITE_URL: origin,
      LOG_LEVEL: 'info',
      SHUTDOWN_TIMEOUT_SECONDS: '5',
      ...(database ? { DATABASE_URI: database.uri } : {}),
    }),
  )
  await waitUntilAnswers(`${origin}/healthz`, started)
  await eventually(() => /Calendar ready on .* \(2 workers\)/.test(started.output()), 'the ready line')
  const first = await send('POST', '/api/users/first-register', { body: { email: 'admin@example.org', username: 'admin', password: 'a long admin password' } })
  expect(first.status).toBe(200)
  token = first.body.token
})

afterAll(async () => {
  killGroup(started)
  await database?.drop()
  data.remove()
})

describe('npm start with WEB_CONCURRENCY=2', () => {
  it('answers on one port from two workers, each named in its log lines', async () => {
    const answers: Answer[] = []
    for (let i = 0; i < 6; i++) answers.push(await send('GET', `${ns}/events`))
    for (const answer of answers) expect(answer.status).toBe(200)
    expect([...(await workersOf(answers))].sort()).toEqual([1, 2])
  })

  it('counts wrong event passwords from both workers together: the 31st guess is refused, as with one process', async () => {
    const created = await send('POST', `${ns}/events`, { headers: bearer(), body: { title: 'Guarded', start_date: '2027-05-01 10:00', end_date: '2027-05-01 11:00', status: 'publish' } })
    expect(created.status).toBe(201)
    const id = created.body.id as number
    expect((await send('PATCH', `/api/events/${id}`, { headers: bearer(), body: { password: 'open sesame' } })).status).toBe(200)

    const guesses: Answer[] = []
    for (let i = 0; i < 30; i++) guesses.push(await send('GET', `${ns}/events/${id}?password=guess-${i}`, { source: ATTACKER }))
    expect(guesses.map((g) => g.status)).toEqual(Array(30).fill(403))
    // Spread over both processes: each alone saw about half.
    expect((await workersOf(guesses)).size).toBe(2)
    for (let i = 0; i < 2; i++) {
      const locked = await send('GET', `${ns}/events/${id}?password=${encodeURIComponent('open sesame')}`, { source: ATTACKER })
      expect([locked.status, locked.body.code]).toEqual([429, 'rest_too_many_requests'])
      expect(locked.body.message).toMatch(/^Too many wrong event passwords\. Try again in \d+ seconds\.$/)
      expect(locked.retryAfter).toBeGreaterThan(500)
    }
    // Another address is not locked out.
    expect((await send('GET', `${ns}/events/${id}?password=${encodeURIComponent('open sesame')}`, { source: OWNER })).status).toBe(200)
  })

  it('counts wrong application passwords from both workers together: 10 lock the pair', async () => {
    const made = await send('POST', '/api/app-passwords', { headers: bearer(), body: { name: 'workers' } })
    expect(made.status).toBe(201)
    const basic = (password: string) => ({ authorization: `Basic ${Buffer.from(`admin:${password}`).toString('base64')}` })
    const wrong: Answer[] = []
    for (let i = 0; i < 10; i++) wrong.push(await send('GET', `${ns}/`, { source: ATTACKER, headers: basic(`wrong ${i}`) }))
    expect(wrong.map((w) => w.status)).toEqual(Array(10).fill(401))
    expect((await workersOf(wrong)).size).toBe(2)
    for (let i = 0; i < 2; i++) {
      const locked = await send('GET', `${ns}/`, { source: ATTACKER, headers: basic(made.body.doc.password) })
      expect([locked.status, locked.body.code]).toEqual([429, 'rest_too_many_requests'])
      expect(locked.retryAfter).toBeGreaterThan(500)
    }
    expect((await send('GET', `${ns}/`, { source: OWNER, headers: basic(made.body.doc.password) })).status).toBe(200)
  })

  it('replaces a worker that dies, and keeps serving', async () => {
    const workerPids = processTree(started.child.pid!).filter((pid) => logLines().some((line) => line.pid === pid && line.worker))
    expect(workerPids.length).toBe(2)
    process.kill(workerPids[0]!, 'SIGKILL')
    await eventually(() => /worker \d+ \(pid \d+\) died with signal SIGKILL; starting a new one/.test(started.output()), 'the replacement')
    await eventually(() => /worker 3 \(pid \d+\) replaced the one that died/.test(started.output()), 'the new worker listening')
    const answers: Answer[] = []
    for (let i = 0; i < 6; i++) answers.push(await send('GET', `${ns}/events`))
    for (const answer of answers) expect(answer.status).toBe(200)
    expect((await workersOf(answers)).has(3)).toBe(true)
    expect((await workersOf(answers)).size).toBe(2)
  })

  it('SIGTERM drains both workers (requests in flight on each are answered), then the whole tree exits 0', async () => {
    const tree = processTree(started.child.pid!)
    expect(tree.length).toBeGreaterThanOrEqual(3)
    // Two requests whose headers were accepted and whose bodies are still to come, on two connections.
    const inFlight = await Promise.all([requestInFlight(), requestInFlight()])
    started.child.kill('SIGTERM')
    await eventually(() => (started.output().match(/SIGTERM: no longer accepting connections/g) ?? []).length === 2, 'both workers draining')
    let closed = false
    for (let i = 0; i < 100 && !closed; i++) {
      closed = !(await accepts(port))
      await new Promise((r) => setTimeout(r, 100))
    }
    expect(closed).toBe(true)
    for (const flight of inFlight) flight.req.end(LATE_BODY)
    const outcomes = await Promise.all(inFlight.map((f) => f.outcome))
    for (const outcome of outcomes) expect(outcome.status).toBe(401)
    expect(
      [...(await workersOf(outcomes.map((o, i) => ({ status: o.status, retryAfter: 0, requestId: inFlight[i]!.requestId, body: undefined }))))].length,
    ).toBe(2)
    expect(await started.exited).toEqual({ code: 0, signal: null })
    await eventually(() => tree.every((pid) => !alive(pid)), 'every process gone')
    expect(started.output()).toMatch(/All workers stopped/)
  })
})

const LATE_BODY = JSON.stringify({ title: 'Late', start_date: '2027-01-01 10:00', end_date: '2027-01-01 11:00' })

/** A POST the server accepted ("100 Continue") whose body is not sent yet. */
async function requestInFlight(): Promise<{ req: ClientRequest; requestId: string; outcome: Promise<{ status: number }> }> {
  const requestId = `workers-${++requestCount}`
  const req = http.request(`${origin}${ns}/events`, {
    method: 'POST',
    agent: false,
    headers: { 'x-request-id': requestId, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(LATE_BODY)), expect: '100-continue' },
  })
  const outcome = new Promise<{ status: number }>((resolve, reject) => {
    req.on('response', (res: IncomingMessage) => {
      res.resume()
      res.on('end', () => resolve({ status: res.statusCode ?? 0 }))
    })
    req.on('error', reject)
  })
  const continued = new Promise<void>((resolve) => req.once('continue', () => resolve()))
  req.flushHeaders()
  await continued
  return { req, requestId, outcome }
}
