import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals'
import { commitTransaction, createLocalReq, initTransaction, killTransaction, ValidationError } from 'payload'
import type { Role } from '../../collections/roles.js'
import { createActors, type Actor } from '../helpers/actors.js'
import { createEvent } from '../helpers/fixtures.js'
import { apiClient } from '../helpers/http.js'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'
import { watchStatements } from '../helpers/watchStatements.js'

// The `changes` collection: one row per change to events (occurrences under their provisional IDs),
// venues, organizers, categories and tags, written in the change's own transaction: a committed write
// is there, a rolled-back one is not.

const BASE = 10_000_000
let app: TestApp
let client: ReturnType<typeof apiClient>
let actors: Record<Role | 'anonymous', Actor>
const as = (role: Role) => actors[role].headers

type Row = { id: number; kind: string; doc: number; action: string; publicBefore: boolean; publicAfter: boolean; changedAt: string }
/** Every change row after `after`, oldest first. */
async function changesAfter(after: number): Promise<Row[]> {
  const found = await app.payload.find({ collection: 'changes', where: { id: { greater_than: after } }, sort: 'id', pagination: false, overrideAccess: true })
  return found.docs.map((row) => ({ ...row, doc: Number(row.doc), publicBefore: Boolean(row.publicBefore), publicAfter: Boolean(row.publicAfter) }) as Row)
}
async function lastId(): Promise<number> {
  const found = await app.payload.find({ collection: 'changes', sort: '-id', limit: 1, overrideAccess: true })
  return found.docs[0]?.id ?? 0
}
const brief = (rows: Row[]) => rows.map((r) => [r.kind, r.doc, r.action, r.publicBefore, r.publicAfter])

beforeAll(async () => {
  app = await initTestApp({ siteTimezone: 'UTC', recurrenceMaxOccurrences: 1000 })
  client = apiClient(app.api)
  actors = await createActors(app)
}, 120_000)

afterAll(async () => {
  await app?.close()
})

describe('a write and its change row share one transaction', () => {
  it('a committed write is in changes; a rolled-back one is not', async () => {
    const start = await lastId()
    const committed = await createLocalReq({}, app.payload)
    expect(await initTransaction(committed)).toBe(true)
    const kept = await app.payload.create({ collection: 'venues', data: { title: 'Kept hall', status: 'publish' }, overrideAccess: true, req: committed })
    await commitTransaction(committed)

    const rolledBack = await createLocalReq({}, app.payload)
    expect(await initTransaction(rolledBack)).toBe(true)
    const lost = await app.payload.create({ collection: 'venues', data: { title: 'Lost hall', status: 'publish' }, overrideAccess: true, req: rolledBack })
    await killTransaction(rolledBack)

    const rows = await changesAfter(start)
    expect(brief(rows)).toEqual([['venue', kept.id, 'created', false, true]])
    expect(rows.some((r) => r.doc === lost.id)).toBe(false)
    expect(Date.now() - new Date(rows[0]!.changedAt).getTime()).toBeLessThan(60_000)
  })

  it('a namespace write that fails after its hooks ran records nothing', async () => {
    const start = await lastId()
    // The inline venue is created (and its change queued), then the event's row is refused.
    const db = app.payload.db
    const original = db.create.bind(db) as (args: { collection: string }) => Promise<unknown>
    const spy = jest.spyOn(db, 'create').mockImplementation((async (args: { collection: string }) => {
      if (args.collection !== 'events') return original(args)
      spy.mockRestore()
      throw new ValidationError({ collection: 'events', errors: [{ message: 'Value must be unique', path: 'slug' }] })
    }) as never)
    const res = await client.post('/events', { title: 'Refused', start_date: '2027-01-02 10:00:00', end_date: '2027-01-02 12:00:00', venue: { venue: 'Inline hall' } }, as('editor'))
    expect(res.status).toBe(400)
    expect((await app.payload.find({ collection: 'venues', where: { title: { equals: 'Inline hall' } }, overrideAccess: true })).docs).toHaveLength(0)
    expect(await changesAfter(start)).toEqual([])
    // The same write, let through, is recorded.
    const made = await client.post('/events', { title: 'Accepted', start_date: '2027-01-02 10:00:00', end_date: '2027-01-02 12:00:00', venue: { venue: 'Inline hall' } }, as('editor'))
    expect(made.status).toBe(201)
    expect(brief(await changesAfter(start))).toEqual([
      ['venue', made.body.venue.id, 'created', false, true],
      ['event', made.body.id, 'created', false, true],
    ])
  })
})

