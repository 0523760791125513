import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_webhook_deliveries_status" AS ENUM('pending', 'delivered', 'failed');
  CREATE TABLE "webhooks" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"url" varchar NOT NULL,
  	"active" boolean DEFAULT true,
  	"disabled_reason" varchar,
  	"secret_ciphertext" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "webhooks_texts" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer NOT NULL,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"text" varchar
  );
  
  CREATE TABLE "webhooks_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"event_categories_id" numeric,
  	"venues_id" numeric
  );
  
  CREATE TABLE "webhook_deliveries" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"webhook_id" integer NOT NULL,
  	"change" numeric,
  	"message_id" varchar NOT NULL,
  	"type" varchar NOT NULL,
  	"test" boolean DEFAULT false,
  	"payload" jsonb NOT NULL,
  	"status" "enum_webhook_deliveries_status" DEFAULT 'pending' NOT NULL,
  	"attempts" numeric DEFAULT 0 NOT NULL,
  	"next_attempt_at" timestamp(3) with time zone,
  	"claimed_until" timestamp(3) with time zone,
  	"last_status" numeric,
  	"last_duration" numeric,
  	"response_excerpt" varchar,
  	"error" varchar,
  	"delivered_at" timestamp(3) with time zone,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "webhook_cursors" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"name" varchar NOT NULL,
  	"value" numeric DEFAULT 0 NOT NULL
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "webhooks_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "webhook_deliveries_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "webhook_cursors_id" integer;
  ALTER TABLE "webhooks_texts" ADD CONSTRAINT "webhooks_texts_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."webhooks"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "webhooks_rels" ADD CONSTRAINT "webhooks_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."webhooks"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "webhooks_rels" ADD CONSTRAINT "webhooks_rels_event_categories_fk" FOREIGN KEY ("event_categories_id") REFERENCES "public"."event_categories"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "webhooks_rels" ADD CONSTRAINT "webhooks_rels_venues_fk" FOREIGN KEY ("venues_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_webhook_id_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."webhooks"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "webhooks_active_idx" ON "webhooks" USING btree ("active");
  CREATE INDEX "webhooks_updated_at_idx" ON "webhooks" USING btree ("updated_at");
  CREATE INDEX "webhooks_created_at_idx" ON "webhooks" USING btree ("created_at");
  CREATE INDEX "webhooks_texts_order_parent" ON "webhooks_texts" USING btree ("order","parent_id");
  CREATE INDEX "webhooks_rels_order_idx" ON "webhooks_rels" USING btree ("order");
  CREATE INDEX "webhooks_rels_parent_idx" ON "webhooks_rels" USING btree ("parent_id");
  CREATE INDEX "webhooks_rels_path_idx" ON "webhooks_rels" USING btree ("path");
  CREATE INDEX "webhooks_rels_event_categories_id_idx" ON "webhooks_rels" USING btree ("event_categories_id");
  CREATE INDEX "webhooks_rels_venues_id_idx" ON "webhooks_rels" USING btree ("venues_id");
  CREATE INDEX "webhook_deliveries_webhook_idx" ON "webhook_deliveries" USING btree ("webhook_id");
  CREATE INDEX "webhook_deliveries_change_idx" ON "webhook_deliveries" USING btree ("change");
  CREATE UNIQUE INDEX "webhook_deliveries_message_id_idx" ON "webhook_deliveries" USING btree ("message_id");
  CREATE INDEX "webhook_deliveries_updated_at_idx" ON "webhook_deliveries" USING btree ("updated_at");
  CREATE INDEX "webhook_deliveries_created_at_idx" ON "webhook_deliveries" USING btree ("created_at");
  CREATE INDEX "status_nextAttemptAt_idx" ON "webhook_deliveries" USING btree ("status","next_attempt_at");
  CREATE UNIQUE INDEX "webhook_cursors_name_idx" ON "webhook_cursors" USING btree ("name");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_webhooks_fk" FOREIGN KEY ("webhooks_id") REFERENCES "public"."webhooks"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_webhook_deliveries_fk" FOREIGN KEY ("webhook_deliveries_id") REFERENCES "public"."webhook_deliveries"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_webhook_cursors_fk" FOREIGN KEY ("webhook_cursors_id") REFERENCES "public"."webhook_cursors"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_webhooks_id_idx" ON "payload_locked_documents_rels" USING btree ("webhooks_id");
  CREATE INDEX "payload_locked_documents_rels_webhook_deliveries_id_idx" ON "payload_locked_documents_rels" USING btree ("webhook_deliveries_id");
  CREATE INDEX "payload_locked_documents_rels_webhook_cursors_id_idx" ON "payload_locked_documents_rels" USING btree ("webhook_cursors_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "webhooks" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "webhooks_texts" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "webhooks_rels" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "webhook_deliveries" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "webhook_cursors" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "webhooks" CASCADE;
  DROP TABLE "webhooks_texts" CASCADE;
  DROP TABLE "webhooks_rels" CASCADE;
  DROP TABLE "webhook_deliveries" CASCADE;
  DROP TABLE "webhook_cursors" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_webhooks_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_webhook_deliveries_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_webhook_cursors_fk";
  
  DROP INDEX "payload_locked_documents_rels_webhooks_id_idx";
  DROP INDEX "payload_locked_documents_rels_webhook_deliveries_id_idx";
  DROP INDEX "payload_locked_documents_rels_webhook_cursors_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "webhooks_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "webhook_deliveries_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "webhook_cursors_id";
  DROP TYPE "public"."enum_webhook_deliveries_status";`)
}
