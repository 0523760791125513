import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals'
import { DateTime } from 'luxon'
import { createActors } from '../helpers/actors.js'
import { apiClient } from '../helpers/http.js'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'
import { runCli } from '../helpers/runCli.js'

jest.setTimeout(600_000)

let source: TestApp
let target: TestApp
let dataDir: string
let feedFile: string

interface Stored {
  title: string
  startDate: string
  endDate: string
  timezone?: string | null
  allDay?: boolean | null
  venues?: Array<{ title: string }>
  categories?: Array<{ name: string }>
  website?: string | null
}

/** What two instances are compared on: titles, instants, zones, all-day, venue and categories. */
function summary(docs: Stored[]) {
  return docs
    .map((d) => ({
      title: d.title,
      // All-day events are dates (RFC 5545 DATE values carry no zone): compared by their days.
      start: d.allDay ? DateTime.fromISO(d.startDate).setZone(d.timezone || 'UTC').toISODate() : new Date(d.startDate).toISOString(),
      end: d.allDay ? DateTime.fromISO(d.endDate).setZone(d.timezone || 'UTC').toISODate() : new Date(d.endDate).toISOString(),
      timezone: d.allDay ? 'all-day' : d.timezone || 'UTC',
      allDay: Boolean(d.allDay),
      venue: d.venues?.map((v) => v.title) ?? [],
      categories: (d.categories?.map((c) => c.name) ?? []).sort(),
    }))
    .sort((a, b) => a.start!.localeCompare(b.start!) || a.title.localeCompare(b.title))
}

async function events(app: TestApp): Promise<Stored[]> {
  const found = await app.payload.find({ collection: 'events', pagination: false, depth: 1, sort: 'startDate' })
  return found.docs as unknown as Stored[]
}

/** import:ics as the operator runs it, against the target's database. */
function importIcs(...args: string[]) {
  return runCli(['import:ics', ...args], target.database.uri, { DATA_DIR: dataDir, SITE_TIMEZONE: 'UTC' })
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'import-ics-'))
  source = await initTestApp()
  const editor = (await createActors(source)).editor!
  const api = apiClient(source.api)
  const post = async (body: Record<string, unknown>) => expect((await api.post('/events', { status: 'publish', ...body }, editor.headers)).status).toBe(201)
  await post({ title: 'Paris night', start_date: '2027-03-28 01:30:00', end_date: '2027-03-28 04:30:00', timezone: 'Europe/Paris', venue: { venue: 'Le Duc des Lombards', address: '42 rue des Lombards', city: 'Paris' }, categories: ['Music', 'Jazz'], description: 'Jazz <strong>all night</strong>' })
  await post({ title: 'New York night', start_date: '2027-03-14 01:30:00', end_date: '2027-03-14 04:00:00', timezone: 'America/New_York', venue: { venue: 'Blue Note', city: 'New York' }, categories: ['Music'] })
  await post({ title: 'Sydney night', start_date: '2027-04-04 01:30:00', end_date: '2027-04-04 05:00:00', timezone: 'Australia/Sydney' })
  await post({ title: 'May day fair', start_date: '2027-05-01 00:00:00', end_date: '2027-05-02 23:59:59', all_day: true, timezone: 'Europe/Paris', venue: { venue: 'Le Duc des Lombards' } })
  const feed = await fetch(`${source.origin}/ical/events.ics?start_date=2027-01-01`)
  expect(feed.status).toBe(200)
  feedFile = path.join(dataDir, 'feed.ics')
  writeFileSync(feedFile, await feed.text())

  target = await initTestApp()
  await target.payload.create({ collection: 'users', data: { email: 'admin@example.org', username: 'admin', password: 'a long password 1', role: 'administrator' } as never, overrideAccess: true })
}, 600_000)

