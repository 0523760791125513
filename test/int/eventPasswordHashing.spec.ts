import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { eventPasswordLimits } from '../../collections/auth/eventPasswordLimits.js'
import { eventPasswordHashes } from '../../endpoints/data/unlockEvents.js'
import { pluginOptionsOf } from '../../lib/options.js'
import { createEvent } from '../helpers/fixtures.js'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'
import { rawRequest, type RawResponse } from '../helpers/rawHttp.js'

// Wrong event passwords on a list of protected events (attack findings F2): each costs an scrypt run
// per protected event. The hashes one request may cause are capped, every one of them counts against
// the client's failure limit, and they run one at a time, so compression (zlib on libuv's pool, like
// scrypt) keeps answering while a flood of guesses is checked.

const PASSWORD = 'members only 2027'
const PROTECTED = 12

let app: TestApp
let cap: number
let maxFailures: number

beforeAll(async () => {
  app = await initTestApp()
  cap = pluginOptionsOf(app.payload.config).eventPasswordMaxHashes
  maxFailures = eventPasswordLimits.limiter.limits.maxFailures
  for (let i = 1; i <= PROTECTED; i++) {
    await createEvent(app.payload, `Members evening ${i}`, { password: PASSWORD, excerpt: `Guest list ${i}` })
  }
  for (let i = 1; i <= 8; i++) await createEvent(app.payload, `Open rehearsal ${i}`, { excerpt: 'All welcome, bring your instrument and a friend.' })
}, 180_000)
beforeEach(() => eventPasswordLimits.clear(app.payload))
afterAll(async () => {
  await eventPasswordLimits.clear(app.payload)
  await app?.close()
})

const json = (res: RawResponse) => JSON.parse(res.body.toString('utf8'))
const list = (password: string) => rawRequest(`${app.api}/events?per_page=50&password=${encodeURIComponent(password)}`)
const unlockedIn = (res: RawResponse) => (json(res).events as Array<{ title: string; excerpt: string }>).filter((e) => e.title.startsWith('Members') && e.excerpt !== '').length

describe('event passwords on a list', () => {
  it('cost at most the cap in hashes per request, each counted against the address', async () => {
    expect(cap).toBeLessThan(PROTECTED)
    const before = eventPasswordHashes.count
    const first = await list('guess-1')
    expect([first.status, unlockedIn(first)]).toEqual([200, 0])
    expect(eventPasswordHashes.count - before).toBe(cap)
    // The same guess again: its known verdicts are free, the events past the cap are checked now…
    expect((await list('guess-1')).status).toBe(200)
    expect(eventPasswordHashes.count - before).toBe(PROTECTED)
    // …and then nothing is left to hash.
    expect((await list('guess-1')).status).toBe(200)
    expect(eventPasswordHashes.count - before).toBe(PROTECTED)
    // New guesses until the failures (one per hash, not per request) lock the address.
    let requests = 1
    let answer = first
    while (answer.status === 200 && requests < 40) answer = await list(`guess-${++requests}`)
    expect([answer.status, json(answer).code]).toEqual([429, 'rest_too_many_requests'])
    expect(requests).toBeLessThanOrEqual(Math.ceil(maxFailures / cap) + 1)
    expect(json(answer).message).toMatch(/^Too many wrong event passwords/)
    expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0)
    expect(eventPasswordHashes.count - before).toBe(maxFailures)
  })

  it('still unlock with the right password: past the cap on the next request, single reads as before', async () => {
    const before = eventPasswordHashes.count
    const first = await list(PASSWORD)
    expect(unlockedIn(first)).toBe(cap)
    // Verdicts already known are free: the rest are checked now.
    expect(unlockedIn(await list(PASSWORD))).toBe(PROTECTED)
    expect(eventPasswordHashes.count - before).toBe(PROTECTED)
    const [one] = json(await rawRequest(`${app.api}/events?per_page=1&search=${encodeURIComponent('Members evening 3')}`)).events
    const single = await rawRequest(`${app.api}/events/${one.id}?password=${encodeURIComponent(PASSWORD)}`)
    expect([single.status, json(single).excerpt]).toEqual([200, '<p>Guest list 3</p>'])
    expect((await rawRequest(`${app.api}/events/${one.id}?password=wrong`)).status).toBe(403)
  })

  it('keep compressed answers flowing while a flood of guesses is checked', async () => {
    const before = eventPasswordHashes.count
    let settled = 0
    const flood = Array.from({ length: 8 }, (_, i) =>
      list(`flood-${i}`).then((res) => {
        settled++
        return res
      }),
    )
    // The guesses are being hashed…
    while (eventPasswordHashes.count === before) await new Promise((resolve) => setTimeout(resolve, 5))
    // …when a browser asks for a list (a new URL: computed, then gzip on libuv's pool).
    const compressed = await rawRequest(`${app.api}/events?per_page=20&probe=flood`, { headers: { 'accept-encoding': 'gzip' } })
    const hashedMeanwhile = eventPasswordHashes.count - before
    const floodPending = flood.length - settled
    expect(compressed.status).toBe(200)
    expect(compressed.headers['content-encoding']).toBe('gzip')
    expect(JSON.parse(gunzipSync(compressed.body).toString()).events.length).toBe(20)
    const answers = await Promise.all(flood)
    const hashed = eventPasswordHashes.count - before
    // The flood's hashes are bounded by the address's failure limit, and most of them ran after the
    // compressed answer was out: it did not queue behind them.
    expect(hashed).toBe(maxFailures)
    expect(floodPending).toBeGreaterThan(0)
    expect(hashedMeanwhile).toBeLessThanOrEqual(hashed / 2)
    expect(answers.every((res) => res.status === 200 || (res.status === 429 && json(res).code === 'rest_too_many_requests'))).toBe(true)
  })
})
