// First: SITE_URL on a port that forwards to the app, so every `url` the API gives can be fetched.
import { siteUrlProxy } from '../helpers/siteUrlPort.js'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { seedDemoCalendar } from '../../src/commands/demo/seedDemoCalendar.js'
import { env } from '../../src/env.js'
import { ownPagePath } from '../../src/publicPages/publicPagesRouter.js'
import { apiClient } from '../helpers/http.js'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'

let app: TestApp
let api: ReturnType<typeof apiClient>
const hidden: Record<string, string> = {}
let demo: { id: number; title: string; password: string }

const event = (title: string, data: Record<string, unknown>) =>
  app.payload.create({
    collection: 'events',
    data: { title, startDate: '2027-06-10T23:00:00.000Z', endDate: '2027-06-11T02:00:00.000Z', timezone: 'America/New_York', ...data },
    overrideAccess: true,
  } as never) as unknown as Promise<{ id: number; slug: string }>

beforeAll(async () => {
  app = await initTestApp()
  await siteUrlProxy.to(app.origin)
  api = apiClient(app.api)
  demo = (await seedDemoCalendar(app.payload, { seed: 7, events: 12 })).protectedEvent
  // Posts the namespace does not show anonymous callers: their slug paths must not answer either.
  hidden.draft = (await event('Draft party', { status: 'draft' })).slug
  hidden.private = (await event('Private party', { status: 'private' })).slug
  const trashed = await event('Trashed party', { status: 'publish' })
  await app.payload.update({ collection: 'events', id: trashed.id, data: { deletedAt: new Date().toISOString() } as never, overrideAccess: true, trash: true } as never)
  hidden.trashed = trashed.slug
}, 300_000)

afterAll(async () => {
  await app?.close()
  await siteUrlProxy.close()
})

/** Every `url` of one list answer, fetched over HTTP as a browser would. */
async function pagesOf(path: string, key: string) {
  const res = await api.get(path)
  expect(res.status).toBe(200)
  const items = res.body[key] as Array<{ id: number; url: string; json_ld?: unknown }>
  expect(items.length).toBeGreaterThan(0)
  const answers: Array<{ id: number; url: string; status: number; type: string | null; html: string; headers: Headers }> = []
  for (const item of items) {
    expect(item.url.startsWith(`${env.SITE_URL}/`)).toBe(true)
    const page = await fetch(item.url)
    answers.push({ id: item.id, url: item.url, status: page.status, type: page.headers.get('content-type'), html: await page.text(), headers: page.headers })
  }
  return answers
}

const jsonLdOf = (html: string) => {
  const m = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)
  return m ? JSON.parse(m[1]!) : undefined
}

