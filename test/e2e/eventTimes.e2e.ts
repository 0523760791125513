import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { Page } from 'playwright-core'
import { apiFromPage, choose, eventually, logIn, openTab, save, screenshot } from './helpers/adminPage.js'
import { allowConsoleErrors } from './helpers/consoleErrors.js'
import { type Browser, launchBrowser } from './helpers/launchBrowser.js'
import { type RunningServer, startServer } from './helpers/startServer.js'

// Event times in the event's own zone, whatever zone the browser is in: an editor in New York
// writes a 19:00 Paris concert and an all-day Paris market; the REST answer of what was saved, the
// events list, the calendar, the dashboard and the list's date filters all speak Paris time,
// labelled. An author writes from Tokyo, a contributor from New York, a subscriber may not write.
// The site zone is London, so the site's, the browser's and the event's zones all differ.

const SITE_ZONE = 'Europe/London'
const users = {
  editor: { email: 'eda@example.org', username: 'eda', password: 'editor pass phrase', role: 'editor' },
  author: { email: 'aki@example.org', username: 'aki', password: 'author pass phrase', role: 'author' },
  contributor: { email: 'cy@example.org', username: 'cy', password: 'contributor phrase', role: 'contributor' },
  subscriber: { email: 'sam@example.org', username: 'sam', password: 'subscriber phrase', role: 'subscriber' },
}

let server: RunningServer
let newYork: Browser
let page: Page
const ids: Record<string, number> = {}

const namespace = () => `${server.origin}/wp-json/calendar/events/v1`
/** The namespace's answer for an event, read with the page's session (drafts and pending ones too). */
const served = async (p: Page, id: number) => (await apiFromPage(p, 'GET', `/wp-json/calendar/events/v1/events/${id}`)).json

/** Types a date into a Start/End picker as an editor does. */
async function typeDate(p: Page, field: 'startDate' | 'endDate', text: string) {
  const input = p.locator(`#field-${field} input`)
  await input.fill(text)
  await input.press('Enter')
}

beforeAll(async () => {
  server = await startServer(() => ({ SITE_TIMEZONE: SITE_ZONE }))
  for (const user of Object.values(users)) {
    await server.cli(['users:create', '--email', user.email, '--username', user.username, '--password', user.password, '--role', user.role])
  }
  newYork = await launchBrowser({ timezoneId: 'America/New_York' })
  page = await newYork.context.newPage()
}, 300_000)

afterAll(async () => {
  await newYork?.close()
  await server?.stop()
})

