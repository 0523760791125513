import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  // Data written by the first schema: "trash" is no longer a stored status (trashed posts carry
  // deletedAt), and the currency position after the amount is called "postfix" as on the wire.
  // Formerly trashed posts become drafts: hidden from the public, nothing lost.
  await db.execute(sql`
   UPDATE "events" SET "status" = 'draft' WHERE "status" = 'trash';
   UPDATE "venues" SET "status" = 'draft' WHERE "status" = 'trash';
   UPDATE "organizers" SET "status" = 'draft' WHERE "status" = 'trash';
   ALTER TABLE "events" ALTER COLUMN "currency_position" SET DATA TYPE text;
   UPDATE "events" SET "currency_position" = 'postfix' WHERE "currency_position" = 'suffix';`)
  await db.execute(sql`
   CREATE TYPE "public"."enum__events_v_version_currency_position" AS ENUM('prefix', 'postfix');
  CREATE TYPE "public"."enum__events_v_version_status" AS ENUM('publish', 'future', 'draft', 'pending', 'private');
  CREATE TABLE "_events_v" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"parent_id" numeric,
  	"version_title" varchar NOT NULL,
  	"version_start_date" timestamp(3) with time zone NOT NULL,
  	"version_end_date" timestamp(3) with time zone NOT NULL,
  	"version_timezone" varchar,
  	"version_all_day" boolean DEFAULT false,
  	"version_description" jsonb,
  	"version_description_html" varchar,
  	"version_excerpt" varchar,
  	"version_image_id" integer,
  	"version_cost" varchar,
  	"version_currency_symbol" varchar,
  	"version_currency_code" varchar,
  	"version_currency_position" "enum__events_v_version_currency_position",
  	"version_website" varchar,
  	"version_show_map" boolean DEFAULT false,
  	"version_show_map_link" boolean DEFAULT false,
  	"version_ticketed" boolean DEFAULT false,
  	"version_parent_id" numeric,
  	"version_hide_from_listings" boolean DEFAULT false,
  	"version_sticky" boolean DEFAULT false,
  	"version_featured" boolean DEFAULT false,
  	"version_password_hash" varchar,
  	"version_has_password" boolean DEFAULT false,
  	"version_slug" varchar,
  	"version_status" "enum__events_v_version_status" DEFAULT 'publish' NOT NULL,
  	"version_author_id" integer,
  	"version_published_at" timestamp(3) with time zone,
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"version_deleted_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "_events_v_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"venues_id" numeric,
  	"organizers_id" numeric,
  	"event_categories_id" numeric,
  	"event_tags_id" numeric
  );
  
  ALTER TABLE "events" ALTER COLUMN "currency_position" DROP DEFAULT;
  ALTER TABLE "events" ALTER COLUMN "currency_position" SET DATA TYPE text;
  DROP TYPE "public"."enum_events_currency_position";
  CREATE TYPE "public"."enum_events_currency_position" AS ENUM('prefix', 'postfix');
  ALTER TABLE "events" ALTER COLUMN "currency_position" SET DATA TYPE "public"."enum_events_currency_position" USING "currency_position"::"public"."enum_events_currency_position";
  ALTER TABLE "events" ALTER COLUMN "status" SET DATA TYPE text;
  ALTER TABLE "events" ALTER COLUMN "status" SET DEFAULT 'publish'::text;
  DROP TYPE "public"."enum_events_status";
  CREATE TYPE "public"."enum_events_status" AS ENUM('publish', 'future', 'draft', 'pending', 'private');
  ALTER TABLE "events" ALTER COLUMN "status" SET DEFAULT 'publish'::"public"."enum_events_status";
  ALTER TABLE "events" ALTER COLUMN "status" SET DATA TYPE "public"."enum_events_status" USING "status"::"public"."enum_events_status";
  ALTER TABLE "venues" ALTER COLUMN "status" SET DATA TYPE text;
  ALTER TABLE "venues" ALTER COLUMN "status" SET DEFAULT 'publish'::text;
  DROP TYPE "public"."enum_venues_status";
  CREATE TYPE "public"."enum_venues_status" AS ENUM('publish', 'future', 'draft', 'pending', 'private');
  ALTER TABLE "venues" ALTER COLUMN "status" SET DEFAULT 'publish'::"public"."enum_venues_status";
  ALTER TABLE "venues" ALTER COLUMN "status" SET DATA TYPE "public"."enum_venues_status" USING "status"::"public"."enum_venues_status";
  ALTER TABLE "organizers" ALTER COLUMN "status" SET DATA TYPE text;
  ALTER TABLE "organizers" ALTER COLUMN "status" SET DEFAULT 'publish'::text;
  DROP TYPE "public"."enum_organizers_status";
  CREATE TYPE "public"."enum_organizers_status" AS ENUM('publish', 'future', 'draft', 'pending', 'private');
  ALTER TABLE "organizers" ALTER COLUMN "status" SET DEFAULT 'publish'::"public"."enum_organizers_status";
  ALTER TABLE "organizers" ALTER COLUMN "status" SET DATA TYPE "public"."enum_organizers_status" USING "status"::"public"."enum_organizers_status";
  ALTER TABLE "events" ALTER COLUMN "currency_position" DROP DEFAULT;
  ALTER TABLE "events" ADD COLUMN "description_html" varchar;
  ALTER TABLE "events" ADD COLUMN "has_password" boolean DEFAULT false;
  ALTER TABLE "events" ADD COLUMN "deleted_at" timestamp(3) with time zone;
  ALTER TABLE "venues" ADD COLUMN "description_html" varchar;
  ALTER TABLE "venues" ADD COLUMN "deleted_at" timestamp(3) with time zone;
  ALTER TABLE "organizers" ADD COLUMN "description_html" varchar;
  ALTER TABLE "organizers" ADD COLUMN "deleted_at" timestamp(3) with time zone;
  ALTER TABLE "event_categories" ADD COLUMN "count" numeric DEFAULT 0;
  ALTER TABLE "event_tags" ADD COLUMN "count" numeric DEFAULT 0;
  ALTER TABLE "_events_v" ADD CONSTRAINT "_events_v_parent_id_events_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_events_v" ADD CONSTRAINT "_events_v_version_image_id_media_id_fk" FOREIGN KEY ("version_image_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_events_v" ADD CONSTRAINT "_events_v_version_parent_id_events_id_fk" FOREIGN KEY ("version_parent_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_events_v" ADD CONSTRAINT "_events_v_version_author_id_users_id_fk" FOREIGN KEY ("version_author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_events_v_rels" ADD CONSTRAINT "_events_v_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."_events_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_events_v_rels" ADD CONSTRAINT "_events_v_rels_venues_fk" FOREIGN KEY ("venues_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_events_v_rels" ADD CONSTRAINT "_events_v_rels_organizers_fk" FOREIGN KEY ("organizers_id") REFERENCES "public"."organizers"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_events_v_rels" ADD CONSTRAINT "_events_v_rels_event_categories_fk" FOREIGN KEY ("event_categories_id") REFERENCES "public"."event_categories"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_events_v_rels" ADD CONSTRAINT "_events_v_rels_event_tags_fk" FOREIGN KEY ("event_tags_id") REFERENCES "public"."event_tags"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "_events_v_parent_idx" ON "_events_v" USING btree ("parent_id");
  CREATE INDEX "_events_v_version_version_title_idx" ON "_events_v" USING btree ("version_title");
  CREATE INDEX "_events_v_version_version_start_date_idx" ON "_events_v" USING btree ("version_start_date");
  CREATE INDEX "_events_v_version_version_end_date_idx" ON "_events_v" USING btree ("version_end_date");
  CREATE INDEX "_events_v_version_version_image_idx" ON "_events_v" USING btree ("version_image_id");
  CREATE INDEX "_events_v_version_version_ticketed_idx" ON "_events_v" USING btree ("version_ticketed");
  CREATE INDEX "_events_v_version_version_parent_idx" ON "_events_v" USING btree ("version_parent_id");
  CREATE INDEX "_events_v_version_version_hide_from_listings_idx" ON "_events_v" USING btree ("version_hide_from_listings");
  CREATE INDEX "_events_v_version_version_featured_idx" ON "_events_v" USING btree ("version_featured");
  CREATE INDEX "_events_v_version_version_has_password_idx" ON "_events_v" USING btree ("version_has_password");
  CREATE INDEX "_events_v_version_version_slug_idx" ON "_events_v" USING btree ("version_slug");
  CREATE INDEX "_events_v_version_version_status_idx" ON "_events_v" USING btree ("version_status");
  CREATE INDEX "_events_v_version_version_author_idx" ON "_events_v" USING btree ("version_author_id");
  CREATE INDEX "_events_v_version_version_updated_at_idx" ON "_events_v" USING btree ("version_updated_at");
  CREATE INDEX "_events_v_version_version_created_at_idx" ON "_events_v" USING btree ("version_created_at");
  CREATE INDEX "_events_v_version_version_deleted_at_idx" ON "_events_v" USING btree ("version_deleted_at");
  CREATE INDEX "_events_v_created_at_idx" ON "_events_v" USING btree ("created_at");
  CREATE INDEX "_events_v_updated_at_idx" ON "_events_v" USING btree ("updated_at");
  CREATE INDEX "_events_v_rels_order_idx" ON "_events_v_rels" USING btree ("order");
  CREATE INDEX "_events_v_rels_parent_idx" ON "_events_v_rels" USING btree ("parent_id");
  CREATE INDEX "_events_v_rels_path_idx" ON "_events_v_rels" USING btree ("path");
  CREATE INDEX "_events_v_rels_venues_id_idx" ON "_events_v_rels" USING btree ("venues_id");
  CREATE INDEX "_events_v_rels_organizers_id_idx" ON "_events_v_rels" USING btree ("organizers_id");
  CREATE INDEX "_events_v_rels_event_categories_id_idx" ON "_events_v_rels" USING btree ("event_categories_id");
  CREATE INDEX "_events_v_rels_event_tags_id_idx" ON "_events_v_rels" USING btree ("event_tags_id");
  CREATE INDEX "events_title_idx" ON "events" USING btree ("title");
  CREATE INDEX "events_has_password_idx" ON "events" USING btree ("has_password");
  CREATE INDEX "events_deleted_at_idx" ON "events" USING btree ("deleted_at");
  CREATE INDEX "venues_title_idx" ON "venues" USING btree ("title");
  CREATE INDEX "venues_deleted_at_idx" ON "venues" USING btree ("deleted_at");
  CREATE INDEX "organizers_title_idx" ON "organizers" USING btree ("title");
  CREATE INDEX "organizers_deleted_at_idx" ON "organizers" USING btree ("deleted_at");
  CREATE INDEX "event_categories_count_idx" ON "event_categories" USING btree ("count");
  CREATE INDEX "event_tags_count_idx" ON "event_tags" USING btree ("count");`)
  await db.execute(sql`UPDATE "events" SET "has_password" = "password_hash" IS NOT NULL;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_events_status" ADD VALUE 'trash';
  ALTER TYPE "public"."enum_venues_status" ADD VALUE 'trash';
  ALTER TYPE "public"."enum_organizers_status" ADD VALUE 'trash';
  ALTER TABLE "_events_v" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_events_v_rels" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "_events_v" CASCADE;
  DROP TABLE "_events_v_rels" CASCADE;
  ALTER TABLE "events" ALTER COLUMN "currency_position" SET DATA TYPE text;
  ALTER TABLE "events" ALTER COLUMN "currency_position" SET DEFAULT 'prefix'::text;
  DROP TYPE "public"."enum_events_currency_position";
  CREATE TYPE "public"."enum_events_currency_position" AS ENUM('prefix', 'suffix');
  ALTER TABLE "events" ALTER COLUMN "currency_position" SET DEFAULT 'prefix'::"public"."enum_events_currency_position";
  ALTER TABLE "events" ALTER COLUMN "currency_position" SET DATA TYPE "public"."enum_events_currency_position" USING "currency_position"::"public"."enum_events_currency_position";
  DROP INDEX "events_title_idx";
  DROP INDEX "events_has_password_idx";
  DROP INDEX "events_deleted_at_idx";
  DROP INDEX "venues_title_idx";
  DROP INDEX "venues_deleted_at_idx";
  DROP INDEX "organizers_title_idx";
  DROP INDEX "organizers_deleted_at_idx";
  DROP INDEX "event_categories_count_idx";
  DROP INDEX "event_tags_count_idx";
  ALTER TABLE "events" DROP COLUMN "description_html";
  ALTER TABLE "events" DROP COLUMN "has_password";
  ALTER TABLE "events" DROP COLUMN "deleted_at";
  ALTER TABLE "venues" DROP COLUMN "description_html";
  ALTER TABLE "venues" DROP COLUMN "deleted_at";
  ALTER TABLE "organizers" DROP COLUMN "description_html";
  ALTER TABLE "organizers" DROP COLUMN "deleted_at";
  ALTER TABLE "event_categories" DROP COLUMN "count";
  ALTER TABLE "event_tags" DROP COLUMN "count";
  DROP TYPE "public"."enum__events_v_version_currency_position";
  DROP TYPE "public"."enum__events_v_version_status";`)
}
