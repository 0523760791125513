import type { BaseDatabaseAdapter, DatabaseAdapterObj, Payload } from 'payload'
import { sqlAdapterOf } from '../lib/sql/sqlAdapter.js'

/** The events' columns a search reads (endpoints/events/query/buildEventsQuery.ts). */
const EVENT_COLUMNS = ['title', 'description_html', 'excerpt']
/** Venues' and organizers' searched columns (endpoints/linked/venueKind.ts, organizerKind.ts). */
const LINKED_COLUMNS: Record<string, string[]> = {
  venues: ['title', 'description_html', 'address', 'city', 'province', 'state', 'stateprovince', 'zip', 'phone'],
  organizers: ['title', 'description_html', 'phone', 'email', 'website'],
}

/**
 * SQLite: an external-content FTS5 table over the events' searched columns with the trigram tokenizer
 * (substrings of three characters or more, case-folded), its rowid the event's ID, kept in step with
 * `events` by triggers on every insert, delete and update of those columns, whoever writes (Payload,
 * the importers, a restored backup's server). The same statements as the migration
 * 20261128_search_index, each idempotent.
 */
export function sqliteSearchStatements(events = 'events'): string[] {
  const fts = `${events}_search`
  const cols = EVENT_COLUMNS.map((c) => `"${c}"`).join(', ')
  const values = (row: 'new' | 'old') => EVENT_COLUMNS.map((c) => `${row}."${c}"`).join(', ')
  return [
    `CREATE VIRTUAL TABLE IF NOT EXISTS "${fts}" USING fts5(${cols}, content='${events}', content_rowid='id', tokenize='trigram')`,
    `CREATE TRIGGER IF NOT EXISTS "${fts}_insert" AFTER INSERT ON "${events}" BEGIN INSERT INTO "${fts}"(rowid, ${cols}) VALUES (new."id", ${values('new')}); END`,
    `CREATE TRIGGER IF NOT EXISTS "${fts}_delete" AFTER DELETE ON "${events}" BEGIN INSERT INTO "${fts}"("${fts}", rowid, ${cols}) VALUES ('delete', old."id", ${values('old')}); END`,
    `CREATE TRIGGER IF NOT EXISTS "${fts}_update" AFTER UPDATE OF "id", ${cols} ON "${events}" BEGIN ` +
      `INSERT INTO "${fts}"("${fts}", rowid, ${cols}) VALUES ('delete', old."id", ${values('old')}); ` +
      `INSERT INTO "${fts}"(rowid, ${cols}) VALUES (new."id", ${values('new')}); END`,
  ]
}

/**
 * PostgreSQL: pg_trgm's GIN indexes on every searched column of events, venues and organizers.
 * Payload writes `contains` as `column ILIKE '%word%'`, which such an index serves as it is (a bitmap
 * scan, the rows rechecked), so the query needs no change. The same statements as the migration.
 */
export function postgresSearchStatements(tables: Record<string, string> = {}): string[] {
  const name = (slug: string) => tables[slug] ?? slug
  const indexes = [
    ...EVENT_COLUMNS.map((column) => [name('events'), column]),
    ...Object.entries(LINKED_COLUMNS).flatMap(([slug, columns]) => columns.map((column) => [name(slug), column])),
  ]
  return [
    'CREATE EXTENSION IF NOT EXISTS pg_trgm',
    ...indexes.map(([table, column]) => `CREATE INDEX IF NOT EXISTS "${table}_${column}_trgm_idx" ON "${table}" USING gin ("${column}" gin_trgm_ops)`),
  ]
}

/** PostgreSQL's answers to a concurrent CREATE of the same name: unique_violation, duplicate_table, duplicate_object. */
const ALREADY_CREATED = new Set(['23505', '42P07', '42710'])

/**
 * The search indexes, made at boot when missing: a migrated database has them from its migration; a
 * pushed one (development, tests) gets them here, and so does one whose `events` table a later
 * migration rebuilt (SQLite drops a table's triggers with it). When the SQLite index or one of its
 * triggers was missing, the index is rebuilt from the events, as it may have missed writes.
 */
export async function createSearchIndexes(payload: Payload): Promise<void> {
  const db = sqlAdapterOf(payload.db)
  if (!db || !(db.name === 'sqlite' ? db.client : db.pool)) return
  const events = db.tableNameMap.get('events') ?? 'events'
  if (db.name === 'sqlite') {
    const statements = sqliteSearchStatements(events)
    const names = [`${events}_search`, `${events}_search_insert`, `${events}_search_delete`, `${events}_search_update`]
    const found = await db.client.execute({ sql: `SELECT count(*) AS n FROM sqlite_master WHERE name IN (${names.map(() => '?').join(', ')})`, args: names })
    if (Number(found.rows[0]?.n) === names.length) return
    await db.client.batch([...statements, `INSERT INTO "${events}_search"("${events}_search") VALUES ('rebuild')`], 'write')
    return
  }
  const tables = Object.fromEntries(['events', ...Object.keys(LINKED_COLUMNS)].map((slug) => [slug, db.tableNameMap.get(slug) ?? slug]))
  for (const statement of postgresSearchStatements(tables)) {
    try {
      await db.pool.query(statement)
    } catch (error) {
      if (!ALREADY_CREATED.has((error as { code?: string }).code ?? '')) throw error
    }
  }
}

/**
 * SQLite in development and tests, where Payload pushes the schema from the collections: drizzle's push
 * offers to drop every table it does not know, the search index's shadow tables among them (which
 * would leave the index broken). Before a push, the index and its triggers are dropped here, on a
 * connection of their own; the boot then makes them again from the events (createSearchIndexes).
 * Migrated databases (production, the CLI) are never pushed and keep theirs.
 */
export function searchIndexOutOfPush(adapter: DatabaseAdapterObj, uri: string): DatabaseAdapterObj {
  return {
    ...adapter,
    init: (args) => {
      const db = adapter.init(args) as BaseDatabaseAdapter & { push?: boolean }
      const connect = db.connect?.bind(db)
      if (!connect) return db
      db.connect = async (options) => {
        // Payload's own test for a push, read as Payload reads it at this moment (not src/env.ts's copy,
        // read once at start-up), so the index is dropped exactly when the push will run.
        if (process.env.NODE_ENV !== 'production' && process.env.PAYLOAD_MIGRATING !== 'true' && db.push !== false) {
          const { createClient } = await import('@libsql/client')
          const client = createClient({ url: uri })
          try {
            await client.execute('PRAGMA busy_timeout = 5000')
            await client.batch(['insert', 'delete', 'update'].map((t) => `DROP TRIGGER IF EXISTS "events_search_${t}"`).concat('DROP TABLE IF EXISTS "events_search"'), 'write')
          } finally {
            client.close()
          }
        }
        return connect(options)
      }
      return db
    },
  }
}
