import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE INDEX "status_deletedAt_startDate_endDate_hideFromListings_idx" ON "events" USING btree ("status","deleted_at","start_date","end_date","hide_from_listings");
  CREATE INDEX "compound_index_idx" ON "_events_v" USING btree ("version_status","version_deleted_at","version_start_date","version_end_date","version_hide_from_listings");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "status_deletedAt_startDate_endDate_hideFromListings_idx";
  DROP INDEX "compound_index_idx";`)
}
