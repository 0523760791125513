import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { Page } from 'playwright-core'
import { apiFromPage, choose, logIn, openTab, save, screenshot } from './helpers/adminPage.js'
import { type Browser, launchBrowser } from './helpers/launchBrowser.js'
import { type RunningServer, startServer } from './helpers/startServer.js'

// The recurrence editor of an event's When tab (src/admin/RecurrenceField.tsx), from a browser in
// Tokyo for a New York event, so the browser's zone and the event's differ: an editor and a
// contributor each make a weekly 19:00 series across New York's DST change (14 March 2027), see the
// server's preview keep 19:00 in New York, save, and read back the stored lines and occurrences.

const users = {
  editor: { email: 'eda@example.org', username: 'eda', password: 'editor pass phrase', role: 'editor' },
  contributor: { email: 'cy@example.org', username: 'cy', password: 'contributor phrase', role: 'contributor' },
}

let server: RunningServer
let tokyo: Browser
let page: Page

beforeAll(async () => {
  server = await startServer(() => ({ SITE_TIMEZONE: 'Europe/London' }))
  for (const user of Object.values(users)) {
    await server.cli(['users:create', '--email', user.email, '--username', user.username, '--password', user.password, '--role', user.role])
  }
  tokyo = await launchBrowser({ timezoneId: 'Asia/Tokyo' })
  page = await tokyo.context.newPage()
}, 300_000)

afterAll(async () => {
  await tokyo?.close()
  await server?.stop()
})

