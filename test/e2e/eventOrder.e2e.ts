import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { DateTime } from 'luxon'
import type { Page } from 'playwright-core'
import { apiFromPage, logIn, screenshot } from './helpers/adminPage.js'
import { type Browser, launchBrowser } from './helpers/launchBrowser.js'
import { type RunningServer, startServer } from './helpers/startServer.js'

// Order and labels agree: one June day's events in Tokyo, New York, Paris and London (and a Sydney
// all-day fair the next day), seen by an editor whose browser is in Los Angeles on a UTC site. The
// calendar's day and the dashboard list them by the wall-clock start their labels show (a 21:30 in
// Tokyo after a 19:00 in Paris, though it happens first); the events list, sorted by the instant,
// leads each cell with the site time it is sorted by. Calendar entries carry the whole title and
// times as hover text, and a password-protected event is marked as a draft is.

const ADMIN = { email: 'ordered@example.org', username: 'ordered', password: 'ordered pass phrase', role: 'administrator' }
const DAY = '2027-06-14'

let server: RunningServer
let browser: Browser
let page: Page

/** The day's events, created in instant order (which is not their wall-clock order). */
const EVENTS = [
  { title: 'Draft Rehearsal', timezone: 'Europe/London', startDate: '2027-06-14T09:00:00Z', endDate: '2027-06-14T11:00:00Z', status: 'draft' },
  { title: 'Tokyo Late Set', timezone: 'Asia/Tokyo', startDate: '2027-06-14T12:30:00Z', endDate: '2027-06-14T14:30:00Z', status: 'publish' },
  { title: 'Sydney Harbour Fair', timezone: 'Australia/Sydney', startDate: '2027-06-14T14:00:00Z', endDate: '2027-06-15T13:59:59Z', allDay: true, status: 'publish' },
  { title: 'New York Lunch Talk', timezone: 'America/New_York', startDate: '2027-06-14T16:00:00Z', endDate: '2027-06-14T17:00:00Z', status: 'publish' },
  { title: 'Paris Evening', timezone: 'Europe/Paris', startDate: '2027-06-14T17:00:00Z', endDate: '2027-06-14T19:00:00Z', status: 'publish' },
  { title: 'Members Night', timezone: 'Europe/Paris', startDate: '2027-06-14T18:30:00Z', endDate: '2027-06-14T20:00:00Z', status: 'publish', password: 'members only words' },
  { title: 'Chamber Evening: Brahms & Schumann', timezone: 'America/New_York', startDate: '2027-06-17T00:00:00Z', endDate: '2027-06-17T02:00:00Z', status: 'publish' },
]

