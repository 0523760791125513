// The plugin's settings come from its options, not from the environment: an app booted with a site
// URL, languages and a cache setting of its own answers with those (the environment's are others).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { env } from '../../src/env.js'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'

const SITE = 'https://calendar.example.net/site'
let app: TestApp
let eventId: number

beforeAll(async () => {
  app = await initTestApp({ siteUrl: SITE, locales: ['de', 'en'], cacheTtlSeconds: 0 })
  const event = await app.payload.create({
    collection: 'events',
    data: { title: 'Options concert', startDate: '2027-05-01T17:00:00Z', endDate: '2027-05-01T19:30:00Z' },
  })
  eventId = event.id as number
})
afterAll(async () => {
  await app?.close()
})

describe('settings passed to the plugin as options', () => {
  it('the environment differs from the options, so the answers below can only come from the options', () => {
    expect(env.SITE_URL).not.toBe(SITE)
    expect(env.LOCALES[0]).not.toBe('de')
    expect(env.CACHE_TTL_SECONDS).toBeGreaterThan(0)
  })

  it('siteUrl: the archive links and the global IDs are on it', async () => {
    const res = await fetch(`${app.api}/events`)
    expect(res.status).toBe(200)
    const body = (await res.json()) as { rest_url: string; events: Array<{ id: number; global_id: string }> }
    expect(body.rest_url).toMatch(new RegExp(`^${SITE}${env.REST_PREFIX}/calendar/events/v1/events`))
    const event = body.events.find((e) => e.id === eventId)
    expect(event?.global_id).toBe(`calendar.example.net/site?id=${eventId}`)
  })

  it('locales: the first is the default (no segment), the others are mounted with theirs; others are unknown', async () => {
    const english = await fetch(`${app.origin}/en${env.REST_PREFIX}/calendar/events/v1/events`)
    expect(english.status).toBe(200)
    expect(((await english.json()) as { rest_url: string }).rest_url).toMatch(new RegExp(`^${SITE}/en${env.REST_PREFIX}/`))
    const german = await fetch(`${app.origin}/de${env.REST_PREFIX}/calendar/events/v1/events`)
    expect(((await german.json()) as { rest_url: string }).rest_url).toMatch(new RegExp(`^${SITE}${env.REST_PREFIX}/`))
    const french = await fetch(`${app.origin}/fr${env.REST_PREFIX}/calendar/events/v1/events`)
    expect(french.status).toBe(404)
    expect(((await french.json()) as { code: string }).code).toBe('rest_no_route')
  })

  it('cacheTtlSeconds 0: anonymous answers are never stored nor replayed', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${app.api}/?probe=options`)
      expect(res.status).toBe(200)
      expect(res.headers.get('x-cache')).toBeNull()
    }
  })
})
