// Recurring events moving in, as operators run the importers (the CLI as a process):
// - import:ics keeps a series a series: a weekly rule across DST in Europe/Paris with an EXDATE, a
//   changed occurrence (RECURRENCE-ID) and a cancelled one (RECURRENCE-ID, STATUS:CANCELLED) becomes one
//   event with its lines, whose stored occurrences are the rule's, plus one changed occurrence; a
//   re-import changes nothing, an updated file updates the series and its override; a rule refused
//   here keeps its first occurrence, with a warning.
// - import:tec from an Events Calendar Pro site, which lists each occurrence of a recurring event as
//   an item with a provisional ID, groups them back into one series whose occurrences keep their IDs,
//   under the default base or the one a site raised (--provisional-base).
import { writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'
import { runCli } from '../helpers/runCli.js'
import { tempDir } from '../helpers/serverProcess.js'

const LONG = 600_000

let target: TestApp
const dataDir = tempDir('calendar-import-series-')

beforeAll(async () => {
  target = await initTestApp()
  await target.payload.create({ collection: 'users', data: { email: 'admin@example.org', username: 'admin', password: 'a long password 1', role: 'administrator' } as never, overrideAccess: true })
}, LONG)

afterAll(async () => {
  await target?.close()
  dataDir.remove()
})

interface Row {
  id: number
  originalStart: string
  startDate: string
  state: string
  changedTo?: number | { id: number } | null
}

async function rowsOf(series: number): Promise<Row[]> {
  const found = await target.payload.find({ collection: 'occurrences', where: { event: { equals: series } }, sort: 'originalStart', pagination: false, depth: 0, overrideAccess: true })
  return (found.docs as unknown as Row[]).map((row) => ({ ...row, originalStart: new Date(row.originalStart).toISOString(), startDate: new Date(row.startDate).toISOString() }))
}

async function eventsTitled(like: string) {
  const found = await target.payload.find({ collection: 'events', where: { title: { like } }, sort: 'startDate', pagination: false, depth: 0, overrideAccess: true })
  return found.docs
}

describe('import:ics of a recurring event', () => {
  const calendar = (count: number, lateTitle: string) =>
    [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//test//series//EN',
      'BEGIN:VEVENT',
      'UID:choir@example.org',
      'DTSTAMP:20270101T000000Z',
      'DTSTART;TZID=Europe/Paris:20270301T190000',
      'DTEND;TZID=Europe/Paris:20270301T210000',
      `RRULE:FREQ=WEEKLY;COUNT=${count}`,
      'EXDATE;TZID=Europe/Paris:20270315T190000',
      'SUMMARY:Choir rehearsal',
      'LOCATION:Salle Cortot',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:choir@example.org',
      'DTSTAMP:20270101T000000Z',
      'RECURRENCE-ID;TZID=Europe/Paris:20270322T190000',
      'DTSTART;TZID=Europe/Paris:20270322T200000',
      'DTEND;TZID=Europe/Paris:20270322T220000',
      `SUMMARY:${lateTitle}`,
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:choir@example.org',
      'DTSTAMP:20270101T000000Z',
      'RECURRENCE-ID:20270405T170000Z',
      'DTSTART;TZID=Europe/Paris:20270405T190000',
      'DTEND;TZID=Europe/Paris:20270405T210000',
      'STATUS:CANCELLED',
      'SUMMARY:Choir rehearsal',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n')
  const importIcs = (file: string) => runCli(['import:ics', file], target.database.uri, { DATA_DIR: dataDir.dir, SITE_TIMEZONE: 'UTC' })
  const file = () => path.join(dataDir.dir, 'choir.ics')

  it('stores one series with its lines, its occurrences across DST, a changed and a cancelled one', async () => {
    writeFileSync(file(), calendar(8, 'Choir rehearsal (late)'))
    const run = await importIcs(file())
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/: 3 events \(1 recurring, 1 changed and 1 cancelled occurrences\); 3 created, 0 updated, 0 unchanged, 0 failed in/)

    const events = await eventsTitled('Choir rehearsal')
    expect(events.map((e) => e.title)).toEqual(['Choir rehearsal', 'Choir rehearsal (late)'])
    const [series, late] = events
    expect(series).toMatchObject({ recurring: true, timezone: 'Europe/Paris', recurrence: ['RRULE:FREQ=WEEKLY;COUNT=8', 'EXDATE:20270315T180000Z'] })
    expect(new Date(series!.startDate).toISOString()).toBe('2027-03-01T18:00:00.000Z')
    expect(late).toMatchObject({ series: series!.id, recurring: false })
    expect(new Date(late!.originalStart!).toISOString()).toBe('2027-03-22T18:00:00.000Z')
    expect(new Date(late!.startDate).toISOString()).toBe('2027-03-22T19:00:00.000Z')

    // 19:00 in Paris: 18:00 UTC in winter, 17:00 UTC from 28 March; the 15th left out.
    const rows = await rowsOf(series!.id)
    expect(rows.map((r) => [r.originalStart, r.state])).toEqual([
      ['2027-03-01T18:00:00.000Z', 'scheduled'],
      ['2027-03-08T18:00:00.000Z', 'scheduled'],
      ['2027-03-22T18:00:00.000Z', 'changed'],
      ['2027-03-29T17:00:00.000Z', 'scheduled'],
      ['2027-04-05T17:00:00.000Z', 'cancelled'],
      ['2027-04-12T17:00:00.000Z', 'scheduled'],
      ['2027-04-19T17:00:00.000Z', 'scheduled'],
    ])
    const changed = rows[2]!.changedTo
    expect(typeof changed === 'object' && changed ? changed.id : changed).toBe(late!.id)
  }, LONG)

  it('a second run changes nothing; an updated file updates the series and its override in place', async () => {
    const [series] = await eventsTitled('Choir rehearsal')
    const before = await rowsOf(series!.id)
    const again = await importIcs(file())
    expect(again.code).toBe(0)
    expect(again.stdout).toMatch(/0 created, 0 updated, 3 unchanged, 0 failed/)
    expect(await eventsTitled('Choir rehearsal')).toHaveLength(2)
    expect(await rowsOf(series!.id)).toEqual(before)

    writeFileSync(file(), calendar(9, 'Choir rehearsal (at eight)'))
    const updated = await importIcs(file())
    expect(updated.stderr).toBe('')
    expect(updated.stdout).toMatch(/0 created, 2 updated, 1 unchanged, 0 failed/)
    const events = await eventsTitled('Choir rehearsal')
    expect(events.map((e) => [e.id, e.title])).toEqual([
      [series!.id, 'Choir rehearsal'],
      [events[1]!.id, 'Choir rehearsal (at eight)'],
    ])
    const rows = await rowsOf(series!.id)
    // One more week; the rows kept their IDs and states.
    expect(rows).toHaveLength(8)
    expect(rows.slice(0, 7)).toEqual(before)
    expect(rows[7]).toMatchObject({ originalStart: '2027-04-26T17:00:00.000Z', state: 'scheduled' })
  }, LONG)

  it('a rule refused here keeps the event as its first occurrence, with a warning', async () => {
    const refused = path.join(dataDir.dir, 'hourly.ics')
    writeFileSync(refused, ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', 'BEGIN:VEVENT', 'UID:hourly@example.org', 'DTSTAMP:20270101T000000Z', 'DTSTART:20270601T100000Z', 'DTEND:20270601T103000Z', 'RRULE:FREQ=HOURLY;COUNT=4', 'SUMMARY:Hourly tour', 'END:VEVENT', 'END:VCALENDAR', ''].join('\r\n'))
    const run = await importIcs(refused)
    expect(run.code).toBe(0)
    expect(run.stderr).toBe('warning: event "hourly@example.org": its recurrence is refused here (RRULE: FREQ=HOURLY repeats more than once a day; the shortest is DAILY); only its first occurrence is imported, as a single event\n')
    expect(run.stdout).toMatch(/: 1 events \(0 recurring\); 1 created, 0 updated, 0 unchanged, 0 failed, 1 warnings in/)
    const events = await eventsTitled('Hourly tour')
    expect(events).toHaveLength(1)
    expect(events[0]).toMatchObject({ recurring: false })
    expect(new Date(events[0]!.startDate).toISOString()).toBe('2027-06-01T10:00:00.000Z')
  }, LONG)
})

/** What every event item of the fake sites below has alike. */
const WIRE_ITEM = { status: 'publish', author: '1', date_utc: '2027-01-01 10:00:00', all_day: false, cost: '', image: false, venue: [], organizer: [], categories: [], tags: [] }

/**
 * An Events Calendar Pro-shaped site on 127.0.0.1 for the describe block that calls it: no terms, venues
 * or organizers, and `events()` listed `perPage` to a page, in the order given. `origin` once it listens.
 */
function ecpSite(events: () => unknown[], perPage: number) {
  const ROOT = '/wp-json/tribe/events/v1'
  const site = { origin: '' }
  let server: Server
  beforeAll(async () => {
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://localhost')
      const json = (body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body))
      if (url.pathname === ROOT) return json({ namespace: 'tribe/events/v1', routes: {} })
      const kind = url.pathname.slice(ROOT.length + 1)
      if (['categories', 'tags', 'venues', 'organizers'].includes(kind)) return json({ [kind]: [], total: 0, total_pages: 0 })
      if (kind !== 'events') return void res.writeHead(404, { 'content-type': 'application/json' }).end('{"code":"rest_no_route"}')
      const all = events()
      const page = Number(url.searchParams.get('page') ?? 1)
      json({ events: all.slice((page - 1) * perPage, page * perPage), total: all.length, total_pages: Math.ceil(all.length / perPage) })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    site.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  }, LONG)
  afterAll(async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  })
  return site
}

