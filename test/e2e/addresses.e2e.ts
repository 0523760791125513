import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { Page } from 'playwright-core'
import { logIn, save } from './helpers/adminPage.js'
import { type Browser, launchBrowser } from './helpers/launchBrowser.js'
import { type RunningServer, startServer } from './helpers/startServer.js'

// SITE_URL says localhost; the editor opens the admin at 127.0.0.1, an address the operator named in
// SERVER_ORIGINS. Every save must work there (with Payload's serverURL set to SITE_URL, each failed
// with "You are not allowed to perform this action").

const ADMIN = { email: 'addr@example.org', username: 'addr', password: 'a long admin password', role: 'administrator' }

let server: RunningServer
let browser: Browser
let page: Page
const encodings: string[] = []

beforeAll(async () => {
  server = await startServer((port) => ({ SITE_URL: `http://localhost:${port}`, SERVER_ORIGINS: `http://127.0.0.1:${port}` }))
  await server.cli(['users:create', '--email', ADMIN.email, '--username', ADMIN.username, '--password', ADMIN.password, '--role', ADMIN.role])
  browser = await launchBrowser()
  page = await browser.context.newPage()
  page.on('response', (response) => {
    const encoding = response.headers()['content-encoding']
    if (encoding && response.url().startsWith(`${server.origin}/admin`)) encodings.push(encoding)
  })
}, 300_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe('the admin opened at an address other than SITE_URL', () => {
  it('signs in, creates and updates a document at 127.0.0.1', async () => {
    expect(server.origin).toMatch(/^http:\/\/127\.0\.0\.1:/)
    await logIn(page, server.origin, ADMIN.email, ADMIN.password)
    await page.goto(`${server.origin}/admin/collections/organizers/create`)
    await page.locator('#field-title').fill('Saved at the loopback address')
    const id = await save(page, 'organizers')
    expect(id).toBeGreaterThan(0)

    await page.locator('#field-title').fill('Saved twice at the loopback address')
    await page.locator('#action-save').click()
    await page.locator('.payload-toast-container .toast-success').first().waitFor()
    const res = await fetch(`${server.origin}/wp-json/calendar/events/v1/organizers/${id}?context=view`)
    expect(res.status).toBe(200)
    expect((await res.json()).organizer).toBe('Saved twice at the loopback address')
    // The admin's pages came compressed through the same Express app.
    expect(encodings.some((e) => e === 'br' || e === 'gzip')).toBe(true)
  })
})
