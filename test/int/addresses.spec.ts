import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { env } from '../../src/env.js'
import { rawRequest } from '../helpers/rawHttp.js'
import { type EdgeServer, freePort, startEdgeServer } from '../helpers/startEdgeServer.js'

// SITE_URL names localhost; the operator also reaches the server at 127.0.0.1 (SERVER_ORIGINS), and
// the public pages live on another site (the URL patterns).
let server: EdgeServer
let port: number
let loopback: string
let site: string
beforeAll(async () => {
  port = await freePort()
  loopback = `http://127.0.0.1:${port}`
  site = `http://localhost:${port}`
  server = await startEdgeServer({
    PORT: String(port),
    SITE_URL: site,
    SERVER_ORIGINS: loopback,
    EVENT_URL_PATTERN: 'https://www.example.test/agenda/{slug}-{id}.html',
    VENUE_URL_PATTERN: 'https://www.example.test/places/{id}/',
  })
}, 240_000)
afterAll(async () => {
  await server?.stop()
})

/** Signs in through /api as the admin does and returns the session cookie. */
async function signIn(origin: string): Promise<string> {
  const res = await rawRequest(`${loopback}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email: server.email, password: server.password }),
  })
  expect(res.status).toBe(200)
  const cookie = (res.headers['set-cookie'] ?? []).find((c) => c.startsWith('payload-token='))
  expect(cookie).toBeDefined()
  return cookie!.split(';')[0]!
}

function save(origin: string, cookie: string, title: string) {
  return rawRequest(`${loopback}/api/events/${server.eventId}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', cookie, origin },
    body: JSON.stringify({ title }),
  })
}

describe('the admin from every address the operator names', () => {
  it('accepts a cookie-authenticated save from an origin in SERVER_ORIGINS (and from SITE_URL)', async () => {
    const cookie = await signIn(loopback)
    const fromLoopback = await save(loopback, cookie, 'Saved from 127.0.0.1')
    expect(fromLoopback.status).toBe(200)
    expect(JSON.parse(fromLoopback.body.toString()).doc.title).toBe('Saved from 127.0.0.1')
    const fromSite = await save(site, cookie, 'Saved from localhost')
    expect(fromSite.status).toBe(200)
  })

  it('refuses the same cookie from an origin nobody named', async () => {
    const cookie = await signIn(loopback)
    const stranger = `http://127.0.0.1:${port === 65535 ? port - 1 : port + 1}`
    const res = await save(stranger, cookie, 'Saved from elsewhere')
    expect(res.status).toBe(403)
    expect(JSON.parse(res.body.toString()).errors[0].message).toBe('You are not allowed to perform this action.')
    const me = await rawRequest(`${loopback}/api/users/me`, { headers: { cookie, origin: stranger } })
    expect(JSON.parse(me.body.toString()).user).toBeNull()
  })
})

describe('the front end’s addresses and the API’s own', () => {
  it('builds url, the website fallback and json_ld.url from EVENT_URL_PATTERN, rest_url from SITE_URL', async () => {
    const api = `${loopback}${env.REST_PREFIX}/calendar/events/v1`
    const res = await rawRequest(`${api}/events/${server.eventId}`)
    expect(res.status).toBe(200)
    const event = JSON.parse(res.body.toString())
    const page = `https://www.example.test/agenda/${event.slug}-${server.eventId}.html`
    expect(event.slug).toMatch(/^saved-from|^edge-event/)
    expect(event.url).toBe(page)
    expect(event.website).toBe(page)
    expect(event.json_ld.url).toBe(page)
    expect(event.rest_url).toBe(`${site}${env.REST_PREFIX}/calendar/events/v1/events/${server.eventId}`)
    expect(res.headers.link).toBe(`<${site}${env.REST_PREFIX}/>; rel="https://api.w.org/"`)
    // Payload has no serverURL, so it gives media paths; the wire keeps absolute URLs on SITE_URL.
    expect(event.image.url).toMatch(new RegExp(`^${site}/api/media/file/edge[^/]*\\.png$`))
    const file = await rawRequest(event.image.url.replace(site, loopback))
    expect(file.status).toBe(200)
  })

  it('builds venue urls from VENUE_URL_PATTERN and keeps the default organizer form on SITE_URL', async () => {
    const api = `${loopback}${env.REST_PREFIX}/calendar/events/v1`
    const basic = `Basic ${Buffer.from(`${server.login}:${server.appPassword}`).toString('base64')}`
    const venue = await rawRequest(`${api}/venues`, {
      method: 'POST',
      headers: { authorization: basic, 'content-type': 'application/json' },
      body: JSON.stringify({ venue: 'Address Hall', status: 'publish' }),
    })
    expect(venue.status).toBe(201)
    const venueBody = JSON.parse(venue.body.toString())
    expect(venueBody.url).toBe(`https://www.example.test/places/${venueBody.id}/`)
    const organizer = await rawRequest(`${api}/organizers`, {
      method: 'POST',
      headers: { authorization: basic, 'content-type': 'application/json' },
      body: JSON.stringify({ organizer: 'Address Org', status: 'publish' }),
    })
    expect(organizer.status).toBe(201)
    const organizerBody = JSON.parse(organizer.body.toString())
    expect(organizerBody.url).toBe(`${site}/organizer/${organizerBody.slug}/`)
  })
})
