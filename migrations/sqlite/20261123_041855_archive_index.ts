import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE INDEX \`status_deletedAt_startDate_endDate_hideFromListings_idx\` ON \`events\` (\`status\`,\`deleted_at\`,\`start_date\`,\`end_date\`,\`hide_from_listings\`);`)
  await db.run(sql`CREATE INDEX \`compound_index_idx\` ON \`_events_v\` (\`version_status\`,\`version_deleted_at\`,\`version_start_date\`,\`version_end_date\`,\`version_hide_from_listings\`);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP INDEX \`status_deletedAt_startDate_endDate_hideFromListings_idx\`;`)
  await db.run(sql`DROP INDEX \`compound_index_idx\`;`)
}
