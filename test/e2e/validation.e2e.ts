import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { Locator, Page } from 'playwright-core'
import { apiFromPage, eventually, logIn, openTab, screenshot } from './helpers/adminPage.js'
import { allowConsoleErrors } from './helpers/consoleErrors.js'
import { untilQuiet } from './helpers/inFlight.js'
import { type Browser, launchBrowser } from './helpers/launchBrowser.js'
import { type RunningServer, startServer } from './helpers/startServer.js'

// The collections' rules in the admin: an editor who types an end before the start, a time zone that
// is none or an organizer e-mail that is not one sees why next to the field, and nothing is saved.

const EDITOR = { email: 'eve@example.org', username: 'eve', password: 'correct horse battery', role: 'editor' }
const AUTHOR = { email: 'al@example.org', username: 'al', password: 'staple paper clip', role: 'author' }
const CONTRIBUTOR = { email: 'cy@example.org', username: 'cy', password: 'purple monkey dishwasher', role: 'contributor' }

let server: RunningServer
let browser: Browser
let page: Page

/** The innermost field wrapper around `#field-<name>`, where Payload shows the field's error. */
const fieldOf = (name: string): Locator => page.locator('.field-type', { has: page.locator(`#field-${name}`) }).last()
const errorOf = (name: string): Locator => fieldOf(name).locator('.field-error').first()
const count = async (collection: string, title: string) =>
  (await apiFromPage(page, 'GET', `/api/${collection}?where[title][equals]=${encodeURIComponent(title)}&trash=true`)).json.totalDocs

/** Types a date into a picker and waits until the picker shows it (the form has taken it). */
async function typeDate(name: string, text: string) {
  const input = page.locator(`#field-${name} input`)
  await input.fill(text)
  await input.press('Enter')
  await input.press('Tab')
  await eventually(async () => expect(await input.inputValue()).toBe(text))
}

/**
 * Clicks Save, expecting a refusal: Payload's error toast, and the page still a create form. The server
 * answers the save 400, which Chromium logs as a failed resource: that refusal is the point here.
 */
async function saveRefused(collection: string) {
  allowConsoleErrors(/status of 400 \(Bad Request\)/)
  // The form re-validates on the server shortly after typing; a save clicked while that answer is on
  // its way can get the field's error cleared by it. Wait for it, as an editor would have.
  await untilQuiet(page)
  await page.locator('#action-save').click()
  await page.locator('.payload-toast-container .toast-error').first().waitFor()
  expect(new URL(page.url()).pathname).toBe(`/admin/collections/${collection}/create`)
}