/** The editor's JWT, for reading the occurrences over HTTP (their collection is for editors only). */
async function editorToken(): Promise<string> {
  const res = await fetch(`${server.origin}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: users.editor.email, password: users.editor.password }),
  })
  expect(res.status).toBe(200)
  return ((await res.json()) as { token: string }).token
}

async function typeDate(p: Page, field: 'startDate' | 'endDate', text: string) {
  const input = p.locator(`#field-${field} input`)
  await input.fill(text)
  await input.press('Enter')
}

const previewItems = (p: Page) => p.locator('[data-testid="recurrence-preview"] .recurrence-field__occurrence')

/** Waits until the preview lists exactly `expected` (it is asked of the server, debounced). */
async function expectPreview(p: Page, expected: string[]) {
  await p.waitForFunction(
    (want) => {
      const items = [...document.querySelectorAll('[data-testid="recurrence-preview"] .recurrence-field__occurrence')].map((el) => el.textContent)
      return JSON.stringify(items) === JSON.stringify(want)
    },
    expected,
    { timeout: 20_000 },
  ).catch(async () => {
    throw new Error(`The preview shows ${JSON.stringify(await previewItems(p).allInnerTexts())}, not ${JSON.stringify(expected)}`)
  })
}

const EXPECTED_PREVIEW = [
  'Tue 2 Mar 2027, 19:00–21:00',
  'Thu 4 Mar 2027, 19:00–21:00',
  'Tue 9 Mar 2027, 19:00–21:00',
  'Thu 11 Mar 2027, 19:00–21:00',
  // New York is on EDT from 14 March: still 19:00 there.
  'Thu 18 Mar 2027, 19:00–21:00',
  'Sat 20 Mar 2027, 11:00–13:00',
  'Tue 23 Mar 2027, 19:00–21:00',
  'Thu 25 Mar 2027, 19:00–21:00',
]

describe.each(['editor', 'contributor'] as const)('the recurrence editor, as %s, from Tokyo', (role) => {
  it('sets a weekly rule across the DST change, previews it in New York time, saves it, and the server stores it', async () => {
    const user = users[role]
    await page.context().clearCookies()
    await logIn(page, server.origin, user.email, user.password)
    await expect(page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).resolves.toBe('Asia/Tokyo')
    await page.goto(`${server.origin}/admin/collections/events/create`)
    await page.locator('#field-title').fill(`Choir (${role})`)
    await openTab(page, 'When')
    await choose(page, 'field-timezone', 'America/New_York')
    await typeDate(page, 'startDate', 'Tue 2 Mar 2027, 19:00')
    await typeDate(page, 'endDate', 'Tue 2 Mar 2027, 21:00')

    // A new event does not repeat: no lines, no preview.
    const frequency = page.getByLabel('Repeats', { exact: true })
    await expect(frequency.inputValue()).resolves.toBe('none')
    await expect(page.getByTestId('recurrence-summary').innerText()).resolves.toBe('Does not repeat')
    await expect(page.getByTestId('recurrence-preview').count()).resolves.toBe(0)

    // Raw lines the server refuses: the preview says why, and the form offers them as a custom rule.
    await page.locator('.recurrence-field__advanced summary').click()
    await page.locator('#recurrence-lines').fill('RRULE:FREQ=HOURLY')
    await expect(page.getByTestId('recurrence-reasons').innerText()).resolves.toContain('RRULE: FREQ=HOURLY repeats more than once a day; the shortest is DAILY')
    await expect(page.getByTestId('recurrence-summary').innerText()).resolves.toBe('Custom rule')

    // Weekly replaces it; Thursday is added with the keyboard; it ends after 8 times.
    await frequency.selectOption('WEEKLY')
    await expect(page.locator('#recurrence-lines').inputValue()).resolves.toBe('RRULE:FREQ=WEEKLY')
    await expect(page.getByRole('checkbox', { name: 'Tuesday' }).isChecked()).resolves.toBe(true)
    await page.getByRole('checkbox', { name: 'Thursday' }).focus()
    await page.keyboard.press('Space')
    await page.getByLabel('After', { exact: true }).check()
    await page.getByLabel('Number of occurrences').fill('8')
    await expect(page.getByTestId('recurrence-summary').innerText()).resolves.toBe('Weekly on Tuesday and Thursday, 8 times')

    // Tuesday 16 March is skipped from the preview; an extra Saturday morning is added.
    await page.getByRole('button', { name: 'Skip Tue 16 Mar 2027' }).click()
    await page.locator('#recurrence-extra-input').fill('2027-03-20T11:00')
    await page.locator('#recurrence-extra-add').click()
    await expect(page.locator('#recurrence-lines').inputValue()).resolves.toBe('RRULE:FREQ=WEEKLY;COUNT=8;BYDAY=TU,TH\nRDATE:20270320T110000\nEXDATE:20270316T190000')
    await expect(page.locator('#recurrence-preview-title').innerText()).resolves.toBe('Next occurrences (America/New_York)')
    await expectPreview(page, EXPECTED_PREVIEW)
    await screenshot(page, `recurrence-editor-${role}`)

    const id = await save(page, 'events')
    // The lines as stored (the server's canonical form: extra and excluded dates in UTC).
    const event = await apiFromPage(page, 'GET', `/api/events/${id}`)
    expect(event.status).toBe(200)
    expect(event.json).toMatchObject({
      recurring: true,
      timezone: 'America/New_York',
      recurrence: ['RRULE:FREQ=WEEKLY;COUNT=8;BYDAY=TU,TH', 'RDATE:20270320T150000Z', 'EXDATE:20270316T230000Z'],
    })
    // The stored occurrences: 19:00 in New York is 00:00 UTC before the change and 23:00 UTC after.
    const token = await editorToken()
    const res = await fetch(`${server.origin}/api/occurrences?where[event][equals]=${id}&sort=startDate&limit=50`, { headers: { authorization: `JWT ${token}` } })
    expect(res.status).toBe(200)
    const occurrences = ((await res.json()) as { docs: Array<{ startDate: string; endDate: string; state: string }> }).docs
    expect(occurrences.map((o) => o.startDate)).toEqual([
      '2027-03-03T00:00:00.000Z',
      '2027-03-05T00:00:00.000Z',
      '2027-03-10T00:00:00.000Z',
      '2027-03-12T00:00:00.000Z',
      '2027-03-18T23:00:00.000Z',
      '2027-03-20T15:00:00.000Z',
      '2027-03-23T23:00:00.000Z',
      '2027-03-25T23:00:00.000Z',
    ])
    expect(occurrences.every((o) => o.state === 'scheduled' && Date.parse(o.endDate) - Date.parse(o.startDate) === 2 * 3_600_000)).toBe(true)

    // Opened again, the form reads the stored lines back in New York time.
    await page.reload()
    await openTab(page, 'When')
    await expect(page.getByTestId('recurrence-summary').innerText()).resolves.toBe('Weekly on Tuesday and Thursday, 8 times')
    await expect(page.locator('#recurrence-extra li span').allInnerTexts()).resolves.toEqual(['Sat 20 Mar 2027, 11:00'])
    await expect(page.locator('#recurrence-excluded li span').allInnerTexts()).resolves.toEqual(['Tue 16 Mar 2027'])
    await expectPreview(page, EXPECTED_PREVIEW)
  })
})
