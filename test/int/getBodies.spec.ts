import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { eventPasswordLimits } from '../../collections/auth/eventPasswordLimits.js'
import { env } from '../../src/env.js'
import { createEvent } from '../helpers/fixtures.js'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'
import { rawRequest, type RawResponse } from '../helpers/rawHttp.js'

// GETs that carry their parameters in a body (attack findings F1): WordPress reads a JSON body on every
// method and a form body only on writes, and the response cache must never give one request's answer
// to another request of a different meaning. A password, in the query or in a body, is never stored.

const PASSWORD = 'copper-harbour-239'
const SECRET = 'Oysters at the harbour master'

let app: TestApp
let gala: number
/** The three mounts of the namespace: the default, the tribe alias and a language segment. */
let mounts: string[]

beforeAll(async () => {
  app = await initTestApp()
  mounts = [app.api, `${app.origin}${env.REST_PREFIX}/tribe/events/v1`, `${app.origin}/${env.LOCALES[1] ?? 'fr'}${env.REST_PREFIX}/calendar/events/v1`]
  gala = await createEvent(app.payload, 'Harbour Gala', { password: PASSWORD, cost: '3000', excerpt: SECRET })
  await createEvent(app.payload, 'Web Accessibility Workshop')
  for (let i = 1; i <= 4; i++) await createEvent(app.payload, `Harbour concert ${i}`)
}, 120_000)
afterAll(async () => {
  await eventPasswordLimits.clear(app.payload)
  await app?.close()
})

type Body = { json?: unknown; form?: string; chunked?: boolean }

/** A GET as curl sends it with -X GET -d: a body, Content-Length unless chunked. */
function get(url: string, body?: Body): Promise<RawResponse> {
  if (!body) return rawRequest(url)
  const text = body.json !== undefined ? JSON.stringify(body.json) : body.form!
  const headers: Record<string, string> = { 'content-type': body.json !== undefined ? 'application/json' : 'application/x-www-form-urlencoded' }
  if (body.chunked) headers['transfer-encoding'] = 'chunked'
  else headers['content-length'] = String(Buffer.byteLength(text))
  return rawRequest(url, { headers, body: text })
}

const json = (res: RawResponse) => JSON.parse(res.body.toString('utf8'))
const galaOf = (res: RawResponse) => (json(res).events as Array<{ id: number; excerpt: string }>).find((e) => e.id === gala)

describe('a GET with a JSON body', () => {
  it('is read as WordPress reads it, never stored, and never unlocks the event for the next caller (every mount)', async () => {
    let checked = 0
    for (const base of mounts) {
      for (const chunked of [false, true]) {
        const unlocked = await get(`${base}/events/${gala}`, { json: { password: PASSWORD }, chunked })
        expect([base, unlocked.status, json(unlocked).excerpt]).toEqual([base, 200, `<p>${SECRET}</p>`])
        expect(unlocked.headers['x-cache']).toBeUndefined()
        expect(unlocked.headers['cache-control']).toMatch(/private/)
        // The next anonymous callers, through the pipeline and through the replay path.
        for (let i = 0; i < 3; i++) {
          const plain = await get(`${base}/events/${gala}`)
          expect([base, plain.status, json(plain).code]).toEqual([base, 403, 'event-password-protected'])
          expect(plain.body.toString()).not.toContain(SECRET)
          checked++
        }
      }
    }
    expect(checked).toBe(mounts.length * 2 * 3)
  })

  it('unlocks list items for its sender only', async () => {
    for (const base of mounts) {
      const url = `${base}/events?search=Harbour&per_page=10`
      const unlocked = await get(url, { json: { password: PASSWORD } })
      expect(unlocked.status).toBe(200)
      expect(galaOf(unlocked)?.excerpt).toBe(`<p>${SECRET}</p>`)
      expect(unlocked.headers['x-cache']).toBeUndefined()
      for (let i = 0; i < 3; i++) {
        const plain = await get(url)
        expect([base, plain.status, galaOf(plain)?.excerpt]).toEqual([base, 200, ''])
        expect(plain.headers['x-cache']).toBe(i === 0 ? 'MISS' : 'HIT')
      }
    }
  })

  it('gets its own answer even when the URL is stored and replayed, and does not replace it', async () => {
    const url = `${app.api}/events?per_page=10&probe=json`
    const front = await get(url)
    expect(json(front).events.length).toBe(6)
    // Stored, replayed once by the pipeline (recorded), then replayed before it.
    expect((await get(url)).headers['x-cache']).toBe('HIT')
    expect((await get(url)).headers['x-cache']).toBe('HIT')
    for (let i = 0; i < 5; i++) {
      const poisoned = await get(url, { json: { per_page: 1, search: 'Accessibility' } })
      expect([poisoned.status, json(poisoned).events.map((e: { title: string }) => e.title)]).toEqual([200, ['Web Accessibility Workshop']])
      expect(poisoned.headers['x-cache']).toBeUndefined()
    }
    const victim = await get(url)
    expect(victim.headers['x-cache']).toBe('HIT')
    expect(json(victim).total).toBe(6)
    expect(victim.body.equals(front.body)).toBe(true)
  })

  it('cannot fill an empty entry with its own answer (after a write or the TTL)', async () => {
    const url = `${app.api}/events?per_page=10&probe=empty`
    for (const body of [{ json: { per_page: 1, search: 'Accessibility' } }, { json: { password: PASSWORD } }, { form: 'per_page=1&search=Accessibility' }]) {
      expect((await get(url, body)).status).toBe(200)
    }
    const victim = await get(url)
    expect(victim.headers['x-cache']).toBe('MISS')
    expect(json(victim).total).toBe(6)
    expect(galaOf(victim)?.excerpt).toBe('')
  })
})

describe('a GET with a form body', () => {
  it('is ignored, as WordPress ignores form bodies on GET: the URL decides (every mount)', async () => {
    for (const base of mounts) {
      const locked = await get(`${base}/events/${gala}`, { form: `password=${PASSWORD}` })
      expect([base, locked.status, json(locked).code]).toEqual([base, 403, 'event-password-protected'])
      const list = await get(`${base}/events?per_page=10&probe=form`, { form: 'per_page=1&search=Accessibility' })
      expect([base, json(list).total, json(list).events.length]).toEqual([base, 6, 6])
      expect(list.headers['x-cache']).toBeUndefined()
      expect(galaOf(list)?.excerpt).toBe('')
    }
  })
})

describe('?password= in the query', () => {
  it('is never stored nor answered from the cache, and is private', async () => {
    const url = `${app.api}/events?search=Harbour&probe=query`
    for (let i = 0; i < 2; i++) {
      const unlocked = await get(`${url}&password=${PASSWORD}`)
      expect(galaOf(unlocked)?.excerpt).toBe(`<p>${SECRET}</p>`)
      expect(unlocked.headers['x-cache']).toBeUndefined()
      expect(unlocked.headers['cache-control']).toMatch(/private/)
    }
    expect(galaOf(await get(url))?.excerpt).toBe('')
  })
})
