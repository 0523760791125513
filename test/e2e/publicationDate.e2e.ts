import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { Page } from 'playwright-core'
import { apiFromPage, logIn, openTab, save, screenshot } from './helpers/adminPage.js'
import { type Browser, launchBrowser } from './helpers/launchBrowser.js'
import { type RunningServer, startServer } from './helpers/startServer.js'

// One publication date (issue 28, point 12): what the sidebar's "Publication date" shows is the
// namespace's `date`, for the demo's events as for one an editor writes, and changing it there
// changes `date` and `date_utc`. It is typed in the site's zone (London), as WordPress's Publish box
// has it, from a browser in New York.

const ZONE = 'Europe/London'
const editor = { email: 'pia@example.org', username: 'pia', password: 'editor pass phrase', role: 'editor' }

let server: RunningServer
let browser: Browser
let page: Page

const served = async (id: number) => (await apiFromPage(page, 'GET', `/wp-json/calendar/events/v1/events/${id}`)).json
const pickerValue = () => page.locator('#field-publishedAt input').inputValue()
/** The namespace's "Y-m-d H:i" as the picker writes it (EEE d MMM yyyy, HH:mm), in the site zone. */
const asPicker = (wire: string) => {
  const [day, time] = wire.split(' ')
  const when = new Date(`${day}T${time}Z`)
  const weekday = when.toLocaleDateString('en-GB', { weekday: 'short', timeZone: 'UTC' })
  const month = when.toLocaleDateString('en-GB', { month: 'short', timeZone: 'UTC' })
  return `${weekday} ${when.getUTCDate()} ${month} ${when.getUTCFullYear()}, ${time.slice(0, 5)}`
}

beforeAll(async () => {
  server = await startServer(() => ({ SITE_TIMEZONE: ZONE }))
  await server.cli(['users:create', '--email', editor.email, '--username', editor.username, '--password', editor.password, '--role', editor.role])
  await server.cli(['seed:demo', '--events', '12'])
  browser = await launchBrowser({ timezoneId: 'America/New_York' })
  page = await browser.context.newPage()
  await logIn(page, server.origin, editor.email, editor.password)
}, 300_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe('the publication date in the admin', () => {
  it('is filled for every published demo event, and is the namespace’s date', async () => {
    const published = await apiFromPage(page, 'GET', '/api/events?where[status][equals]=publish&limit=100&depth=0')
    expect(published.status).toBe(200)
    const docs = published.json.docs as Array<{ id: number; publishedAt: string | null }>
    expect(docs.length).toBeGreaterThan(0)
    expect(docs.filter((doc) => !doc.publishedAt).map((doc) => doc.id)).toEqual([])

    const { id } = docs[0]
    await page.goto(`${server.origin}/admin/collections/events/${id}`)
    await page.locator('#field-publishedAt input').waitFor()
    const wire = await served(id)
    expect(await pickerValue()).toBe(asPicker(wire.date))
    await expect(page.getByTestId('publishedAt-zone').innerText()).resolves.toBe(`${ZONE} (site time zone)`)
    await screenshot(page, 'publication-date-demo-event')
  })

  it('is set when an editor publishes a new event, and changing it changes date and date_utc', async () => {
    await page.goto(`${server.origin}/admin/collections/events/create`)
    await page.locator('#field-title').fill('Dated By Hand')
    await openTab(page, 'When')
    for (const [field, text] of [['startDate', 'Fri 5 Mar 2027, 19:00'], ['endDate', 'Fri 5 Mar 2027, 22:00']] as const) {
      await page.locator(`#field-${field} input`).fill(text)
      await page.locator(`#field-${field} input`).press('Enter')
    }
    // Left empty: publishing dates it.
    expect(await pickerValue()).toBe('')
    const id = await save(page, 'events')
    const first = await served(id)
    expect(first).toMatchObject({ status: 'publish' })
    await page.reload()
    await page.locator('#field-publishedAt input').waitFor()
    expect(await pickerValue()).toBe(asPicker(first.date))

    const input = page.locator('#field-publishedAt input')
    await input.fill('Mon 1 Jun 2026, 09:30')
    await input.press('Enter')
    await save(page, 'events')
    // 09:30 in London in June is 08:30 UTC.
    expect(await served(id)).toMatchObject({ date: '2026-06-01 09:30:00', date_utc: '2026-06-01 08:30:00' })
    await page.reload()
    await page.locator('#field-publishedAt input').waitFor()
    expect(await pickerValue()).toBe('Mon 1 Jun 2026, 09:30')
  })
})
