import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { Page } from 'playwright-core'
import { apiFromPage, choose, eventually, logIn, openTab, optionsOf, save, screenshot } from './helpers/adminPage.js'
import { allowConsoleErrors } from './helpers/consoleErrors.js'
import { type Browser, launchBrowser } from './helpers/launchBrowser.js'
import { type RunningServer, startServer } from './helpers/startServer.js'

// One story, in order: an administrator builds an event from scratch in the admin, protects it with
// a password and finds it in the calendar; then a contributor signs in and cannot publish.

const ADMIN = { email: 'ada@example.org', username: 'ada', password: 'correct horse battery', role: 'administrator' }
const CONTRIBUTOR = { email: 'cy@example.org', username: 'cy', password: 'staple paper clip', role: 'contributor' }
const EVENT_PASSWORD = 'open sesame'

let server: RunningServer
let browser: Browser
let page: Page
const ids: Record<string, number> = {}

const namespace = () => `${server.origin}/wp-json/calendar/events/v1`
const readEvent = (id: number, password?: string) =>
  fetch(`${namespace()}/events/${id}${password === undefined ? '' : `?password=${encodeURIComponent(password)}`}`)

beforeAll(async () => {
  server = await startServer()
  for (const user of [ADMIN, CONTRIBUTOR]) {
    await server.cli(['users:create', '--email', user.email, '--username', user.username, '--password', user.password, '--role', user.role])
  }
  browser = await launchBrowser()
  page = await browser.context.newPage()
}, 300_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe('the editors’ admin in a browser', () => {
  it('signs an administrator in through the login page; the nav offers the calendar and the users', async () => {
    await logIn(page, server.origin, ADMIN.email, ADMIN.password, 'login')
    const nav = page.locator('nav')
    await expect(nav.locator('#nav-calendar').innerText()).resolves.toBe('Calendar')
    await expect(nav.locator('#nav-users').count()).resolves.toBe(1)
    await expect(nav.locator('#nav-app-passwords').count()).resolves.toBe(1)
    await page.locator('#nav-calendar').waitFor({ state: 'visible' })
  })

  it('creates a venue with hand-typed coordinates; the slug fills itself from the name', async () => {
    await page.goto(`${server.origin}/admin/collections/venues/create`)
    await page.locator('#field-title').fill('Salle Pleyel')
    await expect(page.locator('#field-slug').inputValue()).resolves.toBe('salle-pleyel')
    await page.locator('#field-city').fill('Paris')
    await page.locator('#field-country').fill('France')
    await page.locator('#field-latitude').fill('48.877')
    await page.locator('#field-longitude').fill('2.3005')
    ids.venue = await save(page, 'venues')
    const venue = await (await fetch(`${namespace()}/venues/${ids.venue}`)).json()
    expect(venue).toMatchObject({ id: ids.venue, venue: 'Salle Pleyel', slug: 'salle-pleyel', city: 'Paris' })
  })

  it('creates an organizer and a category', async () => {
    await page.goto(`${server.origin}/admin/collections/organizers/create`)
    await page.locator('#field-title').fill('Orchestre de Paris')
    await page.locator('#field-email').fill('contact@orchestre.example')
    ids.organizer = await save(page, 'organizers')

    await page.goto(`${server.origin}/admin/collections/event-categories/create`)
    await page.locator('#field-name').fill('Concerts')
    await expect(page.locator('#field-slug').inputValue()).resolves.toBe('concerts')
    ids.category = await save(page, 'event-categories')
    expect(ids.category).toBeGreaterThan(0)
  })

  it('creates an event linked to them, in its own time zone, with a password', async () => {
    await page.goto(`${server.origin}/admin/collections/events/create`)
    await page.locator('#field-title').fill('Winter Concert')
    await openTab(page, 'When')
    // The browser is in New York; the times are typed in the event's zone, Paris.
    await choose(page, 'field-timezone', 'Europe/Paris')
    await page.locator('#field-startDate input').fill('Fri 4 Dec 2026, 19:00')
    await page.locator('#field-startDate input').press('Enter')
    await page.locator('#field-endDate input').fill('Fri 4 Dec 2026, 22:00')
    await page.locator('#field-endDate input').press('Enter')
    const note = page.getByTestId('event-zone-note')
    await expect(note.locator('.event-zone-note__range').innerText()).resolves.toBe('Fri 4 Dec 2026, 19:00–22:00 (Europe/Paris)')
    await expect(note.innerText()).resolves.toContain('America/New_York')
    await screenshot(page, 'event-form')

    await openTab(page, 'Where')
    await choose(page, 'field-venues', 'Salle Pleyel')
    await openTab(page, 'Who')
    await choose(page, 'field-organizers', 'Orchestre de Paris')
    await openTab(page, 'Details')
    await choose(page, 'field-categories', 'Concerts')
    await openTab(page, 'Visibility')
    await page.locator('#field-password').fill(EVENT_PASSWORD)
    ids.event = await save(page, 'events')
    expect(ids.event).toBeGreaterThan(0)
  })

  it('serves the event over the calendar namespace only with its password', async () => {
    const locked = await readEvent(ids.event!)
    expect(locked.status).toBe(403)
    const wrong = await readEvent(ids.event!, 'not it')
    expect(wrong.status).toBe(403)

    const unlocked = await readEvent(ids.event!, EVENT_PASSWORD)
    expect(unlocked.status).toBe(200)
    const event = await unlocked.json()
    expect(event).toMatchObject({
      id: ids.event,
      title: 'Winter Concert',
      status: 'publish',
      start_date: '2026-12-04 19:00:00',
      end_date: '2026-12-04 22:00:00',
      utc_start_date: '2026-12-04 18:00:00',
      timezone: 'Europe/Paris',
      venue: { id: ids.venue, venue: 'Salle Pleyel' },
      organizer: [{ id: ids.organizer, organizer: 'Orchestre de Paris' }],
      categories: [{ id: ids.category, name: 'Concerts' }],
    })
    expect(JSON.stringify(event)).not.toContain(EVENT_PASSWORD)
  })

  it('keeps the stored password when the form is saved again without touching it', async () => {
    await page.reload()
    await openTab(page, 'Details')
    await page.locator('#field-cost').fill('25')
    await save(page, 'events')

    expect((await readEvent(ids.event!)).status).toBe(403)
    const unlocked = await readEvent(ids.event!, EVENT_PASSWORD)
    expect(unlocked.status).toBe(200)
    await expect(unlocked.json()).resolves.toMatchObject({ cost: expect.stringContaining('25') })
  })

  it('keeps a revision per save', async () => {
    await page.goto(`${server.origin}/admin/collections/events/${ids.event}/versions`)
    const rows = page.locator('.table tbody tr')
    await rows.first().waitFor()
    expect(await rows.count()).toBeGreaterThanOrEqual(2)
  })

  it('lists events by start with the editor’s columns, and filters them by dates, status, category and venue', async () => {
    // A second event, through Payload's REST with the admin's session: spring, no venue, a draft.
    const created = await apiFromPage(page, 'POST', '/api/events', {
      title: 'Spring Talk',
      startDate: '2027-03-10T17:00:00.000Z',
      endDate: '2027-03-10T18:00:00.000Z',
      status: 'draft',
    })
    expect(created.status).toBe(201)
    ids.spring = created.json.doc.id

    await page.goto(`${server.origin}/admin/collections/events`)
    const headings = await page.locator('.table thead th').allInnerTexts()
    expect(headings.map((h) => h.trim())).toEqual(expect.arrayContaining(['Title', 'Start', 'End', 'Venues', 'Status', 'Featured']))
    const titles = () => page.locator('.table tbody tr .cell-title').allInnerTexts()
    await expect(titles()).resolves.toEqual(['Winter Concert', 'Spring Talk'])
    await page.locator('.table tbody tr', { hasText: 'Winter Concert' }).locator('text=Salle Pleyel').waitFor()
    await screenshot(page, 'event-list')

    await page.locator('select[name="filter-venue"]').selectOption({ label: 'Salle Pleyel' })
    await page.waitForURL(/where/)
    await eventually(async () => expect(await titles()).toEqual(['Winter Concert']))
    await page.locator('select[name="filter-venue"]').selectOption('')
    await page.locator('select[name="filter-status"]').selectOption('draft')
    await eventually(async () => expect(await titles()).toEqual(['Spring Talk']))
    await page.locator('select[name="filter-status"]').selectOption('')
    await page.locator('select[name="filter-category"]').selectOption({ label: 'Concerts' })
    await eventually(async () => expect(await titles()).toEqual(['Winter Concert']))
    await page.locator('select[name="filter-category"]').selectOption('')
    await page.locator('input[name="filter-from"]').fill('2027-01-01')
    await eventually(async () => expect(await titles()).toEqual(['Spring Talk']))
    await page.locator('input[name="filter-to"]').fill('2027-02-01')
    await eventually(async () => expect(await page.locator('.table tbody tr').count()).toBe(0))
    await page.getByRole('button', { name: 'Clear filters' }).click()
    await eventually(async () => expect(await titles()).toEqual(['Winter Concert', 'Spring Talk']))

    await page.locator('.search-filter__input').fill('spring')
    await eventually(async () => expect(await titles()).toEqual(['Spring Talk']))
  })

  it('moves an event to the trash and restores it', async () => {
    await page.goto(`${server.origin}/admin/collections/events/${ids.spring}`)
    await page.locator('.doc-controls__popup button').click()
    await page.locator('.popup__content').getByText('Delete', { exact: true }).click()
    const deletion = page.locator('.confirmation-modal', { hasText: 'Confirm deletion' })
    await expect(deletion.innerText()).resolves.toContain('move the Event Spring Talk to the trash')
    await deletion.getByRole('button', { name: 'Confirm' }).click()
    await page.waitForURL(/\/admin\/collections\/events(\?|$)/)
    expect((await apiFromPage(page, 'GET', `/api/events/${ids.spring}?trash=true`)).json).toMatchObject({ deletedAt: expect.any(String) })

    await page.goto(`${server.origin}/admin/collections/events/trash`)
    await page.locator('.table tbody tr a', { hasText: 'Spring Talk' }).click()
    await page.waitForURL(`**/admin/collections/events/trash/${ids.spring}`)
    await page.locator('#action-restore').click()
    const restoration = page.locator('.confirmation-modal', { hasText: 'Confirm restoration' })
    await expect(restoration.innerText()).resolves.toContain('restore the Event Spring Talk')
    await restoration.getByRole('button', { name: 'Confirm' }).click()
    await page.locator('.payload-toast-container .toast-success').first().waitFor()
    await eventually(async () => expect((await apiFromPage(page, 'GET', `/api/events/${ids.spring}`)).json).toMatchObject({ title: 'Spring Talk', deletedAt: null }))
  })

  it('shows the month in the calendar view, each event on its own day, linking to its edit page', async () => {
    await page.goto(`${server.origin}/admin/calendar?month=2026-12`)
    await expect(page.getByTestId('calendar-month').innerText()).resolves.toBe('December 2026')
    const day = page.locator('td[data-date="2026-12-04"]')
    const link = day.locator('a', { hasText: 'Winter Concert' })
    await expect(link.innerText()).resolves.toContain('19:00')
    await screenshot(page, 'calendar')
    await link.click()
    await page.waitForURL(`**/admin/collections/events/${ids.event}`)
  })

  it('lists what is coming up on the dashboard, in each event’s own zone', async () => {
    const start = new Date(Date.now() + 7 * 86_400_000)
    const end = new Date(start.getTime() + 2 * 3_600_000)
    const created = await apiFromPage(page, 'POST', '/api/events', {
      title: 'Next Week Workshop',
      startDate: start.toISOString(),
      endDate: end.toISOString(),
      timezone: 'Asia/Tokyo',
    })
    expect(created.status).toBe(201)
    await page.goto(`${server.origin}/admin`)
    const item = page.locator('.upcoming-events li', { hasText: 'Next Week Workshop' })
    await expect(item.innerText()).resolves.toContain('Asia/Tokyo')
    await expect(item.locator('a').getAttribute('href')).resolves.toBe(`/admin/collections/events/${created.json.doc.id}`)
    await screenshot(page, 'dashboard')
  })

  it('does not offer a contributor publishing, nor the users and roles, and their post waits for review', async () => {
    await browser.context.clearCookies()
    await logIn(page, server.origin, CONTRIBUTOR.email, CONTRIBUTOR.password)
    const nav = page.locator('nav')
    await expect(nav.locator('#nav-calendar').count()).resolves.toBe(1)
    await expect(nav.locator('#nav-users').count()).resolves.toBe(0)
    // Their own application passwords, as every role (WordPress lets each user manage theirs).
    await expect(nav.locator('#nav-app-passwords').count()).resolves.toBe(1)

    await page.goto(`${server.origin}/admin/collections/events/create`)
    await page.locator('#field-title').fill('Open Rehearsal')
    const status = page.locator('#field-status')
    await eventually(async () => expect(await status.locator('.rs__single-value').innerText()).toBe('Draft'))
    const offered = await optionsOf(page, status)
    expect(offered).toEqual(['Draft', 'Pending review'])
    await screenshot(page, 'contributor-status')
    await page.locator('.rs__menu .rs__option', { hasText: 'Pending review' }).click()

    await openTab(page, 'When')
    await page.locator('#field-startDate input').fill('Sat 5 Dec 2026, 10:00')
    await page.locator('#field-startDate input').press('Enter')
    await page.locator('#field-endDate input').fill('Sat 5 Dec 2026, 12:00')
    await page.locator('#field-endDate input').press('Enter')
    ids.rehearsal = await save(page, 'events')
    expect((await apiFromPage(page, 'GET', `/api/events/${ids.rehearsal}`)).json).toMatchObject({ status: 'pending' })

    // Even asking Payload's REST directly, the contributor's publish is scaled back to pending.
    const published = await apiFromPage(page, 'PATCH', `/api/events/${ids.rehearsal}`, { status: 'publish' })
    expect(published.status).toBe(200)
    expect(published.json).toMatchObject({ doc: { status: 'pending' } })
    expect((await fetch(`${namespace()}/events/${ids.rehearsal}`)).status).not.toBe(200)

    // Their role is shown on their account page, not editable; the users list does not exist for them.
    await page.goto(`${server.origin}/admin/account`)
    const role = page.locator('#field-role')
    await expect(role.locator('.rs__single-value').innerText()).resolves.toBe('contributor')
    await expect(role.locator('input.rs__input').isDisabled()).resolves.toBe(true)
    // The page answers 404 on purpose; Chromium logs that as a failed load.
    allowConsoleErrors(/status of 404 .*\/admin\/collections\/users\)$/)
    await page.goto(`${server.origin}/admin/collections/users`)
    // Next's 404 while the admin loads, then Payload's own "Nothing found" view; the body is
    // empty until the client has rendered one of them, so wait for the text rather than read it once.
    await page.getByText(/Not Found|Nothing found/).first().waitFor()
    await expect(page.locator('body').innerText()).resolves.toMatch(/Not Found|Nothing found/)
  })
})