describe('change IDs follow commits, so a reader past an ID never misses a smaller one', () => {
  type Req = Awaited<ReturnType<typeof createLocalReq>>
  const venue = (title: string, req: Req) => app.payload.create({ collection: 'venues', data: { title, status: 'publish' }, overrideAccess: true, req })
  // A term: its ID comes from another sequence row than a venue's, so the two writes share no row lock.
  const tag = (name: string, req: Req) => app.payload.create({ collection: 'event-tags', data: { name }, overrideAccess: true, req })

  it('PostgreSQL: a write that commits after a later one is read after it; SQLite: writes do not overlap', async () => {
    const start = await lastId()
    const first = await createLocalReq({}, app.payload)
    expect(await initTransaction(first)).toBe(true)
    const slow = await tag('slow', first)
    if (app.payload.db.name !== 'postgres') {
      // SQLite: a second write transaction waits for the first to end (src/serializeTransactions.ts).
      const second = await createLocalReq({}, app.payload)
      const begun = initTransaction(second)
      expect(await Promise.race([begun.then(() => 'began'), new Promise((resolve) => setTimeout(() => resolve('waiting'), 500))])).toBe('waiting')
      await commitTransaction(first)
      expect(await begun).toBe(true)
      await venue('Next hall', second)
      await commitTransaction(second)
      expect((await changesAfter(start)).map((r) => r.doc)).toEqual([slow.id, expect.any(Number)])
      return
    }
    // PostgreSQL: the first write is still open while a second one commits and a reader reads the feed.
    const second = await createLocalReq({}, app.payload)
    expect(await initTransaction(second)).toBe(true)
    const quick = await venue('Quick hall', second)
    await commitTransaction(second)
    const origin = await client.get('/changes', as('administrator'))
    const cursor = origin.body.next_cursor as string
    const afterQuick = await lastId()
    expect((await changesAfter(start)).map((r) => r.doc)).toEqual([quick.id])
    await commitTransaction(first)
    // The change committed last has the higher ID, and the cursor read before it still leads to it.
    const rows = await changesAfter(start)
    expect(rows.map((r) => r.doc)).toEqual([quick.id, slow.id])
    expect(rows[1]!.id).toBeGreaterThan(afterQuick)
    const read = await client.get(`/changes?since=${cursor}`, as('administrator'))
    expect(read.body.changes).toEqual([expect.objectContaining({ kind: 'tag', id: slow.id, action: 'created' })])
  })
})

// SQLite has one write transaction at a time (above); PostgreSQL needs the lock.
const onPostgres = process.env.TEST_DATABASE === 'postgres' ? it : it.skip
describe('PostgreSQL: change rows are inserted under one lock held to the commit', () => {
  onPostgres('a second transaction cannot insert change rows until the first one that did has committed', async () => {
    const { writeChanges } = await import('../../collections/changes/changeQueue.js')
    const row = (doc: number) => ({ kind: 'tag' as const, doc, action: 'updated' as const, publicBefore: true, publicAfter: true, changedAt: new Date().toISOString() })
    const start = await lastId()
    const first = await app.payload.db.beginTransaction()
    const second = await app.payload.db.beginTransaction()
    await writeChanges(app.payload, first!, [row(900_001)])
    const inserted = writeChanges(app.payload, second!, [row(900_002)])
    expect(await Promise.race([inserted.then(() => 'inserted'), new Promise((resolve) => setTimeout(() => resolve('waiting'), 500))])).toBe('waiting')
    await app.payload.db.commitTransaction(first!)
    await inserted
    await app.payload.db.commitTransaction(second!)
    expect((await changesAfter(start)).map((r) => r.doc)).toEqual([900_001, 900_002])
  })
})