describe('public pages at the API\'s own urls', () => {
  it('every event url of a list answers 200 with an HTML page whose JSON-LD is the single read\'s json_ld', async () => {
    const pages = await pagesOf('/events?per_page=50', 'events')
    expect(pages.map((p) => [p.url, p.status])).toEqual(pages.map((p) => [p.url, 200]))
    for (const page of pages) {
      expect(page.type).toMatch(/^text\/html/)
      const single = await api.get(`/events/${page.id}`)
      expect(jsonLdOf(page.html)).toEqual(single.body.json_ld)
      expect(page.html).toContain(`<h1>`)
      expect(page.html).toMatch(/<html lang="[a-z]{2}/)
      expect(page.headers.get('x-tec-api-version')).toBe('v1')
      expect(page.headers.get('x-tec-api-root')).toBe(`${env.SITE_URL}${env.REST_PREFIX}/calendar/events/v1/events/${page.id}`)
    }
  })

  it('every venue and organizer url of a list answers 200', async () => {
    for (const [path, key] of [['/venues?per_page=50', 'venues'], ['/organizers?per_page=50', 'organizers']] as const) {
      const pages = await pagesOf(path, key)
      expect(pages.map((p) => [p.url, p.status, p.type?.split(';')[0]])).toEqual(pages.map((p) => [p.url, 200, 'text/html']))
      for (const page of pages) expect(jsonLdOf(page.html)).toBeTruthy()
    }
  })

  it('shows the dates in the event\'s zone and its venue', async () => {
    const { body } = await api.get('/events?per_page=1')
    const first = body.events[0]
    const html = await (await fetch(first.url)).text()
    expect(html).toContain(first.start_date.slice(0, 16))
    expect(html).toContain(first.timezone)
    if (!Array.isArray(first.venue)) expect(html).toContain(first.venue.venue.replace(/&/g, '&amp;'))
  })

  it('a password-protected event shows what the list shows (no description, no JSON-LD) until ?password= matches', async () => {
    const unlocked = await api.get(`/events/${demo.id}?password=${encodeURIComponent(demo.password)}`)
    expect(unlocked.status).toBe(200)
    const secret = String(unlocked.body.description).replace(/<[^>]+>/g, '').trim().slice(0, 40)
    expect(secret.length).toBeGreaterThan(10)
    const url = unlocked.body.url as string
    const locked = await fetch(url)
    expect(locked.status).toBe(200)
    const html = await locked.text()
    expect(html).toContain('This content is password protected.')
    expect(html).not.toContain(secret)
    expect(jsonLdOf(html)).toBeUndefined()
    expect(await (await fetch(`${url}?password=nope`)).text()).not.toContain(secret)
    const open = await fetch(`${url}?password=${encodeURIComponent(demo.password)}`)
    expect(open.status).toBe(200)
    expect(open.headers.get('cache-control')).toMatch(/private/)
    const openHtml = await open.text()
    expect(openHtml).toContain(secret)
    expect(jsonLdOf(openHtml)).toEqual(unlocked.body.json_ld)
  })

  it.each(['draft', 'private', 'trashed'])('a %s event has no page (404)', async (kind) => {
    expect(hidden[kind]).toBeTruthy()
    const res = await fetch(`${env.SITE_URL}/event/${hidden[kind]}/`)
    expect(res.status).toBe(404)
    expect(await res.text()).not.toContain('party')
  })

  it('unknown and hostile slugs are 404, never 500', async () => {
    for (const slug of ['no-such-event', '%00', 'a'.repeat(300), '%E2%80%AE', "'%20OR%201=1--"]) {
      const res = await fetch(`${env.SITE_URL}/event/${slug}/`)
      expect([slug, res.status]).toEqual([slug, 404])
    }
  })

  it('is cached like the namespace: public revalidation, ETag and 304', async () => {
    const { body } = await api.get('/events?per_page=1')
    const first = await fetch(body.events[0].url)
    expect(first.status).toBe(200)
    expect(first.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate')
    const etag = first.headers.get('etag')
    expect(etag).toBeTruthy()
    const again = await fetch(body.events[0].url, { headers: { 'if-none-match': etag! } })
    expect(again.status).toBe(304)
  })

  it('sends a stored page with the discovery headers it was built with', async () => {
    const { body } = await api.get('/venues?per_page=1')
    const [first, stored] = [await fetch(body.venues[0].url), await fetch(body.venues[0].url)]
    for (const name of ['x-tec-api-version', 'x-tec-api-root', 'x-tec-api-origin', 'etag', 'content-type', 'cache-control']) {
      expect([name, stored.headers.get(name)]).toEqual([name, first.headers.get(name)])
    }
    expect(first.headers.get('x-tec-api-root')).toBe(`${env.SITE_URL}${env.REST_PREFIX}/calendar/events/v1/events/?venue=${body.venues[0].id}`)
    expect(await stored.text()).toBe(await first.text())
    const missing = await fetch(`${env.SITE_URL}/event/no-such-event/`)
    expect([missing.status, missing.headers.get('x-tec-api-root')]).toEqual([404, null])
  })

  it('escapes markup in titles', async () => {
    const doc = await event('<script>alert(1)</script> & friends', { status: 'publish' })
    const res = await fetch(`${env.SITE_URL}/event/${doc.slug}/`)
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).not.toContain('<script>alert(1)</script>')
  })
})

describe('ownPagePath', () => {
  it('serves only patterns on this server', () => {
    expect(ownPagePath('https://ex.org/event/{slug}/', 'https://ex.org', [])).toBe('/event/:slug/')
    expect(ownPagePath('https://int.example/e/{id}', 'https://ex.org', ['https://int.example'])).toBe('/e/:id')
    expect(ownPagePath('https://www.elsewhere.org/event/{slug}/', 'https://ex.org', [])).toBeUndefined()
  })
})
