// SIGTERM to `npm start` while a request is in flight: the listening socket closes at once, the
// request still gets its answer, then the process exits 0. A request that never finishes is cut
// after SHUTDOWN_TIMEOUT_SECONDS and the process still exits 0.
import { afterEach, describe, expect, it, jest } from '@jest/globals'
import { type ClientRequest, type IncomingMessage, request } from 'node:http'
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
  it('refuses new connections at once, answers the request in flight, then exits 0', async () => {
    const { port, origin, started } = await startServer()
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
    const { origin, started } = await startServer({ SHUTDOWN_TIMEOUT_SECONDS: '1' })
    const { outcome } = await requestInFlight(origin)
    started.child.kill('SIGTERM')
    const { res, error } = await outcome
    expect(res).toBeUndefined()
    expect(error?.message).toMatch(/socket hang up|ECONNRESET/)
    expect((await started.exited).code).toBe(0)
    expect(started.output()).toMatch(/Shutdown timeout: closing the remaining connections/)
  })
})