beforeAll(async () => {
  server = await startServer()
  await server.cli(['users:create', '--email', ADMIN.email, '--username', ADMIN.username, '--password', ADMIN.password, '--role', ADMIN.role])
  browser = await launchBrowser({ timezoneId: 'America/Los_Angeles' })
  page = await browser.context.newPage()
  await logIn(page, server.origin, ADMIN.email, ADMIN.password)
  for (const event of EVENTS) {
    const created = await apiFromPage(page, 'POST', '/api/events', event)
    expect({ title: event.title, status: created.status }).toEqual({ title: event.title, status: 201 })
  }
}, 300_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe('order and labels agree, in a browser in Los Angeles', () => {
  it('the calendar lists a day by each event’s wall-clock start, with hover text and a protected marker', async () => {
    await expect(page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).resolves.toBe('America/Los_Angeles')
    await page.goto(`${server.origin}/admin/calendar?month=2027-06`)
    const day = page.locator(`td[data-date="${DAY}"]`)
    await expect(day.locator('.event-calendar__title').allInnerTexts()).resolves.toEqual([
      'Draft Rehearsal',
      'New York Lunch Talk',
      'Paris Evening',
      'Members Night',
      'Tokyo Late Set',
    ])
    const times = await day.locator('.event-calendar__time').allInnerTexts()
    expect(times).toEqual(['10:00', '12:00', '19:00', '20:30', '21:30'])
    // The next day: the Sydney fair (all day there) before a timed event.
    await expect(page.locator('td[data-date="2027-06-15"] .event-calendar__title').allInnerTexts()).resolves.toEqual(['Sydney Harbour Fair'])

    const link = (title: string) => page.locator('.event-calendar__entry a', { hasText: title }).first()
    await expect(link('Paris Evening').getAttribute('title')).resolves.toBe('Paris Evening — Mon 14 Jun 2027, 19:00–21:00 (Europe/Paris)')
    await expect(link('Draft Rehearsal').getAttribute('title')).resolves.toBe('Draft Rehearsal — Mon 14 Jun 2027, 10:00–12:00 (Europe/London) · Draft')
    await expect(link('Members Night').getAttribute('title')).resolves.toBe('Members Night — Mon 14 Jun 2027, 20:30–22:00 (Europe/Paris) · Password-protected')
    await expect(link('Sydney Harbour Fair').getAttribute('title')).resolves.toBe('Sydney Harbour Fair — Tue 15 Jun 2027 (all day) (Australia/Sydney)')
    // Marked like the draft badge; unprotected events carry no marker.
    await expect(link('Members Night').locator('.event-calendar__status--protected').innerText()).resolves.toBe('protected')
    await expect(page.locator('.event-calendar__status--protected').count()).resolves.toBe(1)
    await expect(link('Draft Rehearsal').locator('.event-calendar__status').innerText()).resolves.toBe('draft')

    // A title as long as the demo's reads whole in its cell: the entry wraps instead of clipping.
    const chamber = page.locator('td[data-date="2027-06-16"] .event-calendar__entry', { hasText: 'Chamber Evening' })
    await expect(chamber.locator('a').getAttribute('title')).resolves.toBe('Chamber Evening: Brahms & Schumann — Wed 16 Jun 2027, 20:00–22:00 (America/New_York)')
    const fits = await chamber.evaluate((li) => ({ clipped: li.scrollHeight > li.clientHeight + 1 || li.scrollWidth > li.clientWidth + 1, lines: Math.round(li.clientHeight / parseFloat(getComputedStyle(li).lineHeight)) }))
    expect(fits.clipped).toBe(false)
    expect(fits.lines).toBeGreaterThan(1)
    await screenshot(page, 'calendar-order')
  })

  it('the dashboard lists what is coming up by each event’s wall-clock start, the protected one marked', async () => {
    await page.goto(`${server.origin}/admin`)
    const rows = page.locator('.upcoming-events__list li')
    await expect(rows.locator('a').allInnerTexts()).resolves.toEqual([
      'Draft Rehearsal',
      'New York Lunch Talk',
      'Paris Evening',
      'Members Night',
      'Tokyo Late Set',
      'Sydney Harbour Fair',
      'Chamber Evening: Brahms & Schumann',
    ])
    await expect(rows.locator('.upcoming-events__when').allInnerTexts()).resolves.toEqual([
      'Mon 14 Jun 2027, 10:00–12:00 (Europe/London)',
      'Mon 14 Jun 2027, 12:00–13:00 (America/New_York)',
      'Mon 14 Jun 2027, 19:00–21:00 (Europe/Paris)',
      'Mon 14 Jun 2027, 20:30–22:00 (Europe/Paris)',
      'Mon 14 Jun 2027, 21:30–23:30 (Asia/Tokyo)',
      'Tue 15 Jun 2027 (all day) (Australia/Sydney)',
      'Wed 16 Jun 2027, 20:00–22:00 (America/New_York)',
    ])
    await expect(rows.filter({ hasText: 'Members Night' }).locator('.upcoming-events__marks').innerText()).resolves.toBe('Password-protected')
    await expect(rows.filter({ hasText: 'Draft Rehearsal' }).locator('.upcoming-events__marks').innerText()).resolves.toBe('Draft')
    await screenshot(page, 'dashboard-order')
  })

  it('the events list, sorted by the instant, leads each start with the site time it is sorted by', async () => {
    await page.goto(`${server.origin}/admin/collections/events`)
    const rows = page.locator('.table tbody tr')
    await expect(rows.locator('.cell-title').allInnerTexts()).resolves.toEqual(EVENTS.map((e) => e.title))
    const starts = await rows.locator('.cell-startDate').allInnerTexts()
    expect(starts).toHaveLength(EVENTS.length)
    // Each cell's first line is the site time (UTC here), and those lines read in the rows' order.
    const firstLines = starts.map((text) => text.split('\n')[0]!)
    const instants = firstLines.map((line) => DateTime.fromFormat(line, "ccc d LLL yyyy, HH:mm '(UTC, site time)'", { zone: 'UTC', locale: 'en-GB' }).toMillis())
    expect(instants.every((t) => Number.isFinite(t))).toBe(true)
    expect(instants).toEqual([...instants].sort((a, b) => a - b))
    const row = (title: string) => rows.filter({ hasText: title }).locator('.cell-startDate')
    await expect(row('Tokyo Late Set').innerText()).resolves.toBe('Mon 14 Jun 2027, 12:30 (UTC, site time)\nMon 14 Jun 2027, 21:30 (Asia/Tokyo)')
    await expect(row('Sydney Harbour Fair').innerText()).resolves.toBe('Mon 14 Jun 2027, 14:00 (UTC, site time)\nTue 15 Jun 2027, all day (Australia/Sydney)')
    await expect(row('Paris Evening').innerText()).resolves.toBe('Mon 14 Jun 2027, 17:00 (UTC, site time)\nMon 14 Jun 2027, 19:00 (Europe/Paris)')
    await screenshot(page, 'events-list-order')
  })
})
