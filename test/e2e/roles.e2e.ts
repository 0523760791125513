import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { Page } from 'playwright-core'
import { apiFromPage, eventually, logIn, save, screenshot } from './helpers/adminPage.js'
import { type Browser, launchBrowser } from './helpers/launchBrowser.js'
import { type RunningServer, startServer } from './helpers/startServer.js'

// The admin as each role uses it: an editor's venue form (map flags as checkboxes, one state or
// province input) and lists in words; every role's navigation and dashboard offering only what it may
// do; and every role managing its own application passwords, never anyone else's — in the admin, over
// /api and over GraphQL with that password.

type Who = 'administrator' | 'editor' | 'author' | 'contributor' | 'subscriber'
const USERS: Record<Who, { email: string; username: string; password: string }> = {
  administrator: { email: 'ada@example.org', username: 'ada', password: 'correct horse battery' },
  editor: { email: 'ed@example.org', username: 'ed', password: 'staple paper clip' },
  author: { email: 'au@example.org', username: 'au', password: 'purple monkey dishwasher' },
  contributor: { email: 'cy@example.org', username: 'cy', password: 'lemon tree river' },
  subscriber: { email: 'sue@example.org', username: 'sue', password: 'quiet garden bench' },
}
const ROLES = ['editor', 'author', 'contributor', 'subscriber'] as const
// The collections each role may create, as the dashboard's cards and links should offer them.
const MAY_CREATE: Record<(typeof ROLES)[number], string[]> = {
  editor: ['events', 'venues', 'organizers', 'event-categories', 'event-tags', 'media', 'app-passwords'],
  author: ['events', 'venues', 'organizers', 'media', 'app-passwords'],
  contributor: ['events', 'venues', 'organizers', 'media', 'app-passwords'],
  subscriber: ['app-passwords'],
}

let server: RunningServer
let browser: Browser
let page: Page
/** The administrator's own application password (made with the CLI), which nobody else may see. */
const adminPassword = { id: 0, plain: '' }
const userIds = {} as Record<Who, number>

