import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_occurrences_state" AS ENUM('scheduled', 'cancelled', 'changed');
  ALTER TYPE "public"."enum_id_counters_sequence" ADD VALUE 'occurrence';
  CREATE TABLE "occurrences" (
  	"id" numeric PRIMARY KEY NOT NULL,
  	"event_id" numeric NOT NULL,
  	"original_start" timestamp(3) with time zone NOT NULL,
  	"start_date" timestamp(3) with time zone NOT NULL,
  	"end_date" timestamp(3) with time zone NOT NULL,
  	"state" "enum_occurrences_state" DEFAULT 'scheduled' NOT NULL,
  	"changed_to_id" numeric,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "events" ADD COLUMN "recurrence" jsonb;
  ALTER TABLE "events" ADD COLUMN "recurring" boolean DEFAULT false;
  ALTER TABLE "events" ADD COLUMN "series_id" numeric;
  ALTER TABLE "events" ADD COLUMN "original_start" timestamp(3) with time zone;
  ALTER TABLE "_events_v" ADD COLUMN "version_recurrence" jsonb;
  ALTER TABLE "_events_v" ADD COLUMN "version_recurring" boolean DEFAULT false;
  ALTER TABLE "_events_v" ADD COLUMN "version_series_id" numeric;
  ALTER TABLE "_events_v" ADD COLUMN "version_original_start" timestamp(3) with time zone;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "occurrences_id" numeric;
  ALTER TABLE "occurrences" ADD CONSTRAINT "occurrences_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "occurrences" ADD CONSTRAINT "occurrences_changed_to_id_events_id_fk" FOREIGN KEY ("changed_to_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "occurrences_event_idx" ON "occurrences" USING btree ("event_id");
  CREATE INDEX "occurrences_changed_to_idx" ON "occurrences" USING btree ("changed_to_id");
  CREATE INDEX "occurrences_updated_at_idx" ON "occurrences" USING btree ("updated_at");
  CREATE INDEX "occurrences_created_at_idx" ON "occurrences" USING btree ("created_at");
  CREATE UNIQUE INDEX "event_originalStart_idx" ON "occurrences" USING btree ("event_id","original_start");
  CREATE INDEX "state_startDate_id_endDate_event_idx" ON "occurrences" USING btree ("state","start_date","id","end_date","event_id");
  CREATE INDEX "event_state_startDate_endDate_idx" ON "occurrences" USING btree ("event_id","state","start_date","end_date");
  ALTER TABLE "events" ADD CONSTRAINT "events_series_id_events_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_events_v" ADD CONSTRAINT "_events_v_version_series_id_events_id_fk" FOREIGN KEY ("version_series_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_occurrences_fk" FOREIGN KEY ("occurrences_id") REFERENCES "public"."occurrences"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "events_recurring_idx" ON "events" USING btree ("recurring");
  CREATE INDEX "events_series_idx" ON "events" USING btree ("series_id");
  CREATE INDEX "_events_v_version_version_recurring_idx" ON "_events_v" USING btree ("version_recurring");
  CREATE INDEX "_events_v_version_version_series_idx" ON "_events_v" USING btree ("version_series_id");
  CREATE INDEX "payload_locked_documents_rels_occurrences_id_idx" ON "payload_locked_documents_rels" USING btree ("occurrences_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "occurrences" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "occurrences" CASCADE;
  ALTER TABLE "events" DROP CONSTRAINT "events_series_id_events_id_fk";
  
  ALTER TABLE "_events_v" DROP CONSTRAINT "_events_v_version_series_id_events_id_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_occurrences_fk";
  
  ALTER TABLE "id_counters" ALTER COLUMN "sequence" SET DATA TYPE text;
  DROP TYPE "public"."enum_id_counters_sequence";
  CREATE TYPE "public"."enum_id_counters_sequence" AS ENUM('post', 'term');
  ALTER TABLE "id_counters" ALTER COLUMN "sequence" SET DATA TYPE "public"."enum_id_counters_sequence" USING "sequence"::"public"."enum_id_counters_sequence";
  DROP INDEX "events_recurring_idx";
  DROP INDEX "events_series_idx";
  DROP INDEX "_events_v_version_version_recurring_idx";
  DROP INDEX "_events_v_version_version_series_idx";
  DROP INDEX "payload_locked_documents_rels_occurrences_id_idx";
  ALTER TABLE "events" DROP COLUMN "recurrence";
  ALTER TABLE "events" DROP COLUMN "recurring";
  ALTER TABLE "events" DROP COLUMN "series_id";
  ALTER TABLE "events" DROP COLUMN "original_start";
  ALTER TABLE "_events_v" DROP COLUMN "version_recurrence";
  ALTER TABLE "_events_v" DROP COLUMN "version_recurring";
  ALTER TABLE "_events_v" DROP COLUMN "version_series_id";
  ALTER TABLE "_events_v" DROP COLUMN "version_original_start";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "occurrences_id";
  DROP TYPE "public"."enum_occurrences_state";`)
}
