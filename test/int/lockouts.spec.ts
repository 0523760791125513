// Failed sign-ins lock the (account, address) pair and, after more, the address; never the account for
// everyone. Clients really connect from different loopback addresses (127.0.0.x source addresses,
// no proxy header trusted), so the server sees them as the network would.
import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { CLIENT_ADDRESS_HEADER } from '../../collections/auth/clientAddress.js'
import { signInLimits } from '../../collections/auth/signInLimits.js'
import { createActors, type Actor } from '../helpers/actors.js'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'
import { servePayloadApi, type PayloadApi } from '../helpers/payloadApi.js'

let app: TestApp
let api: PayloadApi
let admin: Actor
const passwords: Record<string, string> = {}

interface Answer {
  status: number
  headers: http.IncomingHttpHeaders
  body: any
}

/** A request sent from `source` (a loopback address) to the test server. */
function from(source: string, method: string, url: string, headers: Record<string, string> = {}, body?: unknown): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body)
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, localAddress: source, headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8')
        let parsed: unknown = text
        try {
          parsed = text ? JSON.parse(text) : undefined
        } catch {
          // keep the text
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: parsed })
      })
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end(payload)
  })
}

const basic = (login: string, password: string) => ({ authorization: `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}` })
const namespace = (source: string, login: string, password: string, extra: Record<string, string> = {}) =>
  from(source, 'GET', `${api.origin}${app.api.slice(app.origin.length)}/`, { ...basic(login, password), ...extra })
const login = (source: string, email: string, password: string) => from(source, 'POST', `${api.origin}/api/users/login`, {}, { email, password })

