// Sign-in limits shared through the database: two servers started as in production (npm start) on one
// database, as behind a load balancer. Failures through one lock the (account, address) pair on the
// other; a restarted server still refuses; users:list shows the lock and users:unlock (as a process)
// lifts it. Clients connect from their own loopback source addresses, so the servers see them apart.
import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals'
import { env } from '../../src/env.js'
import { runCli } from '../helpers/runCli.js'
import { freePort, killGroup, npm, operatorEnv, type Started, tempDir, waitUntilAnswers } from '../helpers/serverProcess.js'
import { createTestDatabase, type TestDatabase } from '../helpers/testDatabase.js'

jest.setTimeout(900_000)

const ATTACKER = '127.0.0.7'
const OWNER = '127.0.0.8'
const MAX_FAILURES = 10
const data = tempDir('calendar-shared-locks-')
let database: TestDatabase | undefined
let settings: Record<string, string> = {}
const servers: Array<{ started: Started; origin: string; port: number }> = []
let appPassword = ''

async function startServer(port: number): Promise<{ started: Started; origin: string; port: number }> {
  const origin = `http://127.0.0.1:${port}`
  const started = npm(['start'], operatorEnv({ ...settings, PORT: String(port), SITE_URL: origin }))
  await waitUntilAnswers(`${origin}/healthz`, started)
  return { started, origin, port }
}

async function stopServer(server: { started: Started }): Promise<void> {
  process.kill(-server.started.child.pid!, 'SIGTERM')
  await server.started.exited
}

const cli = (...args: string[]) => runCli(args, undefined, settings)

/** A request from `source` (a loopback address); answers status and parsed body. */
function from(source: string, method: string, url: string, headers: Record<string, string> = {}, body?: unknown): Promise<{ status: number; retryAfter: number; body: any }> {
  const payload = body === undefined ? undefined : JSON.stringify(body)
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, localAddress: source, headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) } }, (res) => {
      let text = ''
      res.on('data', (c) => (text += c))
      res.on('end', () => {
        let parsed: unknown = text
        try {
          parsed = JSON.parse(text)
        } catch {
          // keep the text
        }
        resolve({ status: res.statusCode ?? 0, retryAfter: Number(res.headers['retry-after'] ?? 0), body: parsed })
      })
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end(payload)
  })
}

const basic = (password: string) => ({ authorization: `Basic ${Buffer.from(`shared:${password}`).toString('base64')}` })
const namespace = (server: { origin: string }, source: string, password: string) => from(source, 'GET', `${server.origin}${env.REST_PREFIX}/calendar/events/v1/`, basic(password))
const login = (server: { origin: string }, source: string, password: string) =>
  from(source, 'POST', `${server.origin}/api/users/login`, {}, { email: 'shared@example.org', password })
const signInColumn = async (): Promise<string> => {
  const list = await cli('users:list')
  expect(list.code).toBe(0)
  const row = list.stdout.split('\n').find((line) => /^\d+\s+shared\s/.test(line))
  expect(row).toBeDefined()
  return row!.split(/\s+/).slice(5).join(' ')
}

beforeAll(async () => {
  // The lane's database: the embedded one in DATA_DIR, or a fresh PostgreSQL database.
  if (env.TEST_DATABASE === 'postgres') database = await createTestDatabase()
  settings = { DATA_DIR: data.dir, HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...(database ? { DATABASE_URI: database.uri } : {}) }
  const [portA, portB] = [await freePort(), await freePort()]
  // One after the other: the first runs the migrations.
  servers.push(await startServer(portA))
  servers.push(await startServer(portB))
  const created = await cli('users:create', '--email', 'shared@example.org', '--username', 'shared', '--password', 'shared login password', '--role', 'editor')
  expect(created.code).toBe(0)
  const made = await cli('app-passwords:create', '--user', 'shared', '--name', 'shared')
  expect(made.code).toBe(0)
  appPassword = made.stdout.trim().split('\n').pop()!
})
afterAll(() => {
  for (const server of servers) killGroup(server.started)
  data.remove()
})

