import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { Page } from 'playwright-core'
import { eventually, logIn, screenshot } from './helpers/adminPage.js'
import { type Browser, launchBrowser } from './helpers/launchBrowser.js'
import { type RunningServer, startServer } from './helpers/startServer.js'

// The calendar's occurrences of a repeating event (src/admin/EventCalendarView.tsx, OccurrenceEntry.tsx),
// from a browser in Tokyo for a weekly 19:00 New York series across New York's DST change (14 March
// 2027), the site in London: each occurrence on its own day, then an editor changes one occurrence,
// splits the series there on, and cancels one, each read back over HTTP from the namespace list; the
// agenda lists each occurrence on its own row and changes one the same way.

const editor = { email: 'eda@example.org', username: 'eda', password: 'editor pass phrase', role: 'editor' }

let server: RunningServer
let tokyo: Browser
let page: Page
let token: string
let seriesId: number

const namespace = () => `${server.origin}/wp-json/calendar/events/v1`

beforeAll(async () => {
  server = await startServer(() => ({ SITE_TIMEZONE: 'Europe/London' }))
  await server.cli(['users:create', '--email', editor.email, '--username', editor.username, '--password', editor.password, '--role', editor.role])
  const login = await fetch(`${server.origin}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: editor.email, password: editor.password }),
  })
  expect(login.status).toBe(200)
  token = ((await login.json()) as { token: string }).token
  // Tuesdays at 19:00 in New York, six times: 2 March to 6 April 2027 (EDT from the 16th).
  const created = await fetch(`${namespace()}/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `JWT ${token}` },
    body: JSON.stringify({
      title: 'Choir',
      status: 'publish',
      start_date: '2027-03-02 19:00',
      end_date: '2027-03-02 21:00',
      timezone: 'America/New_York',
      recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=TU;COUNT=6'],
    }),
  })
  expect(created.status).toBe(201)
  seriesId = ((await created.json()) as { id: number }).id
  tokyo = await launchBrowser({ timezoneId: 'Asia/Tokyo' })
  page = await tokyo.context.newPage()
}, 300_000)

afterAll(async () => {
  await tokyo?.close()
  await server?.stop()
})

interface ListItem {
  id: number
  title: string
  start_date: string
  timezone: string
  recurrence?: { series_id: number; original_start: string }
}

/** The namespace's list for March and April 2027: one item per occurrence, start dates in New York. */
async function listed(): Promise<ListItem[]> {
  const res = await fetch(`${namespace()}/events?start_date=2027-03-01&end_date=2027-04-30&per_page=50`, { headers: { authorization: `JWT ${token}` } })
  expect(res.status).toBe(200)
  return ((await res.json()) as { events: ListItem[] }).events
}

const byDate = (items: ListItem[]) => items.map((item) => [item.start_date, item.title])

/** The calendar's entries of repeating events: [day, label]. */
async function calendarEntries(): Promise<string[][]> {
  return page.locator('.event-calendar__entry--repeat .event-calendar__open').evaluateAll((buttons) =>
    buttons.map((button) => [button.closest('td')!.getAttribute('data-date')!, (button.textContent ?? '').replace(/\s+/g, ' ').trim()]),
  )
}

/** Opens the occurrence on `date` and waits for its dialog. */
async function openOccurrence(date: string) {
  await page.locator(`td[data-date="${date}"] .event-calendar__open`).click()
  const dialog = page.locator('dialog[open][data-testid="occurrence-dialog"]')
  await dialog.waitFor()
  return dialog
}

async function expectCalendar(expected: string[][]) {
  await eventually(async () => expect(await calendarEntries()).toEqual(expected))
}