describe('event times in the event’s own zone, from a browser in another zone', () => {
  it('an editor in New York types 19:00 for a Paris concert; the zone keeps the typed time', async () => {
    await logIn(page, server.origin, users.editor.email, users.editor.password)
    await expect(page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).resolves.toBe('America/New_York')
    await page.goto(`${server.origin}/admin/collections/events/create`)
    await page.locator('#field-title').fill('Paris Concert')
    await openTab(page, 'When')
    // A new event starts in the site's zone.
    await expect(page.locator('#field-timezone .rs__single-value').innerText()).resolves.toBe(SITE_ZONE)
    await typeDate(page, 'startDate', 'Fri 5 Mar 2027, 19:00')
    await typeDate(page, 'endDate', 'Fri 5 Mar 2027, 22:00')
    // Picked after the times: they stay 19:00–22:00, now in Paris. The list is searchable.
    await page.locator('#field-timezone .rs__control').click()
    await page.locator('#field-timezone .rs__input').fill('paris')
    await expect(page.locator('.rs__menu .rs__option').allInnerTexts()).resolves.toEqual(['Europe/Paris'])
    await page.locator('.rs__menu .rs__option', { hasText: 'Europe/Paris' }).click()
    await expect(page.locator('#field-startDate input').inputValue()).resolves.toBe('Fri 5 Mar 2027, 19:00')
    await expect(page.getByTestId('startDate-zone').innerText()).resolves.toBe('Europe/Paris')
    const note = page.getByTestId('event-zone-note')
    await expect(note.locator('.event-zone-note__range').innerText()).resolves.toBe('Fri 5 Mar 2027, 19:00–22:00 (Europe/Paris)')
    await expect(note.locator('.event-zone-note__browser').innerText()).resolves.toBe('Your time (America/New_York): Fri 5 Mar 2027, 13:00–16:00')
    await screenshot(page, 'event-times-form')
    ids.concert = await save(page, 'events')

    expect(await served(page, ids.concert)).toMatchObject({
      title: 'Paris Concert',
      all_day: false,
      start_date: '2027-03-05 19:00:00',
      end_date: '2027-03-05 22:00:00',
      utc_start_date: '2027-03-05 18:00:00',
      utc_end_date: '2027-03-05 21:00:00',
      timezone: 'Europe/Paris',
      timezone_abbr: 'CET',
    })
    // Opened again, the form shows what was typed.
    await page.reload()
    await openTab(page, 'When')
    await expect(page.locator('#field-startDate input').inputValue()).resolves.toBe('Fri 5 Mar 2027, 19:00')
    await expect(page.locator('#field-endDate input').inputValue()).resolves.toBe('Fri 5 Mar 2027, 22:00')
    await expect(page.locator('#field-timezone .rs__single-value').innerText()).resolves.toBe('Europe/Paris')
  })

  it('an all-day Paris market on 1 March is stored and served as that whole day in Paris', async () => {
    await page.goto(`${server.origin}/admin/collections/events/create`)
    await page.locator('#field-title').fill('Paris Market')
    await openTab(page, 'When')
    await choose(page, 'field-timezone', 'Europe/Paris')
    await page.locator('#field-allDay').check()
    // Days only while the event is all day.
    await expect(page.getByTestId('startDate-zone').innerText()).resolves.toBe('All day, Europe/Paris')
    await typeDate(page, 'startDate', 'Mon 1 Mar 2027')
    await typeDate(page, 'endDate', 'Mon 1 Mar 2027')
    await expect(page.getByTestId('event-zone-note').locator('.event-zone-note__range').innerText()).resolves.toBe(
      'Mon 1 Mar 2027 (all day) (Europe/Paris)',
    )
    ids.market = await save(page, 'events')
    expect(await served(page, ids.market)).toMatchObject({
      all_day: true,
      start_date: '2027-03-01 00:00:00',
      end_date: '2027-03-01 23:59:59',
      utc_start_date: '2027-02-28 23:00:00',
      utc_end_date: '2027-03-01 22:59:59',
      timezone: 'Europe/Paris',
    })
    await page.reload()
    await openTab(page, 'When')
    await expect(page.locator('#field-startDate input').inputValue()).resolves.toBe('Mon 1 Mar 2027')
  })

  it('the events list shows Start and End in each event’s zone, labelled, and sorts by them', async () => {
    // 00:30 on 6 March in Paris is still 5 March in London and New York.
    const late = await apiFromPage(page, 'POST', '/api/events', {
      title: 'Late Show',
      startDate: '2027-03-05T23:30:00.000Z',
      endDate: '2027-03-06T00:30:00.000Z',
      timezone: 'Europe/Paris',
      status: 'publish',
    })
    expect(late.status).toBe(201)
    ids.late = late.json.doc.id

    await page.goto(`${server.origin}/admin/collections/events`)
    const row = (title: string) => page.locator('.table tbody tr', { hasText: title })
    // The list sorts by the instant: the site time it sorts by comes first, then the event's own.
    const site = (text: string) => `${text} (${SITE_ZONE}, site time)\n`
    await expect(row('Paris Concert').locator('.cell-startDate').innerText()).resolves.toBe(`${site('Fri 5 Mar 2027, 18:00')}Fri 5 Mar 2027, 19:00 (Europe/Paris)`)
    await expect(row('Paris Concert').locator('.cell-endDate').innerText()).resolves.toBe(`${site('Fri 5 Mar 2027, 21:00')}Fri 5 Mar 2027, 22:00 (Europe/Paris)`)
    await expect(row('Paris Market').locator('.cell-startDate').innerText()).resolves.toBe(`${site('Sun 28 Feb 2027, 23:00')}Mon 1 Mar 2027, all day (Europe/Paris)`)
    await expect(row('Late Show').locator('.cell-startDate').innerText()).resolves.toBe(`${site('Fri 5 Mar 2027, 23:30')}Sat 6 Mar 2027, 00:30 (Europe/Paris)`)
    await screenshot(page, 'event-times-list')

    const titles = () => page.locator('.table tbody tr .cell-title').allInnerTexts()
    await expect(titles()).resolves.toEqual(['Paris Market', 'Paris Concert', 'Late Show'])
    await page.locator('#heading-startDate button.sort-column__desc').click()
    await eventually(async () => expect(await titles()).toEqual(['Late Show', 'Paris Concert', 'Paris Market']))
    await page.locator('#heading-endDate button.sort-column__asc').click()
    await eventually(async () => expect(await titles()).toEqual(['Paris Market', 'Paris Concert', 'Late Show']))
  })

  it('the list’s date filters find each event on its own day, and organizer and tag filters work', async () => {
    const organizer = await apiFromPage(page, 'POST', '/api/organizers', { title: 'Orchestre de Paris', status: 'publish' })
    const tag = await apiFromPage(page, 'POST', '/api/event-tags', { name: 'Strings' })
    expect([organizer.status, tag.status]).toEqual([201, 201])
    const linked = await apiFromPage(page, 'PATCH', `/api/events/${ids.concert}`, { organizers: [organizer.json.doc.id], tags: [tag.json.doc.id] })
    expect(linked.status).toBe(200)

    await page.goto(`${server.origin}/admin/collections/events`)
    // Typed before React takes over the page, a date would be lost: wait for the filters to be live.
    const live = () => page.locator('.event-filters[data-ready]').waitFor()
    await live()
    const titles = () => page.locator('.table tbody tr .cell-title').allInnerTexts()
    await expect(page.locator('.event-filters__zone').innerText()).resolves.toBe('Days in each event’s own time zone')
    await page.locator('input[name="filter-from"]').fill('2027-03-06')
    await page.locator('input[name="filter-to"]').fill('2027-03-06')
    await eventually(async () => expect(await titles()).toEqual(['Late Show']))
    await page.reload()
    await live()
    await expect(page.locator('input[name="filter-from"]').inputValue()).resolves.toBe('2027-03-06')
    await page.locator('input[name="filter-from"]').fill('2027-03-05')
    await page.locator('input[name="filter-to"]').fill('2027-03-05')
    await eventually(async () => expect(await titles()).toEqual(['Paris Concert']))
    await page.locator('input[name="filter-from"]').fill('2027-03-01')
    await page.locator('input[name="filter-to"]').fill('2027-03-01')
    await eventually(async () => expect(await titles()).toEqual(['Paris Market']))
    // The day before, in Paris: nothing, though the market begins on 28 February in New York and London.
    await page.locator('input[name="filter-from"]').fill('2027-02-28')
    await page.locator('input[name="filter-to"]').fill('2027-02-28')
    await eventually(async () => expect(await page.locator('.table tbody tr').count()).toBe(0))
    await page.getByRole('button', { name: 'Clear filters' }).click()
    await eventually(async () => expect(await titles()).toHaveLength(3))

    await page.locator('select[name="filter-organizer"]').selectOption({ label: 'Orchestre de Paris' })
    await eventually(async () => expect(await titles()).toEqual(['Paris Concert']))
    await page.locator('select[name="filter-organizer"]').selectOption('')
    await eventually(async () => expect(await titles()).toHaveLength(3))
    await page.locator('select[name="filter-tag"]').selectOption({ label: 'Strings' })
    await eventually(async () => expect(await titles()).toEqual(['Paris Concert']))
  })

  it('the calendar and the dashboard show Paris days and times, labelled', async () => {
    await page.goto(`${server.origin}/admin/calendar?month=2027-03`)
    await expect(page.locator('td[data-date="2027-03-05"] li', { hasText: 'Paris Concert' }).innerText()).resolves.toBe(
      '19:00 (Europe/Paris) Paris Concert',
    )
    await expect(page.locator('td[data-date="2027-03-01"] li', { hasText: 'Paris Market' }).innerText()).resolves.toBe(
      'All day (Europe/Paris) Paris Market',
    )
    await expect(page.locator('td[data-date="2027-03-06"] li', { hasText: 'Late Show' }).count()).resolves.toBe(1)
    for (const day of ['2027-02-28', '2027-03-02']) {
      await expect(page.locator(`td[data-date="${day}"] li`, { hasText: 'Paris Market' }).count()).resolves.toBe(0)
    }

    await page.goto(`${server.origin}/admin`)
    const item = (title: string) => page.locator('.upcoming-events li', { hasText: title }).locator('.upcoming-events__when')
    await expect(item('Paris Concert').innerText()).resolves.toBe('Fri 5 Mar 2027, 19:00–22:00 (Europe/Paris)')
    await expect(item('Paris Market').innerText()).resolves.toBe('Mon 1 Mar 2027 (all day) (Europe/Paris)')
  })

  it('a manual offset a TEC site sent ("UTC+2") is shown, used by the pickers and kept on save', async () => {
    const sent = await apiFromPage(page, 'POST', '/api/events', {
      title: 'Offset Event',
      startDate: '2027-04-01T08:00:00.000Z',
      endDate: '2027-04-01T09:00:00.000Z',
      timezone: 'UTC+2',
      status: 'publish',
    })
    expect(sent.status).toBe(201)
    await page.goto(`${server.origin}/admin/collections/events/${sent.json.doc.id}`)
    await openTab(page, 'When')
    await expect(page.locator('#field-timezone .rs__single-value').innerText()).resolves.toBe('UTC+2')
    await expect(page.locator('#field-startDate input').inputValue()).resolves.toBe('Thu 1 Apr 2027, 10:00')
    await page.locator('#field-title').fill('Offset Event (edited)')
    await save(page, 'events')
    expect(await served(page, sent.json.doc.id)).toMatchObject({ timezone: 'UTC+2', start_date: '2027-04-01 10:00:00', utc_start_date: '2027-04-01 08:00:00' })
  })

  it('an author writing from Tokyo types Paris time too', async () => {
    const tokyo = await launchBrowser({ timezoneId: 'Asia/Tokyo' })
    try {
      const p = await tokyo.context.newPage()
      await logIn(p, server.origin, users.author.email, users.author.password)
      await p.goto(`${server.origin}/admin/collections/events/create`)
      await p.locator('#field-title').fill('Author Talk')
      await openTab(p, 'When')
      await choose(p, 'field-timezone', 'Europe/Paris')
      await typeDate(p, 'startDate', 'Sun 7 Mar 2027, 19:00')
      await typeDate(p, 'endDate', 'Sun 7 Mar 2027, 20:30')
      await expect(p.getByTestId('event-zone-note').locator('.event-zone-note__browser').innerText()).resolves.toBe(
        'Your time (Asia/Tokyo): Mon 8 Mar 2027, 03:00–04:30',
      )
      ids.authorTalk = await save(p, 'events')
      expect(await served(p, ids.authorTalk)).toMatchObject({
        start_date: '2027-03-07 19:00:00',
        end_date: '2027-03-07 20:30:00',
        utc_start_date: '2027-03-07 18:00:00',
        timezone: 'Europe/Paris',
      })
      // The editor's concert is listed to the author in Paris time as well.
      await p.goto(`${server.origin}/admin/collections/events`)
      await expect(p.locator('.table tbody tr', { hasText: 'Paris Concert' }).locator('.cell-startDate').innerText()).resolves.toBe(
        `Fri 5 Mar 2027, 18:00 (${SITE_ZONE}, site time)\nFri 5 Mar 2027, 19:00 (Europe/Paris)`,
      )
    } finally {
      await tokyo.close()
    }
  })

  it('a contributor in New York (who may not publish) writes an all-day Paris event, kept unpublished', async () => {
    await newYork.context.clearCookies()
    await logIn(page, server.origin, users.contributor.email, users.contributor.password)
    await page.goto(`${server.origin}/admin/collections/events/create`)
    await page.locator('#field-title').fill('Open Rehearsal')
    await openTab(page, 'When')
    await choose(page, 'field-timezone', 'Europe/Paris')
    await page.locator('#field-allDay').check()
    await typeDate(page, 'startDate', 'Mon 8 Mar 2027')
    await typeDate(page, 'endDate', 'Tue 9 Mar 2027')
    ids.rehearsal = await save(page, 'events')
    const doc = (await apiFromPage(page, 'GET', `/api/events/${ids.rehearsal}`)).json
    expect(doc).toMatchObject({ status: 'draft', allDay: true, timezone: 'Europe/Paris', startDate: '2027-03-07T23:00:00.000Z', endDate: '2027-03-09T22:59:59.000Z' })
    // Not public: anonymous readers do not get it.
    expect((await fetch(`${namespace()}/events/${ids.rehearsal}`)).status).not.toBe(200)
  })

  it('a subscriber sees Paris times in the list but may not create an event', async () => {
    await newYork.context.clearCookies()
    await logIn(page, server.origin, users.subscriber.email, users.subscriber.password)
    await page.goto(`${server.origin}/admin/collections/events`)
    await expect(page.locator('.table tbody tr', { hasText: 'Paris Concert' }).locator('.cell-startDate').innerText()).resolves.toBe(
      `Fri 5 Mar 2027, 18:00 (${SITE_ZONE}, site time)\nFri 5 Mar 2027, 19:00 (Europe/Paris)`,
    )
    allowConsoleErrors(/403/)
    const refused = await apiFromPage(page, 'POST', '/api/events', {
      title: 'Not mine',
      startDate: '2027-03-05T18:00:00.000Z',
      endDate: '2027-03-05T19:00:00.000Z',
      timezone: 'Europe/Paris',
    })
    expect(refused.status).toBe(403)
  })
})
