import type { Payload } from 'payload'
import { EVENTS } from '../collections/slugs.js'
import { sqlAdapterOf } from '../lib/sql/sqlAdapter.js'

/** The relationship columns of events_rels that the archive filters by (categories, tags, venues, organizers). */
const FILTERED_RELATIONS = ['event_categories_id', 'event_tags_id', 'venues_id', 'organizers_id']

/** PostgreSQL's answers to a concurrent CREATE INDEX of the same name: unique_violation, duplicate_table. */
const ALREADY_CREATED = new Set(['23505', '42P07'])

/**
 * Covering indexes for the archive's filters (endpoints/data/eventIdPage.ts, occurrenceIdPage.ts), which
 * Payload cannot declare: its relationship tables get single-column indexes only, and a collection index
 * naming `id` breaks its versions table. With them a list's page and total read index entries only, never
 * the rows (an event row carries its description): at 100,000 events the total of a category went from 17
 * to 5 ms on SQLite, and with recurring series the unfiltered total of single events from 22 to 1 ms.
 * Each holds every column the archive's conditions name, `recurring` included (single events and series
 * are listed apart):
 * - `events_rels (<term>_id, path, parent_id)`: a term's events without touching the table;
 * - `events_id_cover_idx (id, …)`: each of those events checked against the conditions, and ordered;
 * - `events_status_cover_idx (status, deleted_at, start_date, …)`: the unfiltered archive and its total,
 *   and the series a list's occurrences are checked against;
 * - PostgreSQL: `events_start_cover_idx (start_date, id, created_at, …)`, where a large term's page walks
 *   the events in date order (eventIdPage's walkByDate).
 * Created at boot, when missing (milliseconds; seconds on a very large PostgreSQL table), on SQLite and
 * PostgreSQL. A schema push (development) drops them and the next boot makes them again. Indexes of
 * earlier versions, which lacked `recurring`, are dropped.
 */
export async function createListingIndexes(payload: Payload): Promise<void> {
  const db = sqlAdapterOf(payload.db)
  // Not connected (no client or pool): nothing to index.
  if (!db || !(db.name === 'sqlite' ? db.client : db.pool)) return
  const run = db.name === 'sqlite' ? (sql: string) => db.client.execute(sql) : (sql: string) => db.pool.query(sql)
  const events = db.tableNameMap.get(EVENTS) ?? EVENTS
  const archive = '"status", "deleted_at", "start_date", "end_date", "hide_from_listings", "has_password", "recurring"'
  const statements = [
    ...['archive_cover_idx', 'date_cover_idx'].map((name) => `DROP INDEX IF EXISTS "${events}_${name}"`),
    `CREATE INDEX IF NOT EXISTS "${events}_id_cover_idx" ON "${events}" ("id", ${archive}, "created_at")`,
    `CREATE INDEX IF NOT EXISTS "${events}_status_cover_idx" ON "${events}" (${archive}, "id")`,
    ...FILTERED_RELATIONS.map((column) => `CREATE INDEX IF NOT EXISTS "${events}_rels_${column}_cover_idx" ON "${events}_rels" ("${column}", "path", "parent_id")`),
    // PostgreSQL walks a large term's page in date order through this one (eventIdPage's walkByDate).
    ...(db.name === 'postgres'
      ? [`CREATE INDEX IF NOT EXISTS "${events}_start_cover_idx" ON "${events}" ("start_date", "id", "created_at", "end_date", "status", "deleted_at", "hide_from_listings", "has_password", "recurring")`]
      : []),
  ]
  for (const statement of statements) {
    try {
      await run(statement)
    } catch (error) {
      // Workers booting together on PostgreSQL: IF NOT EXISTS is not atomic there, and the one that
      // loses the race is told the index exists (unique violation on its name). It does now.
      if (!ALREADY_CREATED.has((error as { code?: string }).code ?? '')) throw error
    }
  }
}