describe('the calendar, an editor in Tokyo, a weekly New York series across the DST change', () => {
  it('shows every occurrence on its own New York day at 19:00, marked as repeating', async () => {
    await logIn(page, server.origin, editor.email, editor.password)
    await expect(page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).resolves.toBe('Asia/Tokyo')
    await page.goto(`${server.origin}/admin/calendar?month=2027-03`)
    // The grid ends on Sunday 4 April: the sixth occurrence (6 April) is next month's.
    await expectCalendar(['2027-03-02', '2027-03-09', '2027-03-16', '2027-03-23', '2027-03-30'].map((d) => [d, '19:00 (America/New_York) Choir ↻']))
    await expect(page.locator('.event-calendar__meta').innerText()).resolves.toMatch(/^5 events in view/)
    const items = await listed()
    expect(byDate(items)).toEqual(
      ['2027-03-02', '2027-03-09', '2027-03-16', '2027-03-23', '2027-03-30', '2027-04-06'].map((d) => [`${d} 19:00:00`, 'Choir']),
    )
    expect(items.every((item) => item.recurrence?.series_id === seriesId && item.id > 10_000_000)).toBe(true)
    // Each entry names the provisional ID the namespace answers it under.
    const ids = await page.locator('.event-calendar__open').evaluateAll((buttons) => buttons.map((b) => Number(b.getAttribute('data-provisional-id'))))
    expect(ids).toEqual(items.slice(0, 5).map((item) => item.id))
    await screenshot(page, 'calendar-occurrences')
  })

  it('changes this occurrence only: its form reads New York times, the others keep the series title', async () => {
    const dialog = await openOccurrence('2027-03-16')
    await expect(dialog.locator('h2').innerText()).resolves.toBe('Choir')
    await expect(dialog.locator('.occurrence-dialog__when').innerText()).resolves.toContain('Tue 16 Mar 2027, 19:00–21:00 (America/New_York)')
    await expect(dialog.locator('input[name="start"]').inputValue()).resolves.toBe('2027-03-16T19:00')
    await expect(dialog.locator('input[name="end"]').inputValue()).resolves.toBe('2027-03-16T21:00')
    await expect(dialog.getByRole('link', { name: 'Edit all events' }).getAttribute('href')).resolves.toBe(`/admin/collections/events/${seriesId}`)
    await dialog.locator('input[name="title"]').fill('Choir with guest conductor')
    await screenshot(page, 'calendar-occurrence-dialog')
    await dialog.getByRole('button', { name: 'Change this occurrence' }).click()
    await dialog.waitFor({ state: 'hidden' })

    await expectCalendar([
      ['2027-03-02', '19:00 (America/New_York) Choir ↻'],
      ['2027-03-09', '19:00 (America/New_York) Choir ↻'],
      ['2027-03-16', '19:00 (America/New_York) Choir with guest conductor ↻ changed'],
      ['2027-03-23', '19:00 (America/New_York) Choir ↻'],
      ['2027-03-30', '19:00 (America/New_York) Choir ↻'],
    ])
    const items = await listed()
    expect(byDate(items)).toEqual([
      ['2027-03-02 19:00:00', 'Choir'],
      ['2027-03-09 19:00:00', 'Choir'],
      ['2027-03-16 19:00:00', 'Choir with guest conductor'],
      ['2027-03-23 19:00:00', 'Choir'],
      ['2027-03-30 19:00:00', 'Choir'],
      ['2027-04-06 19:00:00', 'Choir'],
    ])
    // Still the series' occurrence, under the same provisional ID.
    expect(items[2]!.recurrence?.series_id).toBe(seriesId)
    const changed = await openOccurrence('2027-03-16')
    await expect(changed.getByRole('link', { name: 'Open this occurrence' }).count()).resolves.toBe(1)
    await changed.getByRole('button', { name: 'Close' }).click()
    await changed.waitFor({ state: 'hidden' })
  })

  it('changes this and the following ones: the series splits there', async () => {
    const dialog = await openOccurrence('2027-03-23')
    await dialog.locator('input[name="title"]').fill('Spring choir')
    await dialog.getByRole('button', { name: 'Change this and following' }).click()
    await dialog.waitFor({ state: 'hidden' })

    await expectCalendar([
      ['2027-03-02', '19:00 (America/New_York) Choir ↻'],
      ['2027-03-09', '19:00 (America/New_York) Choir ↻'],
      ['2027-03-16', '19:00 (America/New_York) Choir with guest conductor ↻ changed'],
      ['2027-03-23', '19:00 (America/New_York) Spring choir ↻'],
      ['2027-03-30', '19:00 (America/New_York) Spring choir ↻'],
    ])
    const items = await listed()
    expect(byDate(items)).toEqual([
      ['2027-03-02 19:00:00', 'Choir'],
      ['2027-03-09 19:00:00', 'Choir'],
      ['2027-03-16 19:00:00', 'Choir with guest conductor'],
      ['2027-03-23 19:00:00', 'Spring choir'],
      ['2027-03-30 19:00:00', 'Spring choir'],
      ['2027-04-06 19:00:00', 'Spring choir'],
    ])
    const newSeries = items[3]!.recurrence!.series_id
    expect(newSeries).not.toBe(seriesId)
    expect(items.slice(3).every((item) => item.recurrence?.series_id === newSeries)).toBe(true)
    expect(items.slice(0, 3).every((item) => item.recurrence?.series_id === seriesId)).toBe(true)
  })

  it('cancels an occurrence: it leaves the calendar and the list, the series stays', async () => {
    const dialog = await openOccurrence('2027-03-09')
    await dialog.getByRole('button', { name: 'Cancel this occurrence…' }).click()
    await dialog.getByRole('button', { name: 'Yes, cancel this occurrence' }).click()
    await dialog.waitFor({ state: 'hidden' })

    await expectCalendar([
      ['2027-03-02', '19:00 (America/New_York) Choir ↻'],
      ['2027-03-16', '19:00 (America/New_York) Choir with guest conductor ↻ changed'],
      ['2027-03-23', '19:00 (America/New_York) Spring choir ↻'],
      ['2027-03-30', '19:00 (America/New_York) Spring choir ↻'],
    ])
    expect(byDate(await listed())).toEqual([
      ['2027-03-02 19:00:00', 'Choir'],
      ['2027-03-16 19:00:00', 'Choir with guest conductor'],
      ['2027-03-23 19:00:00', 'Spring choir'],
      ['2027-03-30 19:00:00', 'Spring choir'],
      ['2027-04-06 19:00:00', 'Spring choir'],
    ])
  })

  it('lists the occurrences on the dashboard, marked as repeating', async () => {
    await page.goto(`${server.origin}/admin`)
    const rows = page.locator('.upcoming-events__list li')
    await rows.first().waitFor()
    const texts = (await rows.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim())
    expect(texts.length).toBe(5)
    expect(texts[0]).toBe('Tue 2 Mar 2027, 19:00–21:00 (America/New_York) Choir Repeats')
    expect(texts[1]).toBe('Tue 16 Mar 2027, 19:00–21:00 (America/New_York) Choir with guest conductor Changed occurrence')
  })

  it('the agenda lists each occurrence on its own row, in New York time, and changes one from there', async () => {
    // The Events list has one row per series; it points to the agenda for occurrences, and each
    // repeating row to the agenda of its own (the first series kept 2 and 16 March).
    await page.goto(`${server.origin}/admin/collections/events`)
    const choirRow = page.locator('.table tbody tr', { has: page.locator('.cell-title', { hasText: /^Choir$/ }) })
    await choirRow.locator('.event-time-cell__repeat').waitFor()
    await screenshot(page, 'events-list-series')
    const changedRow = page.locator('.table tbody tr', { has: page.locator('.cell-title', { hasText: 'Choir with guest conductor' }) })
    await expect(changedRow.locator('.event-time-cell__repeat').innerText()).resolves.toBe('↻ Changed occurrence: its series')
    await expect(changedRow.locator('.event-time-cell__repeat').getAttribute('href')).resolves.toBe(`/admin/agenda?series=${seriesId}&from=2027-03-16`)
    await choirRow.locator('.event-time-cell__repeat').click()
    await page.waitForURL(/\/admin\/agenda\?series=\d+&from=2027-03-03$/)
    await expect(page.locator('h1').innerText()).resolves.toBe('Agenda: Choir')
    const seriesRows = async () => (await page.locator('.event-agenda__table tbody tr').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim())
    await eventually(async () =>
      expect(await seriesRows()).toEqual([
        'Tue 2 Mar 2027, 19:00–21:00 (America/New_York) Choir ↻ Repeats',
        'Tue 16 Mar 2027, 19:00–21:00 (America/New_York) Choir with guest conductor ↻ changed Changed occurrence',
      ]),
    )
    await page.goto(`${server.origin}/admin/collections/events`)
    await page.locator('.event-filters__agenda a').click()
    await page.waitForURL(/\/admin\/agenda$/)
    await page.goto(`${server.origin}/admin/agenda?from=2027-03-01`)
    const rows = page.locator('.event-agenda__table tbody tr')
    const agenda = async () => (await rows.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim())
    const expected = [
      'Tue 2 Mar 2027, 19:00–21:00 (America/New_York) Choir ↻ Repeats',
      'Tue 16 Mar 2027, 19:00–21:00 (America/New_York) Choir with guest conductor ↻ changed Changed occurrence',
      'Tue 23 Mar 2027, 19:00–21:00 (America/New_York) Spring choir ↻ Repeats',
      'Tue 30 Mar 2027, 19:00–21:00 (America/New_York) Spring choir ↻ Repeats',
      'Tue 6 Apr 2027, 19:00–21:00 (America/New_York) Spring choir ↻ Repeats',
    ]
    await eventually(async () => expect(await agenda()).toEqual(expected))
    await expect(page.getByTestId('agenda-meta').innerText()).resolves.toMatch(/^5 events from 2027-03-01 /)
    // Each row names the provisional ID the namespace answers it under.
    const items = await listed()
    const ids = await page.locator('.event-agenda__table .event-calendar__open').evaluateAll((buttons) => buttons.map((b) => Number(b.getAttribute('data-provisional-id'))))
    expect(ids).toEqual(items.map((item) => item.id))
    await screenshot(page, 'agenda-occurrences')

    await rows.nth(3).locator('.event-calendar__open').click()
    const dialog = page.locator('dialog[open][data-testid="occurrence-dialog"]')
    await expect(dialog.locator('input[name="start"]').inputValue()).resolves.toBe('2027-03-30T19:00')
    await dialog.locator('input[name="title"]').fill('Spring choir in hall B')
    await dialog.getByRole('button', { name: 'Change this occurrence' }).click()
    await dialog.waitFor({ state: 'hidden' })
    expected[3] = 'Tue 30 Mar 2027, 19:00–21:00 (America/New_York) Spring choir in hall B ↻ changed Changed occurrence'
    await eventually(async () => expect(await agenda()).toEqual(expected))
    expect(byDate(await listed())).toEqual([
      ['2027-03-02 19:00:00', 'Choir'],
      ['2027-03-16 19:00:00', 'Choir with guest conductor'],
      ['2027-03-23 19:00:00', 'Spring choir'],
      ['2027-03-30 19:00:00', 'Spring choir in hall B'],
      ['2027-04-06 19:00:00', 'Spring choir'],
    ])
  })
})