describe('what each write records', () => {
  it('events: created, updated, trashed (deleted), restored (created), deleted for good; visibility before and after', async () => {
    const start = await lastId()
    const created = await client.post('/events', { title: 'Quartet', status: 'draft', start_date: '2027-03-01 19:00:00', end_date: '2027-03-01 21:00:00' }, as('editor'))
    expect(created.status).toBe(201)
    const id = created.body.id as number
    expect((await client.post(`/events/${id}`, { status: 'publish' }, as('editor'))).status).toBe(200)
    // The namespace takes no password (reference section 10): set in the admin, as Payload's API does.
    await app.payload.update({ collection: 'events', id, data: { password: 'secret' }, overrideAccess: true })
    await app.payload.update({ collection: 'events', id, data: { password: '' }, overrideAccess: true })
    expect((await client.delete(`/events/${id}`, as('editor'))).status).toBe(200)
    await app.payload.update({ collection: 'events', id, data: { deletedAt: null }, trash: true, overrideAccess: true })
    expect((await client.delete(`/events/${id}?force=true`, as('editor'))).status).toBe(200)
    expect(brief(await changesAfter(start))).toEqual([
      ['event', id, 'created', false, false],
      ['event', id, 'updated', false, true],
      ['event', id, 'updated', true, false],
      ['event', id, 'updated', false, true],
      ['event', id, 'deleted', true, false],
      ['event', id, 'created', false, true],
      ['event', id, 'deleted', true, false],
    ])
  })

  it('venues, organizers, categories and tags', async () => {
    const start = await lastId()
    const venue = (await client.post('/venues', { venue: 'Old hall', status: 'publish' }, as('editor'))).body.id as number
    const organizer = (await client.post('/organizers', { organizer: 'Jo', status: 'draft' }, as('editor'))).body.id as number
    const category = (await client.post('/categories', { name: 'Jazz' }, as('editor'))).body.id as number
    const tag = (await client.post('/tags', { name: 'free' }, as('editor'))).body.id as number
    expect((await client.post(`/tags/${tag}`, { name: 'gratis' }, as('editor'))).status).toBe(200)
    expect((await client.delete(`/categories/${category}`, as('editor'))).status).toBe(200)
    expect((await client.delete(`/venues/${venue}`, as('editor'))).status).toBe(200)
    expect(brief(await changesAfter(start))).toEqual([
      ['venue', venue, 'created', false, true],
      ['organizer', organizer, 'created', false, false],
      ['category', category, 'created', false, true],
      ['tag', tag, 'created', false, true],
      ['tag', tag, 'updated', true, true],
      ['category', category, 'deleted', true, false],
      ['venue', venue, 'deleted', true, false],
    ])
  })

  it('an event linked to a trashed venue records its own update', async () => {
    const venue = (await client.post('/venues', { venue: 'Linked hall', status: 'publish' }, as('editor'))).body.id as number
    const event = await createEvent(app.payload, 'At the hall', { venues: [venue] })
    const start = await lastId()
    expect((await client.delete(`/venues/${venue}`, as('editor'))).status).toBe(200)
    const rows = brief(await changesAfter(start))
    expect(rows).toContainEqual(['venue', venue, 'deleted', true, false])
    expect(rows).toContainEqual(['event', event, 'updated', true, true])
  })
})