afterAll(async () => {
  await source?.close()
  await target?.close()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

describe('import:ics', () => {
  it("imports this instance's own feed into a fresh one: the same events, instants, zones, venues and categories", async () => {
    const run = await importIcs(feedFile)
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/4 events .* 4 created, 0 updated, 0 unchanged, 0 failed/)
    const imported = summary(await events(target))
    expect(imported).toHaveLength(4)
    expect(imported).toEqual(summary(await events(source)))
    // One venue made for the two events held there.
    expect((await target.payload.count({ collection: 'venues', where: { title: { equals: 'Le Duc des Lombards' } } })).totalDocs).toBe(1)
  })

  it('a second run changes nothing and duplicates nothing; a changed event is updated in place', async () => {
    const before = (await events(target)).length
    const again = await importIcs(feedFile)
    expect(again.code).toBe(0)
    expect(again.stdout).toMatch(/0 created, 0 updated, 4 unchanged, 0 failed/)
    expect((await events(target)).length).toBe(before)

    const edited = path.join(dataDir, 'edited.ics')
    const { readFileSync } = await import('node:fs')
    writeFileSync(edited, readFileSync(feedFile, 'utf8').replace('SUMMARY:Sydney night', 'SUMMARY:Sydney late night'))
    const third = await importIcs(edited)
    expect(third.stdout).toMatch(/0 created, 1 updated, 3 unchanged, 0 failed/)
    const titles = (await events(target)).map((e) => e.title)
    expect(titles).toContain('Sydney late night')
    expect(titles).not.toContain('Sydney night')
    expect(titles).toHaveLength(before)
  })

  it('reads a URL through the safe fetch: a loopback address only when allowed', async () => {
    const url = `${source.origin}/ical/events.ics?start_date=2027-01-01`
    const refused = await importIcs(url)
    expect(refused.code).toBe(1)
    expect(refused.stderr.trim().split('\n')).toHaveLength(1)
    expect(refused.stderr).toMatch(/^Error: cannot download .*127\.0\.0\.1/)
    const allowed = await importIcs(url, '--allow-private-hosts', '--dry-run')
    expect(allowed.code).toBe(0)
    expect(allowed.stdout).toMatch(/^Dry run of .*4 events/)
  })

  it('keeps a recurring event (RRULE, EXDATE, an overridden occurrence) in a zone the file itself defines as one series, its dates listed within --until', async () => {
    const file = path.join(dataDir, 'recurring.ics')
    const ics = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//test//recurring//EN',
      'BEGIN:VTIMEZONE',
      'TZID:Custom Eastern',
      'BEGIN:STANDARD',
      'DTSTART:19701101T020000',
      'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
      'TZOFFSETFROM:-0400',
      'TZOFFSETTO:-0500',
      'END:STANDARD',
      'BEGIN:DAYLIGHT',
      'DTSTART:19700308T020000',
      'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
      'TZOFFSETFROM:-0500',
      'TZOFFSETTO:-0400',
      'END:DAYLIGHT',
      'END:VTIMEZONE',
      'BEGIN:VEVENT',
      'UID:weekly-reading@example.org',
      'DTSTAMP:20270101T000000Z',
      'DTSTART;TZID=Custom Eastern:20270301T190000',
      'DTEND;TZID=Custom Eastern:20270301T203000',
      'RRULE:FREQ=WEEKLY;COUNT=6',
      'EXDATE;TZID=Custom Eastern:20270315T190000',
      'SUMMARY:Weekly reading',
      'LOCATION:Library\\, 1 Main St',
      'CATEGORIES:Books,Talks',
      'ORGANIZER;CN=Ada Reader:mailto:ada@example.org',
      'URL:https://example.org/reading',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:weekly-reading@example.org',
      'DTSTAMP:20270101T000000Z',
      'RECURRENCE-ID;TZID=Custom Eastern:20270322T190000',
      'DTSTART;TZID=Custom Eastern:20270322T200000',
      'DTEND;TZID=Custom Eastern:20270322T213000',
      'SUMMARY:Weekly reading (late)',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n')
    writeFileSync(file, ics)
    const run = await importIcs(file, '--until', '2027-03-31')
    // The zone has no IANA name and changes offset: the series keeps its instants as listed dates.
    expect(run.stderr).toBe('warning: event "weekly-reading@example.org": its time zone "Custom Eastern" is defined by the file alone and changes offset; its occurrences until 2027-03-31 are imported as dates (RDATE), not as its rule\n')
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/2 events \(1 recurring, 1 changed and 0 cancelled occurrences\); 2 created/)
    const found = await target.payload.find({ collection: 'events', where: { title: { like: 'Weekly reading' } }, sort: 'startDate', depth: 1, pagination: false })
    const docs = found.docs as unknown as Array<Stored & { id: number; organizers: Array<{ title: string; email: string }> }>
    expect(docs.map((d) => [d.title, new Date(d.startDate).toISOString()])).toEqual([
      ['Weekly reading', '2027-03-02T00:00:00.000Z'], // 19:00 EST
      ['Weekly reading (late)', '2027-03-23T00:00:00.000Z'],
    ])
    // 1, 8, (15 excluded), 22 (moved), 29 March; 5 April is past --until.
    const rows = await target.payload.find({ collection: 'occurrences', where: { event: { equals: docs[0]!.id } }, sort: 'originalStart', depth: 0, pagination: false, overrideAccess: true })
    expect(rows.docs.map((r) => [new Date(r.startDate).toISOString(), r.state])).toEqual([
      ['2027-03-02T00:00:00.000Z', 'scheduled'],
      ['2027-03-09T00:00:00.000Z', 'scheduled'], // still EST: the change is on 14 March
      ['2027-03-22T23:00:00.000Z', 'changed'],
      ['2027-03-29T23:00:00.000Z', 'scheduled'], // 19:00 EDT
    ])
    expect(docs[0]!.venues!.map((v) => v.title)).toEqual(['Library'])
    expect(docs[0]!.categories!.map((c) => c.name).sort()).toEqual(['Books', 'Talks'])
    expect(docs[0]!.organizers.map((o) => [o.title, o.email])).toEqual([['Ada Reader', 'ada@example.org']])
    expect(docs[0]!.website).toBe('https://example.org/reading')
    const again = await importIcs(file, '--until', '2027-03-31')
    expect(again.stdout).toMatch(/0 created, 0 updated, 2 unchanged/)
  })

  it('fails clearly on bad input, with a non-zero exit', async () => {
    const missing = await importIcs(path.join(dataDir, 'nope.ics'))
    expect(missing.code).toBe(1)
    expect(missing.stderr).toMatch(/^Error: cannot read .*nope\.ics: no such file\n$/)
    const notIcs = path.join(dataDir, 'not.ics')
    writeFileSync(notIcs, '{"events": []}')
    const bad = await importIcs(notIcs)
    expect(bad.code).toBe(1)
    expect(bad.stderr).toMatch(/^Error: not an iCalendar file/)
    const noArg = await runCli(['import:ics'], target.database.uri, { DATA_DIR: dataDir })
    expect(noArg.code).not.toBe(0)
    expect(noArg.stderr).toMatch(/missing the calendar to import/)
    const badUntil = await importIcs(feedFile, '--until', 'soon')
    expect(badUntil.code).not.toBe(0)
    expect(badUntil.stderr).toMatch(/--until must be a date/)
  })
})