async function appPassword(user: string): Promise<string> {
  const found = await app.payload.find({ collection: 'users', where: { username: { equals: user } }, overrideAccess: true })
  const res = await api.request('POST', '/api/app-passwords', { body: { name: 'lockouts', user: found.docs[0]!.id }, headers: admin.headers })
  expect(res.status).toBe(201)
  return res.body.doc.password
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

async function timed(run: () => Promise<Answer>, expected: number): Promise<number> {
  const start = process.hrtime.bigint()
  const res = await run()
  const ms = Number(process.hrtime.bigint() - start) / 1e6
  expect(res.status).toBe(expected)
  return ms
}

beforeAll(async () => {
  app = await initTestApp()
  api = await servePayloadApi(app)
  admin = (await createActors(app, 'lock')).administrator
  for (const name of ['owner', 'sprayed', 'spoofed', 'timed']) {
    await app.payload.create({
      collection: 'users',
      data: { email: `${name}@example.org`, username: name, password: `${name} login password`, role: 'author' },
      overrideAccess: true,
    })
    passwords[name] = await appPassword(name)
  }
  // One account per timed login attempt: no lock of any kind may shorten a known account's answer.
  for (let i = 0; i < 20; i++) {
    await app.payload.create({
      collection: 'users',
      data: { email: `timed-${i}@example.org`, username: `timed-${i}`, password: 'a login password', role: 'subscriber' },
      overrideAccess: true,
    })
  }
  await signInLimits.clear()
}, 300_000)

afterAll(async () => {
  await api?.close()
  await app?.close()
})

describe('application passwords', () => {
  it('wrong guesses from one address lock that address out of the account; the owner elsewhere still gets in', async () => {
    const { maxFailures } = signInLimits.byPair.limits
    for (let i = 0; i < maxFailures; i++) expect((await namespace('127.0.0.2', 'owner', `wrong ${i}`)).status).toBe(401)
    const attacker = await namespace('127.0.0.2', 'owner', passwords.owner!)
    expect(attacker.status).toBe(429)
    expect(Number(attacker.headers['retry-after'])).toBeGreaterThan(0)
    expect((await namespace('127.0.0.1', 'owner', passwords.owner!)).status).toBe(200)
    // Payload's /api too: the owner is signed in, the locked address is anonymous.
    const me = (source: string) => from(source, 'GET', `${api.origin}/api/users/me`, basic('owner', passwords.owner!))
    expect((await me('127.0.0.1')).body.user?.username).toBe('owner')
    expect((await me('127.0.0.2')).body.user ?? null).toBeNull()
  }, 120_000)

  it('an address that fails on many accounts is locked for all of them, other addresses are not', async () => {
    const { maxFailures } = signInLimits.byAddress.limits
    for (let i = 0; i < maxFailures; i++) expect((await namespace('127.0.0.3', `guess-${i}`, 'password')).status).toBe(401)
    expect((await namespace('127.0.0.3', 'sprayed', passwords.sprayed!)).status).toBe(429)
    expect((await namespace('127.0.0.1', 'sprayed', passwords.sprayed!)).status).toBe(200)
  }, 120_000)

  it('a client naming another address in the forwarding header is still counted by its own', async () => {
    const { maxFailures } = signInLimits.byPair.limits
    for (let i = 0; i < maxFailures; i++) {
      const res = await from('127.0.0.4', 'GET', `${api.origin}/api/users/me`, { ...basic('spoofed', `nope ${i}`), [CLIENT_ADDRESS_HEADER]: `10.9.8.${i}` })
      expect(res.body.user ?? null).toBeNull()
    }
    expect((await namespace('127.0.0.4', 'spoofed', passwords.spoofed!, { [CLIENT_ADDRESS_HEADER]: '10.1.1.1' })).status).toBe(429)
    expect((await namespace('127.0.0.1', 'spoofed', passwords.spoofed!)).status).toBe(200)
  }, 120_000)
})

describe('Payload login (/api/users/login)', () => {
  it('wrong passwords lock the (account, address) pair, not the account: the owner signs in from another address', async () => {
    const { maxFailures } = signInLimits.byPair.limits
    for (let i = 0; i < maxFailures; i++) expect((await login('127.0.0.5', 'owner@example.org', `wrong ${i}`)).status).toBe(401)
    const attacker = await login('127.0.0.5', 'owner@example.org', 'owner login password')
    expect(attacker.status).toBe(429)
    expect(attacker.body.errors[0].message).toMatch(/Too many failed sign-in attempts/)
    const owner = await login('127.0.0.1', 'owner@example.org', 'owner login password')
    expect(owner.status).toBe(200)
    expect(owner.body.user.username).toBe('owner')
  }, 180_000)
})

describe('unknown and known accounts answer in the same time', () => {
  // Each attempt from its own address, so no limit interferes; medians of 20, interleaved.
  const ATTEMPTS = 20

  it('Payload login: unknown e-mail vs known e-mail with a wrong password', async () => {
    const unknown: number[] = []
    const known: number[] = []
    for (let i = 0; i < ATTEMPTS; i++) {
      unknown.push(await timed(() => login(`127.0.1.${i + 1}`, `nobody-${i}@example.org`, `guess ${i}`), 401))
      known.push(await timed(() => login(`127.0.2.${i + 1}`, `timed-${i}@example.org`, `guess ${i}`), 401))
    }
    const ratio = median(unknown) / median(known)
    expect(ratio).toBeGreaterThan(0.5)
    expect(ratio).toBeLessThan(2)
  }, 300_000)

  it('application passwords: unknown login vs known login with a wrong password', async () => {
    const unknown: number[] = []
    const known: number[] = []
    for (let i = 0; i < ATTEMPTS; i++) {
      unknown.push(await timed(() => namespace(`127.0.3.${i + 1}`, `nobody-${i}`, `guess ${i} xxxx yyyy zzzz`), 401))
      known.push(await timed(() => namespace(`127.0.4.${i + 1}`, 'timed', `guess ${i} xxxx yyyy zzzz`), 401))
    }
    const ratio = median(unknown) / median(known)
    expect(ratio).toBeGreaterThan(0.5)
    expect(ratio).toBeLessThan(2)
  }, 300_000)
})