beforeAll(async () => {
  server = await startServer()
  for (const user of [EDITOR, AUTHOR, CONTRIBUTOR]) {
    await server.cli(['users:create', '--email', user.email, '--username', user.username, '--password', user.password, '--role', user.role])
  }
  // A browser in another zone than the events' (the site's, UTC here): the rules do not depend on it.
  browser = await launchBrowser({ timezoneId: 'America/Los_Angeles' })
  page = await browser.context.newPage()
  await logIn(page, server.origin, EDITOR.email, EDITOR.password)
}, 300_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe('validation in the admin', () => {
  it.each([
    ['an editor', EDITOR],
    ['an author', AUTHOR],
    ['a contributor', CONTRIBUTOR],
  ])('an end before the start is shown next to the end, and the event is not saved (%s)', async (_who, user) => {
    if (user !== EDITOR) {
      await browser.context.clearCookies()
      await logIn(page, server.origin, user.email, user.password)
    }
    const title = `Backwards concert by ${user.username}`
    await page.goto(`${server.origin}/admin/collections/events/create`)
    await page.locator('#field-title').fill(title)
    await openTab(page, 'When')
    await typeDate('startDate', 'Fri 4 Dec 2026, 19:00')
    await typeDate('endDate', 'Fri 4 Dec 2026, 17:00')
    await saveRefused('events')
    await errorOf('endDate').waitFor()
    await expect(errorOf('endDate').textContent()).resolves.toContain('The end must not be before the start.')
    await expect(errorOf('startDate').count()).resolves.toBe(0)
    if (user === EDITOR) await screenshot(page, 'validation-end-before-start')
    expect(await count('events', title)).toBe(0)

    // Fixed, it saves, and the REST answer has the times typed, in the event's zone.
    await typeDate('endDate', 'Fri 4 Dec 2026, 22:00')
    await page.locator('#action-save').click()
    await page.waitForURL(/\/admin\/collections\/events\/\d+/)
    expect(await count('events', title)).toBe(1)
    const id = Number(new URL(page.url()).pathname.split('/').pop())
    const saved = await apiFromPage(page, 'GET', `/wp-json/calendar/events/v1/events/${id}`)
    expect(saved.json).toMatchObject({ start_date: '2026-12-04 19:00:00', end_date: '2026-12-04 22:00:00' })
    if (user !== EDITOR) {
      await browser.context.clearCookies()
      await logIn(page, server.origin, EDITOR.email, EDITOR.password)
    }
  })

  it('a time zone that is none cannot be picked in the admin, and /api refuses it naming the field', async () => {
    await page.goto(`${server.origin}/admin/collections/events/create`)
    await openTab(page, 'When')
    // The zone is chosen from the IANA list: typing a name that is none offers nothing to pick.
    await page.locator('#field-timezone .rs__control').click()
    await page.locator('#field-timezone .rs__input').fill('Mars/Olympus')
    await page.locator('.rs__menu').waitFor()
    await expect(page.locator('.rs__menu .rs__option').count()).resolves.toBe(0)
    await page.keyboard.press('Escape')

    // Sent to the production server's /api as the admin's own scripts would, it is refused with the
    // reason (a 400 Chromium logs as a failed resource: the refusal is the point).
    allowConsoleErrors(/status of 400 \(Bad Request\) \(http:\/\/[^)]+\/api\/events\)$/)
    const rest = await apiFromPage(page, 'POST', '/api/events', {
      title: 'Concert on Mars',
      startDate: '2026-12-04T18:00:00.000Z',
      endDate: '2026-12-04T21:00:00.000Z',
      timezone: 'Mars/Olympus',
    })
    expect(rest.status).toBe(400)
    expect(rest.json.errors[0].data.errors).toEqual([expect.objectContaining({ path: 'timezone', message: expect.stringContaining('Enter a time zone such as Europe/Paris') })])
    expect(await count('events', 'Concert on Mars')).toBe(0)
  })

  it('an organizer e-mail that is not one is shown next to the field, and nothing is saved', async () => {
    await page.goto(`${server.origin}/admin/collections/organizers/create`)
    await page.locator('#field-title').fill('Nameless organizer')
    await page.locator('#field-email').fill('not-an-email')
    await saveRefused('organizers')
    await errorOf('email').waitFor()
    await expect(errorOf('email').textContent()).resolves.toContain('Enter an e-mail address such as name@example.org.')
    await screenshot(page, 'validation-organizer-email')
    expect(await count('organizers', 'Nameless organizer')).toBe(0)

    // The production server's /api and GraphQL name the field and the reason too.
    const rest = await apiFromPage(page, 'POST', '/api/organizers', { title: 'Nameless organizer', email: 'not-an-email' })
    expect(rest.status).toBe(400)
    expect(rest.json.errors[0].data.errors).toEqual([expect.objectContaining({ path: 'email', message: 'Enter an e-mail address such as name@example.org.' })])
    const graph = await apiFromPage(page, 'POST', '/api/graphql', {
      query: 'mutation { createOrganizer(data: { status: publish, title: "Nameless organizer", email: "not-an-email" }) { id } }',
    })
    expect(graph.json.errors[0].extensions.data.errors).toEqual([expect.objectContaining({ path: 'email', message: 'Enter an e-mail address such as name@example.org.' })])

    await page.locator('#field-email').fill('hello@organizer.example')
    await page.locator('#action-save').click()
    await page.waitForURL(/\/admin\/collections\/organizers\/\d+/)
    expect(await count('organizers', 'Nameless organizer')).toBe(1)
  })
})