describe('seed:demo → feed → import:ics', () => {
  let demo: TestApp
  let fresh: TestApp
  const demoDir = mkdtempSync(path.join(tmpdir(), 'import-ics-demo-'))

  afterAll(async () => {
    await demo?.close()
    await fresh?.close()
    rmSync(demoDir, { recursive: true, force: true })
  })

  it('reproduces every event the feed shows in a fresh instance', async () => {
    demo = await initTestApp()
    const seeded = await runCli(['seed:demo', '--seed', '7', '--events', '40'], demo.database.uri, { DATA_DIR: demoDir })
    expect(seeded.code).toBe(0)
    const feed = await fetch(`${demo.origin}/ical/events.ics?start_date=2000-01-01&end_date=2100-01-01`)
    expect(feed.status).toBe(200)
    const file = path.join(demoDir, 'demo.ics')
    writeFileSync(file, await feed.text())

    fresh = await initTestApp()
    await fresh.payload.create({ collection: 'users', data: { email: 'admin@example.org', username: 'admin', password: 'a long password 1', role: 'administrator' } as never, overrideAccess: true })
    const run = await runCli(['import:ics', file], fresh.database.uri, { DATA_DIR: demoDir, SITE_TIMEZONE: 'UTC' })
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)

    // What an anonymous reader of the feed sees: published, listed events; protected ones compared without what the password hides.
    const visible = await demo.payload.find({ collection: 'events', where: { and: [{ status: { equals: 'publish' } }, { hideFromListings: { not_equals: true } }] }, pagination: false, depth: 1 })
    const open = (visible.docs as unknown as Array<Stored & { hasPassword?: boolean }>).filter((d) => !d.hasPassword)
    const locked = (visible.docs as unknown as Array<Stored & { hasPassword?: boolean }>).filter((d) => d.hasPassword)
    expect(open.length).toBeGreaterThan(20)
    expect(locked.length).toBeGreaterThan(0)
    const imported = await events(fresh)
    expect(imported).toHaveLength(visible.docs.length)
    // The demo may give a protected event the title of an open one: twins are matched by title and start.
    const twinOf = (l: Stored) => (d: Stored) => d.title === l.title && new Date(d.startDate).getTime() === new Date(l.startDate).getTime()
    const importedOpen = imported.filter((d) => !locked.some((l) => twinOf(l)(d)))
    expect(summary(importedOpen)).toEqual(summary(open))
    for (const l of locked) {
      const twin = imported.find(twinOf(l))!
      expect(twin).toBeDefined()
      expect(new Date(twin.startDate).toISOString()).toBe(new Date(l.startDate).toISOString())
      expect(twin.venues).toEqual([])
    }
  })
})
