import { rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { storedDataChanged } from '../../endpoints/cache/storedDataCaches.js'
import { eventIdPage, searchTuning } from '../../endpoints/data/eventIdPage.js'
import { findEventPage } from '../../endpoints/data/findEventPage.js'
import { archiveQuery } from '../../endpoints/events/query/archiveQuery.js'
import type { EventArchiveValues } from '../../endpoints/events/params/eventArchiveParams.js'
import type { RequestContext } from '../../endpoints/types.js'
import { resolveOptions } from '../../lib/options.js'
import { trigramExact, trigramMatch } from '../../lib/sql/trigramMatch.js'
import { searchWords } from '../../endpoints/linked/query/searchWords.js'
import { createSearchIndexes, searchIndexOutOfPush, sqliteSearchStatements } from '../../src/createSearchIndexes.js'
import { env } from '../../src/env.js'
import { createActors, type Actor } from '../helpers/actors.js'
import { createPost, daysFromNow } from '../helpers/fixtures.js'
import { apiClient } from '../helpers/http.js'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'

// `search` served by an index (SQLite: the FTS5 trigram table read by eventIdPage; PostgreSQL: pg_trgm
// under Payload's own ILIKE) against the Local API's answer with the same where (the path MongoDB
// takes), for every role, on drafts, private and password-protected events of several owners, with
// multi-word searches, quoted phrases, words of one or two letters, non-ASCII letters in both cases
// and LIKE's wildcards: the same events, in the same order, with the same total; over HTTP too.

type Who = 'anonymous' | 'contributor' | 'author' | 'editor'
const WHO: Who[] = ['anonymous', 'contributor', 'author', 'editor']

// title, description (HTML), excerpt
const TEXTS: Array<[string, string, string]> = [
  ['Jazz Café evening', '<p>Live music at the ÄRGER bar</p>', 'cool jazz'],
  ['CAFÉ JAZZ', '<p>night market downtown</p>', ''],
  ['Ärger im Park', '<p>100% fun for kids</p>', 'under_score tag'],
  ['Night Market', '<p>stalls and food</p>', 'Go UK'],
  ['Brunch at 50%', '<p>the cafe_bar opens</p>', 'a b c'],
  ['Lecture', '<p>jazz history and café culture</p>', 'secret zebra word'],
  ['Say "hi" there', '<p>x"y quoted</p>', 'ümlaut Ümlaut'],
]

const SEARCHES = [
  'jazz',
  'JAZZ café',
  'café',
  'CAFÉ',
  'Ärger',
  'ärger',
  'ümlaut',
  '"night market"',
  'night market',
  'market night',
  '100%',
  '0%',
  '%',
  '_',
  '%%%',
  'under_score',
  'cafe_bar',
  'caf_',
  'jaz%ory',
  'Go',
  'UK',
  'go uk',
  'a b',
  'zebra',
  'zebra word',
  'x"y',
  '"hi"',
  'stalls, food',
  'nothing-matches-this',
  'LECTURE',
  'HISTORY',
  'cool jazz',
  'live bar',
  'jazz live',
  'zebra jazz',
  'quoted x"y',
]

let app: TestApp
let actors: Record<Who, Actor>
let api: ReturnType<typeof apiClient>
const created: number[] = []

beforeAll(async () => {
  app = await initTestApp()
  api = apiClient(app.api)
  actors = (await createActors(app)) as unknown as Record<Who, Actor>
  let n = 0
  for (const status of ['publish', 'draft', 'private'] as const) {
    for (const owner of ['author', 'contributor', 'editor'] as const) {
      for (const password of [false, true]) {
        const [title, html, excerpt] = TEXTS[n % TEXTS.length]!
        n++
        const data = {
          title,
          excerpt,
          status,
          author: actors[owner].id,
          startDate: daysFromNow(1 + (n % 5)),
          endDate: daysFromNow(1.1 + (n % 5)),
          ...(password ? { password: 'sesame' } : {}),
        }
        created.push(await createPost(app.payload, 'events', data, html))
      }
    }
  }
})

afterAll(async () => {
  await app?.close()
})

const ctxOf = (who: Who) => ({ payload: app.payload, user: actors[who].user, options: resolveOptions() }) as unknown as RequestContext

/** The archive's query for a search, as GET /events builds it for `who`. */
async function searchQuery(who: Who, search: string) {
  const values = { page: 1, per_page: 50, search } as EventArchiveValues
  return (await archiveQuery(ctxOf(who), values, { given: new Set(['search']), raw: {} })).query
}

/** The Local API's answer to the query (findEventPage's path on MongoDB). */
async function localAnswer(who: Who, search: string): Promise<{ ids: number[]; total: number }> {
  const q = await searchQuery(who, search)
  const found = await app.payload.find({ collection: 'events', where: q.where, sort: q.sort, page: 1, limit: q.limit, depth: 0, trash: q.trash, overrideAccess: false, user: ctxOf(who).user })
  return { ids: found.docs.map((doc) => doc.id as number), total: found.totalDocs }
}

/** Every search by every role, the indexed path against the Local API's; answers how many events were listed. */
async function compareAll(): Promise<number> {
  storedDataChanged(app.payload)
  let listed = 0
  for (const who of WHO) {
    for (const search of SEARCHES) {
      const q = await searchQuery(who, search)
      // The SQL path covers it (else the comparison compares Payload with itself).
      expect(await eventIdPage(ctxOf(who), q)).not.toBeNull()
      const fast = await findEventPage(ctxOf(who), q)
      const local = await localAnswer(who, search)
      expect({ who, search, ids: fast.docs.map((doc) => doc.id), total: fast.totalDocs }).toEqual({ who, search, ...local })
      listed += local.ids.length
    }
  }
  return listed
}

const sqlLane = env.TEST_DATABASE === 'mongodb' ? describe.skip : describe

sqlLane('search served by an index', () => {
  it('answers as the Local API does, for every role and every kind of search', async () => {
    // Most searches go through the trigram index on SQLite, some (one or two letters, wildcards alone) not.
    expect(SEARCHES.filter((s) => trigramMatch(searchWords(s)) !== null).length).toBeGreaterThan(15)
    // Some answered by the index alone, some by the index and LIKE together, some by LIKE alone.
    expect(SEARCHES.filter((s) => searchWords(s).every(trigramExact)).length).toBeGreaterThan(5)
    expect(SEARCHES.filter((s) => searchWords(s).some(trigramExact) && !searchWords(s).every(trigramExact)).length).toBeGreaterThan(1)
    // SQLite pages a search with many matches by walking the dates with LIKE, one with few through the index: both plans.
    const chosen = searchTuning.searchWalkToProbe
    try {
      for (const ratio of [Number.POSITIVE_INFINITY, 0]) {
        searchTuning.searchWalkToProbe = ratio
        expect(await compareAll()).toBeGreaterThan(50)
      }
    } finally {
      searchTuning.searchWalkToProbe = chosen
    }
  })

  it('keeps LIKE\'s rules: a password hides the description and excerpt from the public, wildcards stay wildcards, ASCII case folds', async () => {
    const anonymous = await localAnswer('anonymous', 'zebra')
    const editor = await localAnswer('editor', 'zebra')
    expect(editor.total).toBeGreaterThan(anonymous.total)
    // 'caf_' is LIKE '%caf_%': café, cafe_bar and CAFÉ (the ASCII letters fold) all match.
    expect((await localAnswer('editor', 'caf_')).total).toBeGreaterThan((await localAnswer('editor', 'cafe_bar')).total)
    expect((await localAnswer('anonymous', 'JAZZ')).total).toBe((await localAnswer('anonymous', 'jazz')).total)
  })

  it('answers the same over HTTP, for each role', async () => {
    storedDataChanged(app.payload)
    let listed = 0
    for (const who of WHO) {
      for (const search of ['jazz', 'café', 'Ärger', '"night market"', '0%', 'Go', 'zebra']) {
        const res = await api.get(`/events?search=${encodeURIComponent(search)}&per_page=50`, actors[who].headers)
        expect(res.status).toBe(200)
        const local = await localAnswer(who, search)
        expect({ who, search, ids: res.body.events.map((e: { id: number }) => e.id), total: Number(res.headers.get('x-tec-total')) }).toEqual({ who, search, ...local })
        listed += local.ids.length
      }
    }
    expect(listed).toBeGreaterThan(10)
  })

  it('follows every write: new titles, changed descriptions, trashed and deleted events', async () => {
    const p = app.payload
    await p.update({ collection: 'events', id: created[0]!, data: { title: 'Quokka Jamboree' } as never, overrideAccess: true })
    await p.update({ collection: 'events', id: created[1]!, data: { excerpt: 'now with quokka' } as never, overrideAccess: true })
    await p.update({ collection: 'events', id: created[2]!, data: { deletedAt: new Date().toISOString() } as never, trash: true, overrideAccess: true })
    await p.delete({ collection: 'events', id: created[3]!, overrideAccess: true })
    created.push(await createPost(p, 'events', { title: 'Late café', startDate: daysFromNow(2), endDate: daysFromNow(2.1) }, '<p>a quokka too</p>'))
    expect((await localAnswer('editor', 'quokka')).total).toBe(3)
    expect(await compareAll()).toBeGreaterThan(50)
    if (app.database.kind === 'sqlite') {
      // The external-content index agrees with the events table row for row.
      const client = (p.db as unknown as { client: { execute: (sql: string) => Promise<unknown> } }).client
      await expect(client.execute(`INSERT INTO events_search(events_search, rank) VALUES ('integrity-check', 1)`)).resolves.toBeDefined()
    }
  })

  it('is made again, and rebuilt, at boot when the index or a trigger is missing', async () => {
    if (app.database.kind === 'sqlite') {
      const client = (app.payload.db as unknown as { client: { execute: (sql: string) => Promise<{ rows: Array<Record<string, unknown>> }> } }).client
      await client.execute('DROP TRIGGER events_search_update')
      // A write the index misses while the trigger is gone.
      await app.payload.update({ collection: 'events', id: created[4]!, data: { title: 'Wombat Waltz' } as never, overrideAccess: true })
      await createSearchIndexes(app.payload)
      const { rows } = await client.execute("SELECT count(*) AS n FROM sqlite_master WHERE name LIKE 'events_search%' AND type = 'trigger'")
      expect(Number(rows[0]!.n)).toBe(3)
      await client.execute(`INSERT INTO events_search(events_search, rank) VALUES ('integrity-check', 1)`)
    } else {
      const pool = (app.payload.db as unknown as { pool: { query: (sql: string) => Promise<{ rows: Array<Record<string, unknown>> }> } }).pool
      await pool.query('DROP INDEX events_title_trgm_idx')
      await app.payload.update({ collection: 'events', id: created[4]!, data: { title: 'Wombat Waltz' } as never, overrideAccess: true })
      await createSearchIndexes(app.payload)
      const { rows } = await pool.query("SELECT count(*) AS n FROM pg_indexes WHERE indexname LIKE '%trgm_idx'")
      expect(Number(rows[0]!.n)).toBe(17)
    }
    expect((await localAnswer('editor', 'wombat')).total).toBe(1)
    expect(await compareAll()).toBeGreaterThan(50)
  })

  it('is dropped before a development schema push (which would drop its shadow tables), to be made again at boot', async () => {
    if (app.database.kind !== 'sqlite') return
    const { createClient } = await import('@libsql/client')
    const file = path.join(os.tmpdir(), `search-push-${process.pid}-${Date.now()}.db`)
    const client = createClient({ url: `file:${file}` })
    try {
      await client.batch(['CREATE TABLE events (id integer PRIMARY KEY, title text, description_html text, excerpt text)', ...sqliteSearchStatements()], 'write')
      let connected = 0
      const pushed = { push: true, connect: async () => void connected++ }
      const adapter = searchIndexOutOfPush({ name: 'sqlite', defaultIDType: 'number', init: () => pushed } as never, `file:${file}`)
      await adapter.init({ payload: app.payload }).connect!()
      expect(connected).toBe(1)
      const { rows } = await client.execute("SELECT count(*) AS n FROM sqlite_master WHERE name LIKE 'events_search%'")
      expect(Number(rows[0]!.n)).toBe(0)
    } finally {
      client.close()
      for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true })
    }
  })
})