describe('recurring series', () => {
  const weekly = (title: string, count: number) => ({
    title,
    status: 'publish',
    start_date: '2027-01-04 18:00:00',
    end_date: '2027-01-04 20:00:00',
    recurrence: [`RRULE:FREQ=DAILY;COUNT=${count}`],
  })
  const occurrenceIds = async (series: number) =>
    (await app.payload.find({ collection: 'occurrences', where: { and: [{ event: { equals: series } }, { state: { equals: 'scheduled' } }] }, sort: 'id', pagination: false, overrideAccess: true })).docs.map((r) => r.id)

  it('records each occurrence under its provisional ID, and a 500-occurrence edit in one INSERT', async () => {
    const start = await lastId()
    const series = (await client.post('/events', weekly('Daily', 500), as('editor'))).body.id as number
    const ids = await occurrenceIds(series)
    expect(ids).toHaveLength(500)
    const made = await changesAfter(start)
    expect(made.filter((r) => r.doc === series)).toHaveLength(1)
    expect(made.filter((r) => r.kind === 'event' && r.doc > BASE).map((r) => r.doc).sort()).toEqual(ids.map((id) => BASE + id).sort())
    expect(made.every((r) => r.action === 'created' && r.publicAfter)).toBe(true)

    // Unpublishing the series: every occurrence leaves the public's view, written by one statement.
    const before = await lastId()
    const log = watchStatements(app.payload)!
    log.statements = []
    const res = await client.post(`/events/${series}`, { status: 'draft' }, as('editor'))
    const inserts = log.statements.filter((s) => /insert\s+into\s+["`]?changes/i.test(s))
    expect(res.status).toBe(200)
    expect(inserts).toHaveLength(1)
    const hidden = await changesAfter(before)
    expect(hidden).toHaveLength(501)
    expect(hidden.every((r) => r.action === 'updated' && r.publicBefore && !r.publicAfter)).toBe(true)
  }, 120_000)

  it('the daily extension of an open-ended series records the occurrences it adds', async () => {
    const series = (await client.post('/events', { ...weekly('Open', 1), recurrence: ['RRULE:FREQ=WEEKLY'] }, as('editor'))).body.id as number
    const before = await occurrenceIds(series)
    const start = await lastId()
    const { extendRecurrences } = await import('../../src/recurrence/extendRecurrences.js')
    const made = await extendRecurrences(app.payload, new Date(Date.now() + 120 * 24 * 3600 * 1000))
    expect(made.created).toBeGreaterThan(0)
    const added = (await occurrenceIds(series)).filter((id) => !before.includes(id))
    expect(added.length).toBeGreaterThan(0)
    const rows = (await changesAfter(start)).filter((r) => r.doc > BASE)
    expect(rows.filter((r) => added.includes(r.doc - BASE)).map((r) => [r.action, r.publicBefore, r.publicAfter])).toEqual(added.map(() => ['created', false, true]))
  })

  it('a shorter rule deletes the occurrences it drops; a cancelled occurrence is deleted', async () => {
    const series = (await client.post('/events', weekly('Short', 5), as('editor'))).body.id as number
    const ids = await occurrenceIds(series)
    const start = await lastId()
    expect((await client.post(`/events/${series}`, { recurrence: ['RRULE:FREQ=DAILY;COUNT=3'] }, as('editor'))).status).toBe(200)
    const rows = await changesAfter(start)
    expect(rows.filter((r) => r.action === 'deleted').map((r) => r.doc).sort()).toEqual(ids.slice(3).map((id) => BASE + id).sort())
    expect(rows.filter((r) => r.action === 'updated').map((r) => r.doc).sort()).toEqual([series, ...ids.slice(0, 3).map((id) => BASE + id)].sort())

    const cancelled = BASE + ids[1]!
    const mark = await lastId()
    expect((await client.delete(`/events/${cancelled}`, as('editor'))).status).toBe(200)
    expect(brief(await changesAfter(mark))).toEqual([['event', cancelled, 'deleted', true, false]])
  })
})