describe('two servers on one database', () => {
  it('both accept the right password at first', async () => {
    const [a, b] = servers as [(typeof servers)[0], (typeof servers)[0]]
    expect((await namespace(a, ATTACKER, appPassword)).status).toBe(200)
    expect((await namespace(b, ATTACKER, appPassword)).status).toBe(200)
    expect(await signInColumn()).toBe('ok')
  })

  it('wrong application passwords sent to one server lock the pair on the other at once; the owner elsewhere gets in', async () => {
    const [a, b] = servers as [(typeof servers)[0], (typeof servers)[0]]
    // Spread over both servers: each alone sees half, the database counts them all.
    for (let i = 0; i < MAX_FAILURES; i++) expect((await namespace(i % 2 ? b : a, ATTACKER, `wrong ${i}`)).status).toBe(401)
    for (const server of [a, b]) {
      const locked = await namespace(server, ATTACKER, appPassword)
      expect(locked.status).toBe(429)
      expect(locked.retryAfter).toBeGreaterThan(0)
      expect(locked.retryAfter).toBeLessThanOrEqual(600)
    }
    expect((await namespace(b, OWNER, appPassword)).status).toBe(200)
    expect((await login(a, OWNER, 'shared login password')).status).toBe(200)
    expect(await signInColumn()).toMatch(new RegExp(`^locked from ${ATTACKER.replace(/\./g, '\\.')} until \\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ$`))
  })

  it('a restarted server still refuses the locked pair', async () => {
    const b = servers[1]!
    await stopServer(b)
    servers[1] = await startServer(b.port)
    expect((await namespace(servers[1], ATTACKER, appPassword)).status).toBe(429)
  })

  it('users:unlock --user lifts the lock on every server; the right passwords work again and the count starts afresh', async () => {
    const unlocked = await cli('users:unlock', '--user', 'shared')
    expect(unlocked.code).toBe(0)
    expect(unlocked.stdout).toMatch(/^Lifted the sign-in limits of shared <shared@example.org> \(ID \d+\) from every address \([1-9]\d* counters? removed\)\.$/m)
    expect(await signInColumn()).toBe('ok')
    for (const server of servers) {
      expect((await namespace(server, ATTACKER, appPassword)).status).toBe(200)
      expect((await login(server, ATTACKER, 'shared login password')).status).toBe(200)
    }
    // Nine more failures do not lock: the unlocked pair counts from zero.
    for (let i = 0; i < MAX_FAILURES - 1; i++) expect((await namespace(servers[i % 2]!, ATTACKER, `again ${i}`)).status).toBe(401)
    expect((await namespace(servers[0]!, ATTACKER, appPassword)).status).toBe(200)
  })

  it('Payload logins failed on one server lock the pair on the other; users:unlock --address lifts one address only; no flag at all is a one-line error', async () => {
    for (const source of [ATTACKER, OWNER]) for (let i = 0; i < MAX_FAILURES; i++) expect((await login(servers[0]!, source, `wrong ${source} ${i}`)).status).toBe(401)
    expect(await signInColumn()).toMatch(/^locked from 127\.0\.0\.7,127\.0\.0\.8 until /)
    const one = await cli('users:unlock', '--user', 'shared@example.org', '--address', OWNER)
    expect(one.code).toBe(0)
    expect(one.stdout).toMatch(/from 127\.0\.0\.8 \(1 counter removed\)\./)
    expect((await login(servers[1]!, OWNER, 'shared login password')).status).toBe(200)
    const locked = await login(servers[1]!, ATTACKER, 'shared login password')
    expect(locked.status).toBe(429)
    expect(locked.body.errors[0].message).toMatch(/Too many failed sign-in attempts/)
    expect(await signInColumn()).toMatch(/^locked from 127\.0\.0\.7 until /)
    const none = await cli('users:unlock')
    expect(none.code).toBe(1)
    expect(none.stderr.trim()).toBe('Error: give --user U, --address A, or both')
  })
})
