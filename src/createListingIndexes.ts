import type { Payload } from 'payload'
import { EVENTS } from '../collections/slugs.js'
import { sqlAdapterOf } from '../lib/sql/sqlAdapter.js'

/** The relationship columns of events_rels that the archive filters by (categories, tags, venues, organizers). */
const FILTERED_RELATIONS = ['event_categories_id', 'event_tags_id', 'venues_id', 'organizers_id']

/** PostgreSQL's answers to a concurrent CREATE INDEX of the same name: unique_violation, duplicate_table. */
const ALREADY_CREATED = new Set(['23505', '42P07'])

/**
 * Covering indexes for the archive's filters (endpoints/data/eventIdPage.ts), which Payload
 * cannot declare: its relationship tables get single-column indexes only, and a collection index
 * naming `id` breaks its versions table. With them a category's page and total read index entries
 * only, never the rows: at 100,000 events the total of a category went from 17 to 5 ms on SQLite.
 * - `events_rels (<term>_id, path, parent_id)`: a term's events without touching the table;
 * - `events (id, status, deleted_at, start_date, end_date, hide_from_listings, has_password, created_at)`:
 *   each of those events checked against the archive's conditions, and ordered, by ID.
 * Created at boot, when missing (milliseconds; seconds on a very large PostgreSQL table), on SQLite and
 * PostgreSQL. A schema push (development) drops them and the next boot makes them again.
 */
export async function createListingIndexes(payload: Payload): Promise<void> {
  const db = sqlAdapterOf(payload.db)
  // Not connected (no client or pool): nothing to index.
  if (!db || !(db.name === 'sqlite' ? db.client : db.pool)) return
  const run = db.name === 'sqlite' ? (sql: string) => db.client.execute(sql) : (sql: string) => db.pool.query(sql)
  const events = db.tableNameMap.get(EVENTS) ?? EVENTS
  const statements = [
    `CREATE INDEX IF NOT EXISTS "${events}_archive_cover_idx" ON "${events}" ("id", "status", "deleted_at", "start_date", "end_date", "hide_from_listings", "has_password", "created_at")`,
    ...FILTERED_RELATIONS.map((column) => `CREATE INDEX IF NOT EXISTS "${events}_rels_${column}_cover_idx" ON "${events}_rels" ("${column}", "path", "parent_id")`),
    // PostgreSQL walks a large term's page in date order through this one (eventIdPage's walkByDate).
    ...(db.name === 'postgres'
      ? [`CREATE INDEX IF NOT EXISTS "${events}_date_cover_idx" ON "${events}" ("start_date", "id", "created_at", "end_date", "status", "deleted_at", "hide_from_listings", "has_password")`]
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
