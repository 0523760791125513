// Recurring events in the iCal feeds: one VEVENT per series (RRULE, RDATE, EXDATE in the series' zone,
// cancelled occurrences as EXDATEs) and a RECURRENCE-ID VEVENT per changed occurrence, expanded by
// ical.js and by node-ical (rrule-temporal) into exactly the occurrences the server stored, in four
// zones across their DST changes; a draft series hidden from the public; series in a feed's window
// by any of their occurrences. Over HTTP on the running app.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals'
import ICAL from 'ical.js'
import { DateTime } from 'luxon'
import nodeIcal from 'node-ical'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'

jest.setTimeout(300_000)

let app: TestApp
const host = new URL(process.env.SITE_URL ?? 'http://localhost:3000').host
const ids: Record<string, number> = {}
const FEED = '/ical/events.ics?start_date=2027-01-01&end_date=2029-12-31'
// Well past every series' last occurrence.
const UNTIL = new Date('2030-01-01T00:00:00Z')

interface Row {
  id: number
  event: number
  originalStart: string
  startDate: string
  state: string
  changedTo?: number | null
}

async function feed(path: string) {
  const res = await fetch(`${app.origin}${path}`)
  expect(res.status).toBe(200)
  return res.text()
}

async function event(key: string, data: Record<string, unknown>) {
  const doc = await app.payload.create({ collection: 'events', data: { status: 'publish', ...data } as never })
  ids[key] = doc.id
  return doc
}

async function rows(key: string): Promise<Row[]> {
  const found = await app.payload.find({ collection: 'occurrences', where: { event: { equals: ids[key]! } }, sort: 'originalStart', pagination: false, depth: 0, overrideAccess: true })
  return found.docs as unknown as Row[]
}

/** What the server stored of a series, as instants (ISO): scheduled rows, changed ones at their event's start, no cancelled. */
async function stored(key: string, allDayZone?: string): Promise<string[]> {
  const out: string[] = []
  for (const row of await rows(key)) {
    if (row.state === 'cancelled') continue
    const start = row.state === 'changed' ? (await app.payload.findByID({ collection: 'events', id: row.changedTo!, depth: 0 })).startDate! : row.startDate
    out.push(allDayZone ? dayIn(start, allDayZone) : new Date(start).toISOString())
  }
  return out.sort()
}

const dayIn = (iso: string, zone: string) => new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso))

/** The instants (ISO, or dates for all-day series) ical.js expands the series with this UID into, its RECURRENCE-ID VEVENTs applied. */
function byIcalJs(text: string, uid: string): string[] {
  const root = new ICAL.Component(ICAL.parse(text))
  for (const zone of root.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone)
  const parts = root.getAllSubcomponents('vevent').filter((c) => c.getFirstPropertyValue('uid') === uid)
  const master = parts.find((c) => !c.hasProperty('recurrence-id'))!
  const series = new ICAL.Event(master, { exceptions: parts.filter((c) => c !== master) })
  const out: string[] = []
  const iterator = series.iterator()
  for (let next = iterator.next(); next && next.toJSDate() < UNTIL; next = iterator.next()) {
    const start = series.getOccurrenceDetails(next).startDate
    out.push(start.isDate ? start.toString() : start.toJSDate().toISOString())
  }
  return out.sort()
}

/**
 * The same by node-ical, which expands RRULE and EXDATE through rrule-temporal and applies
 * RECURRENCE-ID, but (0.26) leaves RDATE out of its expansion and, with a TZID, its values unparsed:
 * those are read here (wall clocks in their TZID, by luxon) and added.
 */
function byNodeIcal(text: string, uid: string): string[] {
  const parsed = nodeIcal.sync.parseICS(text)
  const series = Object.values(parsed).find((c) => c?.type === 'VEVENT' && (c as nodeIcal.VEvent).uid === uid) as nodeIcal.VEvent
  const allDay = series.datetype === 'date'
  const format = (d: Date) => (allDay ? `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}` : d.toISOString())
  const out = nodeIcal.expandRecurringEvent(series, { from: new Date('2000-01-01T00:00:00Z'), to: UNTIL }).map((instance) => format(instance.start))
  const rdates = [(series as unknown as { rdate?: unknown }).rdate ?? []].flat() as Array<Date | { val: string; params?: { TZID?: string; VALUE?: string } }>
  for (const rdate of rdates) {
    if (rdate instanceof Date) out.push(format(rdate))
    else
      for (const value of rdate.val.split(',')) {
        const at = DateTime.fromFormat(value, rdate.params?.VALUE === 'DATE' ? 'yyyyMMdd' : "yyyyMMdd'T'HHmmss", { zone: rdate.params?.TZID ?? 'UTC' })
        out.push(allDay ? at.toISODate()! : at.toUTC().toISO()!)
      }
  }
  return out.sort()
}