describe('import:tec from an Events Calendar Pro site', () => {
  // Yoga every Monday at 18:00 in Paris, across the change to summer time on 28 March.
  const days = ['2027-03-15', '2027-03-22', '2027-03-29', '2027-04-05', '2027-04-12']
  const utc = (day: string, hour: number) => `${day} ${String(day < '2027-03-28' ? hour - 1 : hour - 2).padStart(2, '0')}:00:00`
  const item = (day: string, i: number) => ({
    ...WIRE_ITEM,
    id: 10_000_101 + i,
    title: 'Yoga in the park',
    slug: 'yoga-in-the-park',
    url: `${site.origin}/event/yoga-in-the-park/${day}/`,
    start_date: `${day} 18:00:00`,
    utc_start_date: utc(day, 18),
    utc_end_date: utc(day, 19),
    timezone: 'Europe/Paris',
    description: '<p>Bring a mat.</p>',
  })
  const plain = () => ({ ...item('2027-03-20', 0), id: 42, title: 'Spring fair', slug: 'spring-fair', url: `${site.origin}/event/spring-fair/` })
  // Two to a page, in start order as TEC lists them: the series' items span pages.
  const site = ecpSite(() => [days.map(item)[0]!, plain(), ...days.map(item).slice(1)], 2)

  const importTec = () => runCli(['import:tec', '--from', `${site.origin}/wp-json`, '--per-page', '2', '--allow-private-hosts'], target.database.uri, { DATA_DIR: dataDir.dir })

  it('groups the occurrence items back into one series whose occurrences keep their IDs; a re-run changes nothing', async () => {
    const run = await importTec()
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/events: 6 created, 0 updated, 0 unchanged\n/)

    const series = await eventsTitled('Yoga in the park')
    expect(series).toHaveLength(1)
    const yoga = series[0]!
    // A new post ID, not a provisional one; the single event keeps its own.
    expect(yoga.id).toBeLessThan(10_000_000)
    expect((await eventsTitled('Spring fair')).map((e) => e.id)).toEqual([42])
    expect(yoga).toMatchObject({ slug: 'yoga-in-the-park', recurring: true, timezone: 'Europe/Paris' })
    expect(new Date(yoga.startDate).toISOString()).toBe('2027-03-15T17:00:00.000Z')
    expect(yoga.recurrence).toEqual(['RDATE:20270322T170000Z,20270329T160000Z,20270405T160000Z,20270412T160000Z'])

    const rows = await rowsOf(yoga.id)
    expect(rows.map((r) => [r.id, r.startDate])).toEqual([
      [101, '2027-03-15T17:00:00.000Z'],
      [102, '2027-03-22T17:00:00.000Z'],
      [103, '2027-03-29T16:00:00.000Z'],
      [104, '2027-04-05T16:00:00.000Z'],
      [105, '2027-04-12T16:00:00.000Z'],
    ])

    const again = await importTec()
    expect(again.code).toBe(0)
    expect(again.stdout).toMatch(/events: 0 created, 0 updated, 6 unchanged\n/)
    expect(await eventsTitled('Yoga in the park')).toHaveLength(1)
    expect(await rowsOf(yoga.id)).toEqual(rows)
  }, LONG)

  it('reserves the kept occurrence IDs: a later series gets the next ones', async () => {
    const run = await runCli(['import:ics', path.join(dataDir.dir, 'weekly.ics')], target.database.uri, { DATA_DIR: dataDir.dir, SITE_TIMEZONE: 'UTC' })
    expect(run.code).toBe(0)
    const [weekly] = await eventsTitled('Weekly walk')
    const ids = (await rowsOf(weekly!.id)).map((r) => r.id)
    expect(ids).toHaveLength(3)
    expect(Math.min(...ids)).toBeGreaterThan(105)
  }, LONG)

  beforeAll(() => {
    writeFileSync(
      path.join(dataDir.dir, 'weekly.ics'),
      ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', 'BEGIN:VEVENT', 'UID:walk@example.org', 'DTSTAMP:20270101T000000Z', 'DTSTART:20270701T080000Z', 'DTEND:20270701T100000Z', 'RRULE:FREQ=WEEKLY;COUNT=3', 'SUMMARY:Weekly walk', 'END:VEVENT', 'END:VCALENDAR', ''].join('\r\n'),
    )
  })
})

