import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { Page } from 'playwright-core'
import { screenshot } from './helpers/adminPage.js'
import { allowConsoleErrors } from './helpers/consoleErrors.js'
import { type Browser, launchBrowser } from './helpers/launchBrowser.js'
import { type RunningServer, startServer } from './helpers/startServer.js'

// The admin's sign-in takes a username or an e-mail, as WordPress's does (and as HTTP Basic and the
// CLI's --user do): the first-user screen makes an account, which then signs in either way.

const FIRST = { email: 'wen@example.org', username: 'wen', password: 'a long first password' }

let server: RunningServer
let browser: Browser
let page: Page

beforeAll(async () => {
  server = await startServer()
  browser = await launchBrowser()
  page = await browser.context.newPage()
}, 300_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

async function signIn(login: string, password: string): Promise<void> {
  await page.goto(`${server.origin}/admin/login`)
  const field = page.locator('#field-username')
  await field.fill(login)
  await page.locator('#field-password').fill(password)
  await page.locator('button[type="submit"]').click()
}

async function signOut(): Promise<void> {
  await page.goto(`${server.origin}/admin/logout`)
  await page.waitForURL((url) => url.pathname === '/admin/login')
}

describe('signing in to the admin', () => {
  it('the first-user screen makes an administrator with a username and an e-mail', async () => {
    await page.goto(`${server.origin}/admin`)
    await page.waitForURL((url) => url.pathname === '/admin/create-first-user')
    await page.locator('#field-email').fill(FIRST.email)
    await page.locator('#field-username').fill(FIRST.username)
    await page.locator('#field-password').fill(FIRST.password)
    await page.locator('#field-confirm-password').fill(FIRST.password)
    await page.locator('button[type="submit"]').click()
    await page.locator('.dashboard').waitFor()
    const me = await page.evaluate(async () => (await (await fetch('/api/users/me')).json()) as { user: { username: string; email: string; role: string } })
    expect(me.user).toMatchObject({ username: FIRST.username, email: FIRST.email, role: 'administrator' })
  })

  it('signs in by username, where the field asks for "Email or Username"', async () => {
    await signOut()
    await expect(page.locator('label[for="field-username"]').innerText()).resolves.toMatch(/Email or Username/i)
    await signIn(FIRST.username, FIRST.password)
    await page.locator('.dashboard').waitFor()
    await screenshot(page, 'login-by-username')
  })

  it('still signs in by e-mail, and a user made by the CLI signs in by username', async () => {
    await signOut()
    await signIn(FIRST.email, FIRST.password)
    await page.locator('.dashboard').waitFor()

    await server.cli(['users:create', '--email', 'cy@example.org', '--username', 'cy', '--password', 'staple paper clip', '--role', 'editor'])
    await signOut()
    await signIn('cy', 'staple paper clip')
    await page.locator('.dashboard').waitFor()
    const me = await page.evaluate(async () => (await (await fetch('/api/users/me')).json()) as { user: { username: string } })
    expect(me.user.username).toBe('cy')
  })

  it('a wrong password for a username is refused on the page', async () => {
    allowConsoleErrors(/401|Failed to load resource/)
    await signOut()
    await signIn(FIRST.username, 'not the password')
    await page.getByText(/username or password provided is incorrect/i).first().waitFor()
    expect(new URL(page.url()).pathname).toBe('/admin/login')
  })
})
