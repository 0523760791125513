import { existsSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { type Browser, chromium, type Page } from 'playwright-core'
import { env } from '../../src/env.js'
import { rawRequest } from '../helpers/rawHttp.js'
import { type EdgeServer, freePort, startEdgeServer } from '../helpers/startEdgeServer.js'

// A front end on another origin, in a real browser: pages served from 127.0.0.1 call the API at
// localhost (a different origin and site). One page origin is in CORS_ORIGINS, the other is not.
const CHROMIUM = '/usr/bin/chromium'
const hasChromium = existsSync(CHROMIUM)
if (!hasChromium) {
  if (process.env.CI === 'true') throw new Error(`${CHROMIUM} is missing; install Debian's chromium (apt-get install -y chromium).`)
  process.stderr.write(`\nCross-origin browser test SKIPPED: ${CHROMIUM} is missing (apt-get install -y chromium to run it).\n\n`)
}
const describeWithChromium = hasChromium ? describe : describe.skip

const PAGE = '<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Front end</title></head><body>Front end</body></html>'

/** A static page on its own loopback origin. */
async function servePage(): Promise<{ origin: string; server: Server }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    res.end(PAGE)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server }
}

let api: EdgeServer
let apiRoot: string
let trusted: { origin: string; server: Server }
let stranger: { origin: string; server: Server }
let browser: Browser
beforeAll(async () => {
  if (!hasChromium) return
  trusted = await servePage()
  stranger = await servePage()
  const port = await freePort()
  api = await startEdgeServer({ PORT: String(port), SITE_URL: `http://localhost:${port}`, CORS_ORIGINS: trusted.origin })
  apiRoot = `http://localhost:${port}${env.REST_PREFIX}/calendar/events/v1`
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  })
}, 240_000)
afterAll(async () => {
  await browser?.close()
  await api?.stop()
  for (const page of [trusted, stranger]) if (page) await new Promise((resolve) => page.server.close(resolve))
})

/** Opens the page and records every console error and uncaught page error. */
async function open(origin: string): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage()
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  await page.goto(`${origin}/`)
  return { page, errors }
}

interface ListResult {
  status: number
  total: string | null
  link: string | null
  count: number
}

const readList = (page: Page) =>
  page.evaluate(async (root): Promise<ListResult> => {
    const res = await fetch(`${root}/events`)
    const body = await res.json()
    return { status: res.status, total: res.headers.get('X-TEC-Total'), link: res.headers.get('Link'), count: body.events.length }
  }, apiRoot)

/** A read with the browser's cookies for the API's origin (credentials: 'include'). */
const readWithCookies = (page: Page) =>
  page.evaluate(async (root) => {
    try {
      const res = await fetch(`${root}/events`, { credentials: 'include' })
      return { ok: true, status: res.status }
    } catch (error) {
      return { ok: false, error: String(error) }
    }
  }, apiRoot)

const postEvent = (page: Page, authorization: string, title: string) =>
  page.evaluate(
    async ({ root, authorization, title }) => {
      try {
        const res = await fetch(`${root}/events`, {
          method: 'POST',
          headers: { Authorization: authorization, 'Content-Type': 'application/json' },
          body: JSON.stringify({ title, start_date: '2027-07-01 20:00:00', end_date: '2027-07-01 22:00:00', status: 'publish' }),
        })
        return { ok: true, status: res.status, body: await res.json() }
      } catch (error) {
        return { ok: false, error: String(error) }
      }
    },
    { root: apiRoot, authorization, title },
  )

describeWithChromium('a front end on another origin, in Chromium', () => {
  it('reads the list with X-TEC-Total and Link, and writes with an application password from a CORS_ORIGINS origin', async () => {
    const { page, errors } = await open(trusted.origin)
    const list = await readList(page)
    expect(list).toEqual({ status: 200, total: '1', link: `<http://localhost:${api.port}${env.REST_PREFIX}/>; rel="https://api.w.org/"`, count: 1 })

    const basic = `Basic ${btoa(`${api.login}:${api.appPassword}`)}`
    const created = await postEvent(page, basic, 'Written from the front end')
    expect(created).toMatchObject({ ok: true, status: 201, body: { title: 'Written from the front end' } })
    expect(await readWithCookies(page)).toEqual({ ok: true, status: 200 })
    expect(errors).toEqual([])
    await page.close()
  })

  it('reads and writes with an application password from any origin, but sends cookies only from CORS_ORIGINS', async () => {
    const { page, errors } = await open(stranger.origin)
    const list = await readList(page)
    expect(list.status).toBe(200)
    expect(list.total).toBe('2')

    // As WordPress: the Authorization header carries its own credential, so every origin may send it.
    const basic = `Basic ${btoa(`${api.login}:${api.appPassword}`)}`
    const created = await postEvent(page, basic, 'Written from another origin')
    expect(created).toMatchObject({ ok: true, status: 201, body: { title: 'Written from another origin' } })
    expect(errors).toEqual([])

    // Cookies are another matter: without Access-Control-Allow-Credentials the browser refuses the answer.
    expect(await readWithCookies(page)).toEqual({ ok: false, error: 'TypeError: Failed to fetch' })
    expect(errors.length).toBeGreaterThan(0)
    for (const error of errors) expect(error).toMatch(/blocked by CORS policy|net::ERR_FAILED/)
    expect(errors.some((e) => /blocked by CORS policy.*Access-Control-Allow-Credentials/is.test(e))).toBe(true)
    await page.close()

    const check = await rawRequest(`${apiRoot}/events?search=${encodeURIComponent('another origin')}`)
    expect(JSON.parse(check.body.toString()).total).toBe(1)
  })

  it('reads an iCal feed, with its ETag, from a page on an origin not listed', async () => {
    const { page, errors } = await open(stranger.origin)
    const feed = await page.evaluate(async (url) => {
      const res = await fetch(url)
      return { status: res.status, etag: res.headers.get('ETag'), text: await res.text() }
    }, `http://localhost:${api.port}/ical/events.ics?start_date=2000-01-01&end_date=2099-12-31`)
    expect(feed.status).toBe(200)
    expect(feed.etag).toMatch(/^"/)
    expect(feed.text).toMatch(/^BEGIN:VCALENDAR/)
    expect(feed.text.match(/BEGIN:VEVENT/g)?.length).toBe(3)
    expect(errors).toEqual([])
    await page.close()
  })
})
