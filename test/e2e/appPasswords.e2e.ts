import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { Page } from 'playwright-core'
import { choose, eventually, logIn, screenshot } from './helpers/adminPage.js'
import { type Browser, launchBrowser } from './helpers/launchBrowser.js'
import { type RunningServer, startServer } from './helpers/startServer.js'

// An administrator makes application passwords in the admin (from the list's drawer and from the full
// create page); each is shown once, works over HTTP Basic, and stops working once deleted.

const ADMIN = { email: 'ada@example.org', username: 'ada', password: 'correct horse battery', role: 'administrator' }
const EDITOR = { email: 'ed@example.org', username: 'ed', password: 'staple paper clip', role: 'editor' }
const PASSWORD_SHAPE = /^(\S{4} ){5}\S{4}$/

let server: RunningServer
let browser: Browser
let page: Page

const basic = (password: string) => ({ authorization: `Basic ${Buffer.from(`${EDITOR.username}:${password}`).toString('base64')}` })
const me = async (password: string) => (await (await fetch(`${server.origin}/api/users/me`, { headers: basic(password) })).json()).user

beforeAll(async () => {
  server = await startServer()
  for (const user of [ADMIN, EDITOR]) {
    await server.cli(['users:create', '--email', user.email, '--username', user.username, '--password', user.password, '--role', user.role])
  }
  browser = await launchBrowser()
  page = await browser.context.newPage()
  await logIn(page, server.origin, ADMIN.email, ADMIN.password)
}, 300_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

const revealed = () => page.locator('[data-testid="app-password-revealed"] code').first()

describe('application passwords in the admin', () => {
  let fromDrawer = ''

  it('"New application password" on the list opens a drawer; the saved password is shown once, above the list', async () => {
    await page.goto(`${server.origin}/admin/collections/app-passwords`)
    await page.getByRole('button', { name: 'New application password' }).click()
    const drawer = page.locator('.drawer__content').last()
    await drawer.locator('#field-name').fill('Website')
    await choose(page, 'field-user', EDITOR.username)
    await drawer.locator('#action-save').click()
    await revealed().waitFor()
    fromDrawer = (await revealed().innerText()).trim()
    expect(fromDrawer).toMatch(PASSWORD_SHAPE)
    await screenshot(page, 'app-password-revealed')
    await expect(me(fromDrawer)).resolves.toMatchObject({ username: EDITOR.username, role: 'editor' })

    // Listed with its user and (now) last use; the password itself is nowhere on the page any more.
    // The list refreshes under the banner with the new row (its user, and now its last use).
    await page.locator('table').first().waitFor({ timeout: 60_000 })
    await eventually(async () => {
      await expect(page.locator('table').first().innerText({ timeout: 5_000 })).resolves.toMatch(/Website\s+ed\s+\S/)
    })
    // On the next visit the password is nowhere on the page.
    await page.goto(`${server.origin}/admin/collections/app-passwords`, { waitUntil: 'networkidle' })
    await page.locator('table').first().waitFor({ timeout: 60_000 })
    await expect(page.locator('body').innerText()).resolves.not.toContain(fromDrawer)
    await expect(revealed().count()).resolves.toBe(0)
    await screenshot(page, 'app-password-list')
  })

  it('the full create page shows the new password once after its redirect, never on a later visit', async () => {
    await page.goto(`${server.origin}/admin/collections/app-passwords/create`)
    await page.locator('#field-name').fill('Import script')
    await choose(page, 'field-user', EDITOR.username)
    await page.locator('#action-save').click()
    await page.waitForURL(/\/admin\/collections\/app-passwords\/\d+/)
    await revealed().waitFor()
    const fromPage = (await revealed().innerText()).trim()
    expect(fromPage).toMatch(PASSWORD_SHAPE)
    expect(fromPage).not.toBe(fromDrawer)
    await expect(me(fromPage)).resolves.toMatchObject({ username: EDITOR.username })

    await page.reload()
    await page.getByText('cannot be shown again').waitFor()
    await expect(revealed().count()).resolves.toBe(0)
    await expect(page.locator('body').innerText()).resolves.not.toContain(fromPage)
  })

  it('deleting one revokes it at once', async () => {
    const list = await (await fetch(`${server.origin}/api/app-passwords?where[name][equals]=Website`, { headers: basic(fromDrawer) })).json()
    const id = list.docs[0].id
    await page.goto(`${server.origin}/admin/collections/app-passwords/${id}`)
    await page.locator('.doc-controls__popup button, .popup-button').last().click()
    await page.getByRole('button', { name: 'Delete' }).first().click()
    await page.locator('#confirm-action, .confirmation-modal button', { hasText: /confirm|delete/i }).first().click()
    await page.waitForURL(/\/admin\/collections\/app-passwords\/?(\?.*)?$/)
    await expect(me(fromDrawer)).resolves.toBeNull()
    const refused = await fetch(`${server.origin}/wp-json/calendar/events/v1/`, { headers: basic(fromDrawer) })
    expect(refused.status).toBe(401)
  })
})
