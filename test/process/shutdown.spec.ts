// SIGTERM to `npm start`: for SHUTDOWN_DRAIN_SECONDS it keeps accepting (requests already sent are
// answered, none reset; /readyz is 503; answers close their connection), then the listening socket
// closes, a request in flight still gets its answer, and the process exits 0. A request that never
// finishes is cut after SHUTDOWN_TIMEOUT_SECONDS and the process still exits 0.
import { afterEach, describe, expect, it, jest } from '@jest/globals'
import { type ClientRequest, type IncomingMessage, request } from 'node:http'
import { connect, type Socket } from 'node:net'
import { accepts, freePort, killGroup, npm, operatorEnv, type Started, tempDir, waitUntilAnswers } from '../helpers/serverProcess.js'

jest.setTimeout(600_000)

const cleanups: Array<() => void> = []
afterEach(() => {
  for (const clean of cleanups.splice(0)) clean()
})

async function startServer(extra: Record<string, string> = {}) {
  const data = tempDir('calendar-stop-')
  cleanups.push(data.remove)
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const started: Started = npm(['start'], operatorEnv({ DATA_DIR: data.dir, PORT: String(port), SITE_URL: origin, ...extra }))
  cleanups.push(() => killGroup(started))
  await waitUntilAnswers(`${origin}/healthz`, started)
  return { port, origin, started }
}

const BODY = JSON.stringify({ title: 'Late', start_date: '2027-01-01 10:00', end_date: '2027-01-01 11:00' })

/**
 * A POST whose headers the server has accepted (it answered "100 Continue") and whose body is
 * still to come: a request in flight for as long as the test wants.
 */
async function requestInFlight(origin: string) {
  const req: ClientRequest = request(`${origin}/wp-json/calendar/events/v1/events`, {
    method: 'POST',
    agent: false,
    headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(BODY)), expect: '100-continue' },
  })
  const outcome = new Promise<{ res?: IncomingMessage; body?: string; error?: Error }>((resolve) => {
    req.on('response', (res) => {
      let body = ''
      res.on('data', (d) => (body += d))
      res.on('end', () => resolve({ res, body }))
      res.on('error', (error) => resolve({ error }))
    })
    req.on('error', (error) => resolve({ error }))
  })
  const continued = new Promise<void>((resolve) => req.once('continue', () => resolve()))
  req.flushHeaders()
  await continued
  return { req, outcome }
}

async function refusesNewConnections(port: number): Promise<boolean> {
  for (let i = 0; i < 300; i++) {
    if (!(await accepts(port))) return true
    await new Promise((r) => setTimeout(r, 100))
  }
  return false
}

describe('graceful shutdown of npm start', () => {
  it('without a drain, refuses new connections at once, answers the request in flight, then exits 0', async () => {
    const { port, origin, started } = await startServer({ SHUTDOWN_DRAIN_SECONDS: '0' })
    const { req, outcome } = await requestInFlight(origin)
    started.child.kill('SIGTERM')

    expect(await refusesNewConnections(port)).toBe(true)
    expect(started.child.exitCode).toBeNull() // still waiting for our request

    req.end(BODY)
    const { res, body, error } = await outcome
    expect(error).toBeUndefined()
    // Anonymous writes are refused: the request ran to its end on a server that is stopping.
    expect(res!.statusCode).toBe(401)
    expect(JSON.parse(body!)).toMatchObject({ code: 'rest_forbidden', data: { status: 401 } })

    expect((await started.exited).code).toBe(0)
    expect(started.output()).toMatch(/SIGTERM: no longer accepting connections/)
    expect(started.output()).toMatch(/Stopped/)
  })

  it('cuts a request that does not finish within SHUTDOWN_TIMEOUT_SECONDS and still exits 0', async () => {
    const { origin, started } = await startServer({ SHUTDOWN_TIMEOUT_SECONDS: '1', SHUTDOWN_DRAIN_SECONDS: '0' })
    const { outcome } = await requestInFlight(origin)
    started.child.kill('SIGTERM')
    const { res, error } = await outcome
    expect(res).toBeUndefined()
    expect(error?.message).toMatch(/socket hang up|ECONNRESET/)
    expect((await started.exited).code).toBe(0)
    expect(started.output()).toMatch(/Shutdown timeout: closing the remaining connections/)
  })
})

/** A connection to the server (the kernel accepted it; the server may not have yet). */
function connection(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' })
    socket.once('connect', () => resolve(socket))
    socket.once('error', reject)
  })
}

/** Everything the server sends on the socket until it closes it, or the error that ended it (a reset). */
function whatComesBack(socket: Socket): Promise<{ text: string; error?: string }> {
  let text = ''
  socket.on('data', (d: Buffer) => (text += d.toString('latin1')))
  return new Promise((resolve) => {
    socket.once('error', (error: NodeJS.ErrnoException) => resolve({ text, error: error.code ?? error.message }))
    socket.once('close', () => resolve({ text }))
  })
}

const statusOf = (answer: string) => /^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]

describe.each([1, 2])('the drain on SIGTERM, %i server process(es)', (processes) => {
  it('answers every request written in full before the signal, /readyz 503 and Connection: close meanwhile, then closes and exits 0', async () => {
    const { port, origin, started } = await startServer({ SHUTDOWN_DRAIN_SECONDS: '8', WEB_CONCURRENCY: String(processes) })
    // /healthz answers once one worker listens; the signal is for a pool whose every worker is up.
    for (let i = 0; i < 1200 && !/Calendar ready on/.test(started.output()); i++) await new Promise((r) => setTimeout(r, 100))
    expect(started.output()).toMatch(/Calendar ready on/)
    const listUrl = '/wp-json/calendar/events/v1/events?per_page=50'
    // Sixteen connections, each with a whole request written (keep-alive: the server decides when they close).
    const sockets = await Promise.all(Array.from({ length: 16 }, () => connection(port)))
    const answers = sockets.map(whatComesBack)
    for (const socket of sockets) socket.write(`GET ${listUrl} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`)
    started.child.kill('SIGTERM')

    // During the drain: still accepting, not ready, and every answer closes its connection.
    const draining = /SIGTERM: draining for 8 s/g
    for (let i = 0; i < 200 && (started.output().match(draining) ?? []).length < processes; i++) await new Promise((r) => setTimeout(r, 50))
    expect((started.output().match(draining) ?? []).length).toBe(processes)
    const ready = await fetch(`${origin}/readyz`)
    expect(ready.status).toBe(503)
    expect(await ready.json()).toEqual({ status: 'unavailable', reason: 'shutting-down' })
    expect(ready.headers.get('connection')).toBe('close')
    const late = await fetch(`${origin}${listUrl}`)
    expect(late.status).toBe(200)
    expect(late.headers.get('connection')).toBe('close')

    const outcomes = await Promise.all(answers)
    expect(outcomes).toHaveLength(16)
    for (const outcome of outcomes) {
      expect(outcome.error).toBeUndefined()
      expect(statusOf(outcome.text)).toBe('200')
    }
    expect(await refusesNewConnections(port)).toBe(true)
    expect((await started.exited).code).toBe(0)
    expect(started.output()).toMatch(/SIGTERM: no longer accepting connections/)
  })
})
