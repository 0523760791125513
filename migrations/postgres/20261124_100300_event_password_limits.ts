import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_sign_in_failures_scope" ADD VALUE 'event-password';
  ALTER TABLE "venues" ALTER COLUMN "show_map" SET DEFAULT 'true';
  ALTER TABLE "venues" ALTER COLUMN "show_map_link" SET DEFAULT 'true';`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "sign_in_failures" ALTER COLUMN "scope" SET DATA TYPE text;
  DROP TYPE "public"."enum_sign_in_failures_scope";
  CREATE TYPE "public"."enum_sign_in_failures_scope" AS ENUM('pair', 'address');
  ALTER TABLE "sign_in_failures" ALTER COLUMN "scope" SET DATA TYPE "public"."enum_sign_in_failures_scope" USING "scope"::"public"."enum_sign_in_failures_scope";
  ALTER TABLE "venues" ALTER COLUMN "show_map" DROP DEFAULT;
  ALTER TABLE "venues" ALTER COLUMN "show_map_link" DROP DEFAULT;`)
}