describe('import:tec from an Events Calendar Pro site whose provisional ID base was raised', () => {
  const days = ['2027-05-03', '2027-05-10', '2027-05-17']
  const chess = ['2027-02-01', '2027-03-01', '2030-06-03']
  const item = (id: number, slug: string, url: string, day: string) => ({
    ...WIRE_ITEM,
    id,
    title: slug === 'pilates' ? 'Pilates' : slug === 'chess-club' ? 'Chess club' : 'Summer gala',
    slug,
    url,
    start_date: `${day} 09:00:00`,
    utc_start_date: `${day} 09:00:00`,
    utc_end_date: `${day} 10:00:00`,
    timezone: 'UTC',
    description: '',
  })

  // Post IDs past 10,000,000: the site's base is 20,000,000. The site stores occurrences further ahead
  // than this horizon (24 months from the first).
  const site = ecpSite(
    () => [
      ...days.map((day, i) => item(20_000_201 + i, 'pilates', `${site.origin}/event/pilates/${day}/`, day)),
      item(10_000_050, 'summer-gala', `${site.origin}/event/summer-gala/`, '2027-06-01'),
      ...chess.map((day, i) => item(20_000_301 + i, 'chess-club', `${site.origin}/event/chess-club/${day}/`, day)),
    ],
    50,
  )

  const importTec = (...flags: string[]) =>
    runCli(['import:tec', '--from', `${site.origin}/wp-json`, '--allow-private-hosts', ...flags], target.database.uri, { DATA_DIR: dataDir.dir })

  it('refuses a base that is not one', async () => {
    const run = await importTec('--provisional-base', '12abc')
    expect(run.code).toBe(1)
    expect(run.stderr).toContain('--provisional-base must be a whole number from 1000000 to 2147483648')
  }, LONG)

  it('with --provisional-base, groups the occurrences under that base and keeps their IDs', async () => {
    const run = await importTec('--provisional-base', '20000000')
    expect(run.stderr).not.toMatch(/warning|error/i)
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/events: 7 created, 0 updated, 0 unchanged\n/)
    const [pilates] = await eventsTitled('Pilates')
    expect(pilates).toMatchObject({ recurring: true })
    expect((await rowsOf(pilates!.id)).map((r) => r.id)).toEqual([201, 202, 203])
    // A post whose ID is past the default base is a single event, as on the old site.
    expect((await eventsTitled('Summer gala')).map((e) => [e.id, e.recurring])).toEqual([[10_000_050, false]])
  }, LONG)

  it('keeps the IDs of occurrences past the horizon: stored with them when time brings them within it', async () => {
    const [club] = await eventsTitled('Chess club')
    expect((await rowsOf(club!.id)).map((r) => [r.id, r.startDate])).toEqual([
      [301, '2027-02-01T09:00:00.000Z'],
      [302, '2027-03-01T09:00:00.000Z'],
    ])
    // The sequence is past the kept IDs: a series made meanwhile does not take 303.
    const other = await target.payload.create({ collection: 'events', data: { title: 'Book club', status: 'publish', startDate: '2027-01-05T18:00:00Z', endDate: '2027-01-05T19:00:00Z', recurrence: ['RRULE:FREQ=WEEKLY;COUNT=2'] } as never, overrideAccess: true })
    expect(Math.min(...(await rowsOf(other.id)).map((r) => r.id))).toBeGreaterThan(303)
    // Two years on, the daily extension reaches June 2030.
    const { extendRecurrences } = await import('../../src/recurrence/extendRecurrences.js')
    await extendRecurrences(target.payload, new Date('2028-12-01T00:00:00Z'))
    expect((await rowsOf(club!.id)).map((r) => [r.id, r.startDate])).toEqual([
      [301, '2027-02-01T09:00:00.000Z'],
      [302, '2027-03-01T09:00:00.000Z'],
      [303, '2030-06-03T09:00:00.000Z'],
    ])
  }, LONG)
})