/** The lines of the VEVENTs with this UID. */
function veventsOf(text: string, uid: string): string[] {
  return (text.match(/BEGIN:VEVENT\r\n[\s\S]*?END:VEVENT\r\n/g) ?? []).filter((v) => v.includes(`UID:${uid}\r\n`))
}

const uid = (key: string) => `${ids[key]}@${host}`

beforeAll(async () => {
  app = await initTestApp()
  // New York: Thursdays 19:00 across the spring-forward of 14 March 2027 (EST → EDT), one date left out by the rule's own EXDATE.
  await event('newYork', { title: 'NY weekly', startDate: '2027-02-26T00:00:00Z', endDate: '2027-02-26T02:00:00Z', timezone: 'America/New_York', recurrence: ['RRULE:FREQ=WEEKLY;COUNT=10', 'EXDATE:20270311T190000'] })
  // London: every day at 08:30 across 28 March 2027 (GMT → BST), and one extra date.
  await event('london', { title: 'London daily', startDate: '2027-03-24T08:30:00Z', endDate: '2027-03-24T09:30:00Z', timezone: 'Europe/London', recurrence: ['RRULE:FREQ=DAILY;COUNT=10', 'RDATE:20270415T120000'] })
  // Sydney: Saturdays 18:00 across the fall-back of 4 April 2027 (AEDT → AEST); one occurrence cancelled below.
  await event('sydney', { title: 'Sydney weekly', startDate: '2027-03-20T07:00:00Z', endDate: '2027-03-20T09:00:00Z', timezone: 'Australia/Sydney', recurrence: ['RRULE:FREQ=WEEKLY;COUNT=8'] })
  // Kolkata (no DST): the second Tuesday of each month at 10:00 until a date, one occurrence moved below.
  await event('kolkata', { title: 'Kolkata monthly', startDate: '2027-01-12T04:30:00Z', endDate: '2027-01-12T06:00:00Z', timezone: 'Asia/Kolkata', recurrence: ['RRULE:FREQ=MONTHLY;BYDAY=2TU;UNTIL=20271201'] })
  // All day in New York: Saturdays across the DST change, one left out, one added.
  await event('allDay', { title: 'Market day', startDate: '2027-03-06T05:00:00Z', endDate: '2027-03-07T04:59:59Z', allDay: true, timezone: 'America/New_York', recurrence: ['RRULE:FREQ=WEEKLY;COUNT=6', 'EXDATE;VALUE=DATE:20270320', 'RDATE;VALUE=DATE:20270501'] })
  // A WordPress manual offset: Mondays 01:00 at UTC+5:30 are Sundays in UTC, so the rule is read in the offset.
  await event('manual', { title: 'Offset weekly', startDate: '2027-03-07T19:30:00Z', endDate: '2027-03-07T20:30:00Z', timezone: 'UTC+5:30', recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=6'] })
  await event('single', { title: 'One-off', startDate: '2027-05-05T18:00:00Z', endDate: '2027-05-05T20:00:00Z', timezone: 'Europe/London' })
  await event('draft', { title: 'Draft series', status: 'draft', startDate: '2027-02-01T10:00:00Z', endDate: '2027-02-01T11:00:00Z', timezone: 'Europe/London', recurrence: ['RRULE:FREQ=WEEKLY;COUNT=4'] })

  const sydney = await rows('sydney')
  await app.payload.update({ collection: 'occurrences', id: sydney[3]!.id, data: { state: 'cancelled' } as never, overrideAccess: true })
  // The third Kolkata occurrence (9 March 10:00 IST) moved to the next day at 15:00, with a title of its own.
  const kolkata = await rows('kolkata')
  await event('moved', { title: 'Kolkata moved', startDate: '2027-03-10T09:30:00Z', endDate: '2027-03-10T11:00:00Z', timezone: 'Asia/Kolkata', series: ids.kolkata, originalStart: kolkata[2]!.originalStart })
  // A published series whose second occurrence was changed into a draft: the public sees neither time.
  await event('berlin', { title: 'Berlin weekly', startDate: '2027-05-03T16:00:00Z', endDate: '2027-05-03T17:00:00Z', timezone: 'Europe/Berlin', recurrence: ['RRULE:FREQ=WEEKLY;COUNT=4'] })
  const berlin = await rows('berlin')
  await event('berlinDraft', { title: 'Berlin draft change', status: 'draft', startDate: '2027-05-11T16:00:00Z', endDate: '2027-05-11T17:00:00Z', timezone: 'Europe/Berlin', series: ids.berlin, originalStart: berlin[1]!.originalStart })
  const draft = await rows('draft')
  await event('draftMoved', { title: 'Draft series moved', startDate: '2027-02-09T10:00:00Z', endDate: '2027-02-09T11:00:00Z', timezone: 'Europe/London', series: ids.draft, originalStart: draft[1]!.originalStart })
}, 300_000)

afterAll(async () => {
  await app?.close()
})

describe('a recurring event in the feed', () => {
  let text = ''
  beforeAll(async () => {
    text = await feed(FEED)
  })

  it('stored the occurrences the test expands against', async () => {
    expect(await rows('newYork')).toHaveLength(9)
    expect((await rows('sydney')).filter((r) => r.state === 'cancelled')).toHaveLength(1)
    expect((await rows('kolkata')).filter((r) => r.state === 'changed')).toHaveLength(1)
  })

  it('is one VEVENT per series in its zone, with RRULE, RDATE and EXDATE lines', () => {
    const ny = veventsOf(text, uid('newYork'))
    expect(ny).toHaveLength(1)
    expect(ny[0]).toContain('DTSTART;TZID=America/New_York:20270225T190000\r\n')
    expect(ny[0]).toContain('DTEND;TZID=America/New_York:20270225T210000\r\n')
    expect(ny[0]).toContain('RRULE:FREQ=WEEKLY;COUNT=10\r\n')
    expect(ny[0]).toContain('EXDATE;TZID=America/New_York:20270311T190000\r\n')
    expect(veventsOf(text, uid('london'))[0]).toContain('RDATE;TZID=Europe/London:20270415T120000\r\n')
    // The cancelled occurrence (the fourth: 10 April 18:00 AEST).
    expect(veventsOf(text, uid('sydney'))[0]).toContain('EXDATE;TZID=Australia/Sydney:20270410T180000\r\n')
    // UNTIL in UTC for a timed series: the end of 1 December in Kolkata.
    expect(veventsOf(text, uid('kolkata')).find((v) => !v.includes('RECURRENCE-ID'))).toContain('RRULE:FREQ=MONTHLY;BYDAY=2TU;UNTIL=20271201T182959Z\r\n')
    expect(veventsOf(text, uid('manual'))[0]).toContain('DTSTART;TZID=UTC+0530:20270308T010000\r\n')
    expect(text).toContain('BEGIN:VTIMEZONE\r\nTZID:UTC+0530\r\n')
    const market = veventsOf(text, uid('allDay'))[0]!
    expect(market).toContain('DTSTART;VALUE=DATE:20270306\r\n')
    expect(market).toContain('DTEND;VALUE=DATE:20270307\r\n')
    expect(market).toContain('EXDATE;VALUE=DATE:20270320\r\n')
    expect(market).toContain('RDATE;VALUE=DATE:20270501\r\n')
    for (const zone of ['America/New_York', 'Europe/London', 'Australia/Sydney', 'Asia/Kolkata']) expect(text).toContain(`BEGIN:VTIMEZONE\r\nTZID:${zone}\r\n`)
  })

  it('writes a changed occurrence under the series’ UID with RECURRENCE-ID, not as an event of its own', () => {
    const kolkata = veventsOf(text, uid('kolkata'))
    expect(kolkata).toHaveLength(2)
    const moved = kolkata.find((v) => v.includes('RECURRENCE-ID'))!
    expect(moved).toContain('RECURRENCE-ID;TZID=Asia/Kolkata:20270309T100000\r\n')
    expect(moved).toContain('DTSTART;TZID=Asia/Kolkata:20270310T150000\r\n')
    expect(moved).toContain('SUMMARY:Kolkata moved\r\n')
    expect(veventsOf(text, uid('moved'))).toHaveLength(0)
    // Singles as ever: one VEVENT, no rule.
    const single = veventsOf(text, uid('single'))
    expect(single).toHaveLength(1)
    expect(single[0]).not.toMatch(/RRULE|RDATE|EXDATE|RECURRENCE-ID/)
  })

  it('expands, by ical.js and by node-ical alike, into exactly the stored occurrences', async () => {
    for (const key of ['newYork', 'london', 'sydney', 'kolkata', 'manual']) {
      const expected = await stored(key)
      expect(expected.length).toBeGreaterThan(5)
      expect([key, byIcalJs(text, uid(key))]).toEqual([key, expected])
      expect([key, byNodeIcal(text, uid(key))]).toEqual([key, expected])
    }
    const days = await stored('allDay', 'America/New_York')
    expect(days).toEqual(['2027-03-06', '2027-03-13', '2027-03-27', '2027-04-03', '2027-04-10', '2027-05-01'])
    expect(byIcalJs(text, uid('allDay'))).toEqual(days)
    expect(byNodeIcal(text, uid('allDay'))).toEqual(days)
  })

  it('keeps wall-clock times across DST: the stored instants move by the zone’s change', async () => {
    const ny = await stored('newYork')
    expect(ny[0]).toBe('2027-02-26T00:00:00.000Z')
    expect(ny).toContain('2027-03-18T23:00:00.000Z')
    const sydney = await stored('sydney')
    expect(sydney).toContain('2027-04-03T07:00:00.000Z')
    expect(sydney).toContain('2027-04-17T08:00:00.000Z')
    expect(sydney).not.toContain('2027-04-10T08:00:00.000Z')
  })

  it('hides a draft series and its changed occurrences from the public', () => {
    expect(veventsOf(text, uid('draft'))).toHaveLength(0)
    expect(veventsOf(text, uid('draftMoved'))).toHaveLength(0)
    expect(text).not.toContain('Draft series')
  })

  it('leaves out an occurrence changed into an event the caller may not read, at both times', async () => {
    const berlin = veventsOf(text, uid('berlin'))
    expect(berlin).toHaveLength(1)
    expect(berlin[0]).toContain('EXDATE;TZID=Europe/Berlin:20270510T180000\r\n')
    expect(text).not.toContain('Berlin draft change')
    const scheduled = (await rows('berlin')).filter((r) => r.state === 'scheduled').map((r) => new Date(r.startDate).toISOString())
    expect(scheduled).toHaveLength(3)
    expect(byIcalJs(text, uid('berlin'))).toEqual(scheduled)
    expect(byNodeIcal(text, uid('berlin'))).toEqual(scheduled)
  })

  it('is in a feed whose window holds any of its occurrences, its first or not', async () => {
    // 15 April: New York's seventh occurrence and London's extra date; neither series starts then.
    const april = await feed('/ical/events.ics?start_date=2027-04-15&end_date=2027-04-16')
    expect(veventsOf(april, uid('newYork'))).toHaveLength(1)
    expect(veventsOf(april, uid('london'))).toHaveLength(1)
    expect(veventsOf(april, uid('sydney'))).toHaveLength(0)
    expect(veventsOf(april, uid('kolkata'))).toHaveLength(0)
    expect(veventsOf(april, uid('single'))).toHaveLength(0)
    // 10 March holds only Kolkata's moved occurrence: the series comes with it.
    const march = await feed('/ical/events.ics?start_date=2027-03-10&end_date=2027-03-10')
    expect(veventsOf(march, uid('kolkata'))).toHaveLength(2)
    expect(march.match(/BEGIN:VEVENT/g)).toHaveLength(2)
    // A day no occurrence falls on.
    const empty = await feed('/ical/events.ics?start_date=2027-07-01&end_date=2027-07-01')
    expect(empty).not.toContain('BEGIN:VEVENT')
  })

  it('is its own feed with its changed occurrences; a changed occurrence’s own feed is one event', async () => {
    const own = await feed(`/ical/events/${ids.kolkata}.ics`)
    expect(own.match(/BEGIN:VEVENT/g)).toHaveLength(2)
    expect(byIcalJs(own, uid('kolkata'))).toEqual(await stored('kolkata'))
    const moved = await feed(`/ical/events/${ids.moved}.ics`)
    expect(veventsOf(moved, uid('moved'))).toHaveLength(1)
    expect(moved).not.toContain('RECURRENCE-ID')
  })

  it('writes a changed occurrence matching a filter its series does not as an event of its own, as the list has it', async () => {
    const tag = await app.payload.create({ collection: 'event-tags', data: { name: 'Guest soloist' } as never })
    await app.payload.update({ collection: 'events', id: ids.moved!, data: { tags: [tag.id] } as never })
    const tagged = await feed(`/ical/events.ics?tags=${tag.id}&start_date=2027-01-01&end_date=2029-12-31`)
    expect(tagged.match(/BEGIN:VEVENT/g)).toHaveLength(1)
    expect(tagged).not.toContain('RECURRENCE-ID')
    expect(tagged).not.toContain('RRULE')
    expect(veventsOf(tagged, uid('moved'))).toHaveLength(1)
    // The list's instants for the same query.
    const res = await fetch(`${app.origin}${process.env.REST_PREFIX ?? '/wp-json'}/calendar/events/v1/events?tags=${tag.id}&start_date=2027-01-01&end_date=2029-12-31`)
    expect(res.status).toBe(200)
    const listed = ((await res.json()) as { events: Array<{ title: string; utc_start_date: string }> }).events
    expect(listed.map((item) => [item.title, item.utc_start_date])).toEqual([['Kolkata moved', '2027-03-10 09:30:00']])
    const root = new ICAL.Component(ICAL.parse(tagged))
    for (const zone of root.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone)
    const starts = root.getAllSubcomponents('vevent').map((c) => new ICAL.Event(c).startDate.toJSDate().toISOString())
    expect(starts).toEqual(['2027-03-10T09:30:00.000Z'])
    // With its series in the feed it stays written under the series' UID, once.
    const all = await feed(FEED)
    expect(veventsOf(all, uid('moved'))).toHaveLength(0)
    expect(veventsOf(all, uid('kolkata'))).toHaveLength(2)
  })

  it('keeps a changed occurrence published while its series is a draft out of the public list too', async () => {
    const list = await fetch(`${app.origin}${process.env.REST_PREFIX ?? '/wp-json'}/calendar/events/v1/events?start_date=2027-01-01&end_date=2027-03-01&per_page=50`)
    const titles = ((await list.json()) as { events: Array<{ title: string }> }).events.map((item) => item.title)
    expect(titles.length).toBeGreaterThan(0)
    expect(titles).not.toContain('Draft series moved')
  })

  it('takes provisional IDs in `include=` as the list does: each occurrence on its own, at its own dates', async () => {
    const base = 10_000_000
    const newYork = await rows('newYork')
    const kolkata = await rows('kolkata')
    const changed = kolkata.find((row) => row.state === 'changed')!
    const include = [base + newYork[2]!.id, ids.single!, base + changed.id, base + (await rows('sydney')).find((row) => row.state === 'cancelled')!.id]
    const text = await feed(`/ical/events.ics?include=${include.join(',')}`)
    const res = await fetch(`${app.origin}${process.env.REST_PREFIX ?? '/wp-json'}/calendar/events/v1/events?include=${include.join(',')}`)
    expect(res.status).toBe(200)
    const listed = ((await res.json()) as { events: Array<{ id: number; utc_start_date: string }> }).events
    const instants = listed.map((item) => `${item.utc_start_date.replace(' ', 'T')}.000Z`).sort()
    expect(instants).toHaveLength(3)
    // Three VEVENTs, none a series: ical.js reads each as one instance, at the list's instants.
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(3)
    expect((text.match(/BEGIN:VEVENT\r\n[\s\S]*?END:VEVENT\r\n/g) ?? []).join('')).not.toMatch(/RRULE|RDATE|EXDATE|RECURRENCE-ID/)
    const root = new ICAL.Component(ICAL.parse(text))
    for (const zone of root.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone)
    expect(root.getAllSubcomponents('vevent').map((c) => new ICAL.Event(c).startDate.toJSDate().toISOString()).sort()).toEqual(instants)
    // The occurrence under its provisional ID, the changed one under its own event's, as every event.
    expect(veventsOf(text, `${base + newYork[2]!.id}@${host}`)).toHaveLength(1)
    expect(veventsOf(text, uid('moved'))).toHaveLength(1)
    expect(veventsOf(text, uid('single'))).toHaveLength(1)
  })

  it('drops a cancelled occurrence from the next feed', async () => {
    const london = await rows('london')
    await app.payload.update({ collection: 'occurrences', id: london[4]!.id, data: { state: 'cancelled' } as never, overrideAccess: true })
    const after = await feed(FEED)
    expect(veventsOf(after, uid('london'))[0]).toContain('EXDATE;TZID=Europe/London:20270328T083000\r\n')
    const expected = await stored('london')
    expect(expected).not.toContain(new Date(london[4]!.startDate).toISOString())
    expect(byIcalJs(after, uid('london'))).toEqual(expected)
    expect(byNodeIcal(after, uid('london'))).toEqual(expected)
  })
})
