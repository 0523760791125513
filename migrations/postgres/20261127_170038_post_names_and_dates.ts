import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "events" ADD COLUMN "slug_given" boolean DEFAULT false;
  ALTER TABLE "events" ADD COLUMN "date_given" boolean DEFAULT false;
  ALTER TABLE "_events_v" ADD COLUMN "version_slug_given" boolean DEFAULT false;
  ALTER TABLE "_events_v" ADD COLUMN "version_date_given" boolean DEFAULT false;
  ALTER TABLE "venues" ADD COLUMN "slug_given" boolean DEFAULT false;
  ALTER TABLE "venues" ADD COLUMN "date_given" boolean DEFAULT false;
  ALTER TABLE "organizers" ADD COLUMN "slug_given" boolean DEFAULT false;
  ALTER TABLE "organizers" ADD COLUMN "date_given" boolean DEFAULT false;`)
  // Answers stay as they were: a published post's date was its creation time; drafts keep floating.
  for (const table of ['events', 'venues', 'organizers']) {
    await db.execute(sql.raw(`UPDATE "${table}" SET "published_at" = COALESCE("published_at", "created_at"), "slug_given" = true, "date_given" = true WHERE "status" NOT IN ('draft', 'pending');`))
  }
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "events" DROP COLUMN "slug_given";
  ALTER TABLE "events" DROP COLUMN "date_given";
  ALTER TABLE "_events_v" DROP COLUMN "version_slug_given";
  ALTER TABLE "_events_v" DROP COLUMN "version_date_given";
  ALTER TABLE "venues" DROP COLUMN "slug_given";
  ALTER TABLE "venues" DROP COLUMN "date_given";
  ALTER TABLE "organizers" DROP COLUMN "slug_given";
  ALTER TABLE "organizers" DROP COLUMN "date_given";`)
}
