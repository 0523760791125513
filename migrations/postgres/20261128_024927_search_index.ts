import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// pg_trgm's GIN indexes on the searched columns of events, venues and organizers
// (src/createSearchIndexes.ts): Payload's `contains`, ILIKE '%word%' on the column, uses them as it is.
const INDEXES: Array<[string, string]> = [
  ['events', 'title'],
  ['events', 'description_html'],
  ['events', 'excerpt'],
  ...['title', 'description_html', 'address', 'city', 'province', 'state', 'stateprovince', 'zip', 'phone'].map((c): [string, string] => ['venues', c]),
  ...['title', 'description_html', 'phone', 'email', 'website'].map((c): [string, string] => ['organizers', c]),
]

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`CREATE EXTENSION IF NOT EXISTS pg_trgm;`)
  for (const [table, column] of INDEXES) {
    await db.execute(sql.raw(`CREATE INDEX IF NOT EXISTS "${table}_${column}_trgm_idx" ON "${table}" USING gin ("${column}" gin_trgm_ops);`))
  }
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  for (const [table, column] of INDEXES) await db.execute(sql.raw(`DROP INDEX IF EXISTS "${table}_${column}_trgm_idx";`))
}