const namespace = () => `${server.origin}/wp-json/calendar/events/v1`
const basic = (username: string, password: string) => ({ authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}` })
async function asUser(username: string, password: string, path: string, init: RequestInit = {}) {
  const res = await fetch(`${server.origin}${path}`, { ...init, headers: { ...basic(username, password), 'content-type': 'application/json', ...init.headers } })
  return { status: res.status, json: await res.json().catch(() => null) }
}
const graphql = (username: string, password: string, query: string) =>
  asUser(username, password, '/api/graphql', { method: 'POST', body: JSON.stringify({ query }) })

async function signIn(who: Who): Promise<void> {
  await browser.context.clearCookies()
  await logIn(page, server.origin, USERS[who].email, USERS[who].password)
}

beforeAll(async () => {
  server = await startServer()
  for (const [role, user] of Object.entries(USERS)) {
    await server.cli(['users:create', '--email', user.email, '--username', user.username, '--password', user.password, '--role', role])
  }
  const printed = await server.cli(['app-passwords:create', '--user', USERS.administrator.username, '--name', 'Admin script'])
  adminPassword.plain = printed.trim().split('\n').pop()!.trim()
  const own = await asUser(USERS.administrator.username, adminPassword.plain, '/api/app-passwords?where[name][equals]=Admin%20script')
  adminPassword.id = own.json.docs[0].id
  for (const [who, user] of Object.entries(USERS)) {
    const found = await asUser(USERS.administrator.username, adminPassword.plain, `/api/users?depth=0&where[username][equals]=${user.username}`)
    userIds[who as Who] = found.json.docs[0].id
  }
  browser = await launchBrowser()
  page = await browser.context.newPage()
}, 300_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe("an editor's venue form and lists", () => {
  let venueId = 0

  it('map flags are checkboxes saved as the strings "true"/"false"; one state-or-province input fills state, province and stateprovince', async () => {
    await signIn('editor')
    await page.goto(`${server.origin}/admin/collections/venues/create`)
    await page.locator('#field-title').fill('Symphony Hall')
    // One input for the region: no separate State and Province boxes.
    await expect(page.locator('#field-state').isVisible()).resolves.toBe(false)
    await expect(page.locator('#field-province').isVisible()).resolves.toBe(false)
    const showMap = page.locator('#field-showMap')
    const showMapLink = page.locator('#field-showMapLink')
    await expect(showMap.getAttribute('type')).resolves.toBe('checkbox')
    // New venues show both, as the reference's default.
    await expect(showMap.isChecked()).resolves.toBe(true)
    await expect(showMapLink.isChecked()).resolves.toBe(true)
    await page.locator('#field-country').fill('United States')
    await page.locator('#field-stateprovince').fill('MA')
    await showMapLink.setChecked(false)
    await screenshot(page, 'venue-form-flags')
    venueId = await save(page, 'venues')

    const stored = await apiFromPage(page, 'GET', `/api/venues/${venueId}`)
    expect(stored.json).toMatchObject({ showMap: 'true', showMapLink: 'false', state: 'MA', stateprovince: 'MA', country: 'United States' })
    expect(stored.json.province ?? '').toBe('')
    const wire = await (await fetch(`${namespace()}/venues/${venueId}`)).json()
    expect(wire).toMatchObject({ venue: 'Symphony Hall', state: 'MA', stateprovince: 'MA', show_map: true, show_map_link: false })
    expect(wire).not.toHaveProperty('province')
  })

  it('changing the country moves the region to the province; the flags flip and read back after a reload', async () => {
    await page.goto(`${server.origin}/admin/collections/venues/${venueId}`)
    await expect(page.locator('#field-stateprovince').inputValue()).resolves.toBe('MA')
    await page.locator('#field-country').fill('Canada')
    await page.locator('#field-stateprovince').fill('Ontario')
    await page.locator('#field-showMap').setChecked(false)
    await page.locator('#field-showMapLink').setChecked(true)
    await save(page, 'venues')

    const stored = await apiFromPage(page, 'GET', `/api/venues/${venueId}`)
    expect(stored.json).toMatchObject({ showMap: 'false', showMapLink: 'true', province: 'Ontario', stateprovince: 'Ontario', country: 'Canada' })
    expect(stored.json.state ?? '').toBe('')
    const wire = await (await fetch(`${namespace()}/venues/${venueId}`)).json()
    expect(wire).toMatchObject({ province: 'Ontario', stateprovince: 'Ontario', show_map: false, show_map_link: true })
    expect(wire).not.toHaveProperty('state')

    await page.reload()
    await expect(page.locator('#field-showMap').isChecked()).resolves.toBe(false)
    await expect(page.locator('#field-showMapLink').isChecked()).resolves.toBe(true)
    await expect(page.locator('#field-stateprovince').inputValue()).resolves.toBe('Ontario')
  })

  it('a venue saved over /api with only a state shows it in the one input', async () => {
    const created = await apiFromPage(page, 'POST', '/api/venues', { title: 'Blue Note', state: 'NY', country: 'United States' })
    expect(created.status).toBe(201)
    await page.goto(`${server.origin}/admin/collections/venues/${created.json.doc.id}`)
    await eventually(async () => expect(await page.locator('#field-stateprovince').inputValue()).toBe('NY'))
  })

  it('lists show statuses and yes/no columns in words', async () => {
    const created = await apiFromPage(page, 'POST', '/api/events', {
      title: 'Words Not Booleans',
      startDate: '2027-03-10T17:00:00.000Z',
      endDate: '2027-03-10T18:00:00.000Z',
      timezone: 'Europe/Paris',
    })
    expect(created.status).toBe(201)
    await page.goto(`${server.origin}/admin/collections/events`)
    const row = page.locator('tbody tr', { hasText: 'Words Not Booleans' })
    await row.waitFor()
    await expect(row.locator('td.cell-status').innerText()).resolves.toBe('Published')
    await expect(row.locator('td.cell-featured').innerText()).resolves.toBe('No')
    const table = await page.locator('table').first().innerText()
    expect(table).not.toMatch(/\b(true|false)\b/)
    expect(table).not.toMatch(/\((publish|draft|pending|future|private)\)/)

    await page.goto(`${server.origin}/admin/collections/venues?limit=10`)
    const venues = await page.locator('table').first().innerText()
    expect(venues).toContain('Symphony Hall')
    expect(venues).not.toMatch(/\((publish|draft|pending|future|private)\)/)

    await page.goto(`${server.origin}/admin/collections/events/${created.json.doc.id}`)
    await expect(page.locator('#field-status .rs__single-value').innerText()).resolves.toBe('Published')
  })
})

describe.each(ROLES)('as %s: navigation and dashboard', (role) => {
  it('the navigation names "Calendar" once; the dashboard links only to what this role may create', async () => {
    await signIn(role)
    const nav = page.locator('nav')
    await expect(nav.getByText('Calendar', { exact: true }).count()).resolves.toBe(1)
    await expect(nav.locator('#nav-app-passwords').count()).resolves.toBe(1)
    const upcoming = page.locator('.upcoming-events')
    await upcoming.waitFor()
    await expect(upcoming.getByRole('link', { name: 'New event' }).count()).resolves.toBe(MAY_CREATE[role].includes('events') ? 1 : 0)

    const hrefs = await page.locator('.dashboard a[href$="/create"]').evaluateAll((links) => links.map((a) => a.getAttribute('href')))
    const offered = [...new Set(hrefs.map((href) => href!.split('/').at(-2)!))].sort()
    expect(offered).toEqual([...MAY_CREATE[role]].sort())
    await screenshot(page, `dashboard-${role}`)
    // Each offered link leads to a form the role may save.
    for (const collection of offered) {
      await page.goto(`${server.origin}/admin/collections/${collection}/create`)
      await page.locator('#action-save').waitFor()
      await expect(page.locator('body').innerText()).resolves.not.toContain('Unauthorized')
    }
  })
})

describe('as subscriber: a create page reached directly', () => {
  it('is refused with a page in words, not a broken form', async () => {
    await signIn('subscriber')
    await page.goto(`${server.origin}/admin/collections/events/create`)
    await expect(page.locator('#action-save').count()).resolves.toBe(0)
    await screenshot(page, 'subscriber-create-event')
    const text = await page.locator('body').innerText()
    expect(text).toMatch(/not allowed|unauthorized|not found/i)
  })
})

describe.each(ROLES)('as %s: application passwords', (role) => {
  const user = USERS[role]
  let mine = { id: 0, plain: '' }

  it('creates one in the admin, for themselves only, shown once', async () => {
    await signIn(role)
    await page.goto(`${server.origin}/admin/collections/app-passwords`)
    await page.getByRole('button', { name: 'New application password' }).click()
    const drawer = page.locator('.drawer__content').last()
    await drawer.locator('#field-name').fill(`${role} script`)
    // The owner is the signed-in user, and only an administrator could change it.
    await expect(drawer.locator('#field-user .rs__single-value').innerText()).resolves.toBe(user.username)
    await drawer.locator('#action-save').click()
    const revealed = page.locator('[data-testid="app-password-revealed"] code').first()
    await revealed.waitFor()
    mine.plain = (await revealed.innerText()).trim()
    const me = await asUser(user.username, mine.plain, '/api/users/me')
    expect(me.json.user).toMatchObject({ username: user.username, role })
    const list = await asUser(user.username, mine.plain, `/api/app-passwords?where[name][equals]=${encodeURIComponent(`${role} script`)}`)
    mine = { ...mine, id: list.json.docs[0].id }
  })

  it("lists only their own, in the admin, over /api and GraphQL; another's is out of reach", async () => {
    await page.goto(`${server.origin}/admin/collections/app-passwords`)
    const table = page.locator('table').first()
    await table.waitFor()
    await expect(table.innerText()).resolves.toContain(`${role} script`)
    await expect(table.innerText()).resolves.not.toContain('Admin script')

    const rest = await asUser(user.username, mine.plain, '/api/app-passwords?depth=0')
    expect(rest.json.docs.length).toBeGreaterThan(0)
    for (const doc of rest.json.docs) expect(doc.user).toBe(userIds[role])
    const graph = await graphql(user.username, mine.plain, '{ AppPasswords { docs { id name user { id } } } }')
    expect(graph.json.data.AppPasswords.docs.length).toBeGreaterThan(0)
    for (const doc of graph.json.data.AppPasswords.docs) expect(doc.user.id).toBe(userIds[role])

    expect((await asUser(user.username, mine.plain, `/api/app-passwords/${adminPassword.id}`)).status).toBe(404)
    expect((await asUser(user.username, mine.plain, `/api/app-passwords/${adminPassword.id}`, { method: 'DELETE' })).status).toBe(403)
    const graphDelete = await graphql(user.username, mine.plain, `mutation { deleteAppPassword(id: ${adminPassword.id}) { id } }`)
    expect(graphDelete.json.errors?.length).toBeGreaterThan(0)
    // An application password makes none (a leaked one could mint more)…
    const underAppPassword = await asUser(user.username, mine.plain, '/api/app-passwords', {
      method: 'POST',
      body: JSON.stringify({ name: 'from a script', user: userIds[role] }),
    })
    expect(underAppPassword.status).toBe(403)
    // …the signed-in person does, and naming someone else as the owner still makes the caller's own.
    const session = { origin: server.origin, 'content-type': 'application/json' }
    const forOther = await page.request.post(`${server.origin}/api/app-passwords`, {
      headers: session,
      data: { name: 'for the admin', user: userIds.administrator },
    })
    expect(forOther.status()).toBe(201)
    const made = (await forOther.json()).doc
    expect(made.user.id).toBe(userIds[role])
    expect((await page.request.delete(`${server.origin}/api/app-passwords/${made.id}`, { headers: session })).status()).toBe(200)
    // The administrator's still works.
    const admin = await asUser(USERS.administrator.username, adminPassword.plain, '/api/users/me')
    expect(admin.json.user?.username).toBe(USERS.administrator.username)
  })

  it('revokes their own in the admin, effective at once', async () => {
    await page.goto(`${server.origin}/admin/collections/app-passwords/${mine.id}`)
    await page.locator('.doc-controls__popup button, .popup-button').last().click()
    await page.getByRole('button', { name: 'Delete' }).first().click()
    await page.locator('#confirm-action, .confirmation-modal button', { hasText: /confirm|delete/i }).first().click()
    await page.waitForURL(/\/admin\/collections\/app-passwords\/?(\?.*)?$/)
    await page.waitForLoadState('networkidle')
    const refused = await fetch(`${namespace()}/`, { headers: basic(user.username, mine.plain) })
    expect(refused.status).toBe(401)
  })
})
