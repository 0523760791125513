// import:ics against a hostile calendar served on 127.0.0.1: a recurrence rule that can never yield an
// occurrence is refused by the event model (it repeats within a day) before anything expands it: the
// event is imported as its first occurrence with a warning, and the rest of the calendar is imported.
// (Rules the model takes but ical.js would search forever, in a zone only the file defines, stop at a
// step budget: test/unit/calendarEntries.spec.ts.)
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'
import { runCli } from '../helpers/runCli.js'
import { tempDir } from '../helpers/serverProcess.js'

const LONG = 300_000
const IMPOSSIBLE = 'RRULE:FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=30'

const calendar = (events: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//hostile//EN', ...events, 'END:VCALENDAR', ''].join('\r\n')
const vevent = (uid: string, lines: string[] = []) =>
  ['BEGIN:VEVENT', `UID:${uid}`, 'DTSTAMP:20270101T000000Z', 'DTSTART:20270101T100000Z', 'DTEND:20270101T110000Z', `SUMMARY:Event ${uid}`, ...lines, 'END:VEVENT'].join('\r\n')

const FILES: Record<string, string> = {
  '/impossible.ics': calendar([vevent('impossible', [IMPOSSIBLE]), vevent('daily', ['RRULE:FREQ=DAILY;COUNT=3']), vevent('single')]),
  '/many.ics': calendar([...Array.from({ length: 200 }, (_, i) => vevent(`x${i}`, [IMPOSSIBLE])), vevent('single')]),
}

let site: Server
let origin = ''
let target: TestApp
const dataDir = tempDir('calendar-import-ics-hostile-')

beforeAll(async () => {
  site = createServer((req, res) => {
    const body = FILES[req.url ?? '']
    if (!body) return void res.writeHead(404).end()
    res.writeHead(200, { 'content-type': 'text/calendar' }).end(body)
  })
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`
  target = await initTestApp()
  await target.payload.create({ collection: 'users', data: { email: 'admin@example.org', username: 'admin', password: 'a long password 1', role: 'administrator' } as never, overrideAccess: true })
}, LONG)

afterAll(async () => {
  await target?.close()
  await new Promise((resolve) => site.close(resolve))
  dataDir.remove()
})

const importIcs = (...args: string[]) => runCli(['import:ics', ...args, '--allow-private-hosts'], target.database.uri, { DATA_DIR: dataDir.dir, SITE_TIMEZONE: 'UTC' })

describe('import:ics against a hostile calendar', () => {
  it('refuses an impossible recurrence rule with a warning, imports its first occurrence and the rest', async () => {
    const run = await importIcs(`${origin}/impossible.ics`)
    expect(run.code).toBe(0)
    expect(run.stderr).toMatch(/^warning: event "impossible": its recurrence is refused here \(RRULE: FREQ=SECONDLY repeats more than once a day; the shortest is DAILY\); only its first occurrence is imported, as a single event$/m)
    expect(run.stdout).toMatch(/: 3 events \(1 recurring\); 3 created, 0 updated, 0 unchanged, 0 failed, 1 warnings in/)
    const found = await target.payload.find({ collection: 'events', depth: 0, limit: 10, overrideAccess: true })
    expect(found.docs.map((doc) => doc.title).sort()).toEqual(['Event daily', 'Event impossible', 'Event single'])
    const daily = found.docs.find((doc) => doc.title === 'Event daily')!
    expect((await target.payload.count({ collection: 'occurrences', where: { event: { equals: daily.id } }, overrideAccess: true })).totalDocs).toBe(3)
  }, LONG)

  it('200 impossible rules cost one warning each and nothing more (the single event is known from the run before)', async () => {
    const run = await importIcs(`${origin}/many.ics`, '--dry-run')
    expect(run.code).toBe(0)
    const warnings = run.stderr.split('\n').filter((line) => line.startsWith('warning: '))
    expect(warnings).toHaveLength(200)
    expect(run.stdout).toMatch(/^Dry run of \S+: 201 events \(0 recurring\); 200 to create, 0 to update, 1 unchanged/)
  }, LONG)
})
