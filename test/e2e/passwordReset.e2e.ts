import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { Page } from 'playwright-core'
import { SMTPServer } from 'smtp-server'
import { screenshot } from './helpers/adminPage.js'
import { type Browser, launchBrowser } from './helpers/launchBrowser.js'
import { type RunningServer, startServer } from './helpers/startServer.js'

// The login page offers "Forgot password?" only when the server can send the mail: with SMTP_URL the
// reset mail reaches a real SMTP server on loopback; without it the link is not shown, a note says
// whom to ask instead.

const USER = { email: 'ada@example.org', username: 'ada', password: 'correct horse battery', role: 'editor' }

const mails: string[] = []
const smtp = new SMTPServer({
  disabledCommands: ['STARTTLS', 'AUTH'],
  onData(stream, _session, callback) {
    const chunks: Buffer[] = []
    stream.on('data', (c: Buffer) => chunks.push(c))
    stream.on('end', () => {
      mails.push(Buffer.concat(chunks).toString('utf8'))
      callback()
    })
  },
})

let browser: Browser
let page: Page
let withMail: RunningServer
let withoutMail: RunningServer

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  const smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`
  withoutMail = await startServer()
  withMail = await startServer(() => ({ SMTP_URL: smtpUrl, SMTP_FROM: 'Calendar <calendar@example.org>' }))
  // A database without users would send the login page on to the first-user screen.
  for (const server of [withoutMail, withMail]) {
    await server.cli(['users:create', '--email', USER.email, '--username', USER.username, '--password', USER.password, '--role', USER.role])
  }
  browser = await launchBrowser()
  page = await browser.context.newPage()
}, 300_000)

afterAll(async () => {
  await browser?.close()
  await withMail?.stop()
  await withoutMail?.stop()
  await new Promise<void>((resolve) => smtp.close(() => resolve()))
})

describe('password reset on the login page', () => {
  it('without SMTP_URL: no "Forgot password?" link, a note to ask an administrator', async () => {
    await page.goto(`${withoutMail.origin}/admin/login`)
    await page.locator('#field-password').waitFor()
    // The note is a client component: wait for it rather than sampling the page once.
    await page.getByText('Ask an administrator to set a new one.').waitFor()
    expect(await page.getByText('Forgot password?').isVisible()).toBe(false)
    await screenshot(page, 'login-without-email')
  })

  it('with SMTP_URL: "Forgot password?" sends the reset mail', async () => {
    await page.goto(`${withMail.origin}/admin/login`)
    await page.locator('#field-password').waitFor()
    await screenshot(page, 'login-with-email')
    expect(await page.getByText('Ask an administrator to set a new one.').count()).toBe(0)
    await page.getByRole('link', { name: 'Forgot password?' }).click()
    await page.waitForURL((url) => url.pathname === '/admin/forgot')
    await page.getByRole('heading', { name: 'Forgot Password' }).waitFor()
    // The form's one field takes a username or an e-mail (collections/auth/forgotPasswordByEither.ts).
    await page.locator('#field-username').fill(USER.email)
    await page.locator('button[type="submit"]').click()
    // Payload answers once the SMTP server accepted the mail.
    await page.getByText(/you will receive instructions to reset your password/i).first().waitFor({ timeout: 60_000 })
    expect(mails).toHaveLength(1)
    expect(mails[0]).toMatch(/^To: ada@example\.org/m)
    expect(mails[0]!.replace(/=\r?\n/g, '').replace(/=3D/g, '=')).toContain(`${withMail.origin}/admin/reset/`)
  })
})
