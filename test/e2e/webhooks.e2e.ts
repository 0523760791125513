import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { Page } from 'playwright-core'
import { eventually, logIn, screenshot } from './helpers/adminPage.js'
import { type Browser, launchBrowser } from './helpers/launchBrowser.js'
import { type RunningServer, startServer } from './helpers/startServer.js'
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhookReceiver.js'

// An administrator registers a webhook in the admin: the signing secret is shown once, above the list;
// the edit view's "Send test event" sends a signed delivery that a receiver verifies, and the delivery
// log in the same view shows it delivered. No console error on the way.

const ADMIN = { email: 'ada@example.org', username: 'ada', password: 'correct horse battery', role: 'administrator' }

let server: RunningServer
let browser: Browser
let page: Page
let receiver: WebhookReceiver

beforeAll(async () => {
  receiver = await startWebhookReceiver()
  server = await startServer(() => ({ ALLOW_PRIVATE_OUTBOUND: 'true' }))
  await server.cli(['users:create', '--email', ADMIN.email, '--username', ADMIN.username, '--password', ADMIN.password, '--role', ADMIN.role])
  browser = await launchBrowser()
  page = await browser.context.newPage()
  await logIn(page, server.origin, ADMIN.email, ADMIN.password)
}, 300_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await receiver?.close()
})

describe('webhooks in the admin', () => {
  let secret = ''

  it('"New webhook" opens a drawer; the signing secret is shown once, above the list', async () => {
    await page.goto(`${server.origin}/admin/collections/webhooks`)
    await page.getByRole('button', { name: 'New webhook' }).click()
    const drawer = page.locator('.drawer__content').last()
    await drawer.locator('#field-url').fill(receiver.url)
    await drawer.locator('#action-save').click()
    const revealed = page.locator('[data-testid="webhook-secret-revealed"] code').first()
    await revealed.waitFor()
    secret = (await revealed.innerText()).trim()
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/)
    receiver.setSecret(secret)
    await screenshot(page, 'webhook-secret-revealed')
    await eventually(async () => {
      await expect(page.locator('table').first().innerText({ timeout: 5_000 })).resolves.toContain(receiver.url)
    })
  })

  it('the edit view sends a test event, and its delivery log shows it delivered; the secret is not on the page', async () => {
    await page.goto(`${server.origin}/admin/collections/webhooks/1`)
    await page.getByRole('button', { name: 'Send test event' }).click()
    await expect(page.locator('[data-testid="webhook-test-result"]').innerText()).resolves.toMatch(/^Queued msg_test_/)
    await receiver.waitFor((got) => got.length === 1)
    expect(receiver.received[0]!.body.type).toBe('webhook.test')
    expect(receiver.rejected).toEqual([])
    // The join field's table loads after the page has rendered ("Loading" until then): wait for its
    // rows, then read them; reload until the delivery's status has turned to delivered.
    await eventually(async () => {
      await page.reload()
      const field = page.locator('.field-type.join').first()
      await field.locator('table').waitFor({ timeout: 15_000 })
      const log = await field.innerText()
      expect(log).toMatch(/webhook\.test/)
      expect(log).toMatch(/delivered/)
    }, 60_000)
    await screenshot(page, 'webhook-delivery-log')
    expect(await page.content()).not.toContain(secret.slice(6))
  })
})
