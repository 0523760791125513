// import:tec writes a page of records in one transaction. A record that cannot be written rolls its
// page back; the page is then written again record by record, so only that record is lost. A small
// TEC-shaped site serves one page of events with one broken among them. Each description has an image
// from that site, stored in the page's transaction: a rolled-back page leaves none of its files behind.
import { readdirSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import express from 'express'
import { getPayload } from 'payload'
import sharp from 'sharp'
import { buildCalendarConfig } from '../../src/payload.config.js'
import { runCli } from '../helpers/runCli.js'
import { tempDir } from '../helpers/serverProcess.js'
import { createTestDatabase } from '../helpers/testDatabase.js'

const event = (id: number, day: number) => ({
  id,
  status: 'publish',
  // Authored: a post without an author stores no description image (the import writes it as no one).
  author: 7,
  title: `Event ${id}`,
  slug: `event-${id}`,
  date_utc: '2027-01-01 10:00:00',
  utc_start_date: `2027-03-${String(day).padStart(2, '0')} 18:00:00`,
  utc_end_date: `2027-03-${String(day).padStart(2, '0')} 20:00:00`,
  timezone: 'Europe/Paris',
  all_day: false,
  description: `<p>About event ${id} <img src="${origin}/picture-${id}.png"></p>`,
  cost: '',
  image: false,
  venue: [],
  organizer: [],
  categories: [],
  tags: [],
})
// The third has no start: its write fails, after the first two were written in the page's transaction.
const events = () => [event(101, 1), event(102, 2), { ...event(103, 3), utc_start_date: 'not a date' }, event(104, 4)]

let site: Server
let origin = ''
const dataDir = tempDir('calendar-import-rollback-')

beforeAll(async () => {
  const app = express()
  const root = '/wp-json/tribe/events/v1'
  app.get(root, (_req, res) => void res.json({ namespace: 'tribe/events/v1', routes: {} }))
  for (const kind of ['categories', 'tags', 'venues', 'organizers']) {
    app.get(`${root}/${kind}`, (_req, res) => void res.set({ 'X-TEC-Total': '0', 'X-TEC-TotalPages': '0' }).json({ [kind]: [], total: 0, total_pages: 0 }))
  }
  const png = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#2255aa' } }).png().toBuffer()
  app.get('/picture-:id.png', (_req, res) => void res.type('image/png').send(png))
  app.get(`${root}/events`, (_req, res) => void res.set({ 'X-TEC-Total': '4', 'X-TEC-TotalPages': '1' }).json({ events: events(), total: 4, total_pages: 1 }))
  site = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s))
  })
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise((resolve) => site.close(resolve))
  dataDir.remove()
})

describe('import:tec, a record that fails inside a page', () => {
  it('loses only that record: the page is rolled back and written again one record at a time', async () => {
    const database = await createTestDatabase()
    const run = () => runCli(['import:tec', '--from', `${origin}/wp-json`, '--per-page', '50', '--allow-private-hosts'], database.uri, { DATA_DIR: dataDir.dir })
    const first = await run()
    expect(first.code).toBe(1)
    expect(first.stdout).toMatch(/events: 3 created, 0 updated, 0 unchanged, 1 failed/)
    expect(first.stderr).toMatch(/warning: events 103 not written: event 103 has no valid utc_start_date/)

    // A second run finds what the first remembered (after its rollback): nothing is duplicated.
    const second = await run()
    expect(second.stdout).toMatch(/events: 0 created, 0 updated, 3 unchanged, 1 failed/)

    const payload = await getPayload({
      config: buildCalendarConfig(database.uri, database.kind, {}, { push: false, migrations: false }),
      key: `${database.uri}#rollback`,
    })
    try {
      const found = await payload.find({ collection: 'events', depth: 0, limit: 10, sort: 'id', overrideAccess: true })
      expect(found.docs.map((doc) => [doc.id, doc.slug])).toEqual([
        [101, 'event-101'],
        [102, 'event-102'],
        [104, 'event-104'],
      ])
      // The first attempt stored the images of 101 and 102 before 103 failed; only the files of the
      // media the import kept (those of 101, 102 and 104, written again) are left.
      const media = await payload.find({ collection: 'media', depth: 0, limit: 10, overrideAccess: true })
      expect(media.docs.map((doc) => doc.alt).sort()).toEqual(['picture-101.png', 'picture-102.png', 'picture-104.png'])
      const kept = media.docs.flatMap((doc) => [doc.filename, ...Object.values(doc.sizes ?? {}).map((size) => size?.filename)]).filter(Boolean)
      expect(readdirSync(path.join(dataDir.dir, 'media')).sort()).toEqual(kept.sort())
    } finally {
      await payload.destroy()
    }
  }, 300_000)
})
