import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { createListingIndexes } from '../../src/createListingIndexes.js'
import { env } from '../../src/env.js'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'

let app: TestApp

interface SqlAdapter {
  name: string
  client?: { execute: (sql: string) => Promise<{ rows: Array<Record<string, unknown>> }> }
  pool?: { query: (sql: string) => Promise<{ rows: Array<Record<string, unknown>> }> }
}

/** Rows of one SQL statement on the lane's database (SQLite or PostgreSQL). */
async function query(sql: string): Promise<Array<Record<string, unknown>>> {
  const db = app.payload.db as unknown as SqlAdapter
  return db.name === 'sqlite' ? (await db.client!.execute(sql)).rows : (await db.pool!.query(sql)).rows
}

/** The names of the covering indexes the plugin makes, as the database lists them. */
async function coverIndexes(): Promise<string[]> {
  const rows = (app.payload.db as unknown as SqlAdapter).name === 'sqlite'
    ? await query(`SELECT name FROM sqlite_master WHERE type = 'index' AND name LIKE '%cover_idx'`)
    : await query(`SELECT indexname AS name FROM pg_indexes WHERE indexname LIKE '%cover_idx'`)
  return rows.map((row) => String(row.name)).sort()
}

const EXPECTED = [
  'events_id_cover_idx',
  'events_rels_event_categories_id_cover_idx',
  'events_rels_event_tags_id_cover_idx',
  'events_rels_organizers_id_cover_idx',
  'events_rels_venues_id_cover_idx',
  // PostgreSQL walks a large term's page in date order through it.
  ...(env.TEST_DATABASE === 'postgres' ? ['events_start_cover_idx'] : []),
  'events_status_cover_idx',
]

beforeAll(async () => {
  app = await initTestApp()
})

afterAll(async () => {
  await app?.close()
})

const sqlLane = env.TEST_DATABASE === 'mongodb' ? describe.skip : describe

sqlLane('covering indexes of the archive filters', () => {
  it('exist once the app has booted', async () => {
    expect(await coverIndexes()).toEqual(EXPECTED)
  })

  it('are made again by processes booting together, none of which fails', async () => {
    for (const name of EXPECTED) await query(`DROP INDEX "${name}"`)
    expect(await coverIndexes()).toEqual([])
    // Three connections open at once first, so the three creations really run side by side on PostgreSQL.
    await Promise.all([1, 2, 3].map(() => query((app.payload.db as unknown as SqlAdapter).name === 'sqlite' ? 'SELECT 1' : 'SELECT pg_sleep(0.05)')))
    await Promise.all([1, 2, 3].map(() => createListingIndexes(app.payload)))
    expect(await coverIndexes()).toEqual(EXPECTED)
  })

  it('replace the indexes of earlier versions, which lacked `recurring`', async () => {
    await query(`CREATE INDEX IF NOT EXISTS "events_archive_cover_idx" ON "events" ("id", "status", "deleted_at")`)
    expect(await coverIndexes()).toContain('events_archive_cover_idx')
    await createListingIndexes(app.payload)
    expect(await coverIndexes()).toEqual(EXPECTED)
  })
})
