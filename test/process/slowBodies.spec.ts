// A client that drips its body (one byte at a time) held its connection for Node's default request
// timeout, 300 s. `npm start` now cuts a request that is not wholly sent within REQUEST_TIMEOUT_SECONDS
// with 408 and closes the connection; other clients are served meanwhile.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals'
import { connect } from 'node:net'
import { freePort, killGroup, npm, operatorEnv, type Started, tempDir, waitUntilAnswers } from '../helpers/serverProcess.js'

jest.setTimeout(600_000)

const data = tempDir('calendar-slow-')
let started: Started
let port = 0
let origin = ''

beforeAll(async () => {
  port = await freePort()
  origin = `http://127.0.0.1:${port}`
  started = npm(['start'], operatorEnv({ DATA_DIR: data.dir, PORT: String(port), SITE_URL: origin, REQUEST_TIMEOUT_SECONDS: '2', SHUTDOWN_DRAIN_SECONDS: '0' }))
  await waitUntilAnswers(`${origin}/healthz`, started)
})
afterAll(() => {
  killGroup(started)
  data.remove()
})

describe('REQUEST_TIMEOUT_SECONDS', () => {
  it('answers 408 and closes a connection whose body drips in, long before the body is complete', async () => {
    const BODY_BYTES = 200
    const socket = connect({ port, host: '127.0.0.1' })
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject))
    let answer = ''
    let closed = false
    socket.on('data', (d: Buffer) => (answer += d.toString('latin1')))
    const ended = new Promise<void>((resolve) =>
      socket.once('close', () => {
        closed = true
        resolve()
      }),
    )
    socket.on('error', () => {})
    socket.write(
      `POST /wp-json/calendar/events/v1/events HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${BODY_BYTES}\r\n\r\n`,
    )
    // One byte every 100 ms: the whole body would take 20 s; bounded by the byte count, not by a clock.
    let sent = 0
    while (sent < BODY_BYTES && !closed) {
      socket.write(' ')
      sent++
      await new Promise((r) => setTimeout(r, 100))
    }
    await ended
    expect(sent).toBeLessThan(BODY_BYTES)
    expect(answer).toMatch(/^HTTP\/1\.1 408 /)
    // The server still serves.
    expect((await fetch(`${origin}/healthz`)).status).toBe(200)
  })
})
