import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "kept_occurrence_ids" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"event_id" numeric NOT NULL,
  	"original_start" timestamp(3) with time zone NOT NULL,
  	"occurrence" numeric NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "kept_occurrence_ids_id" integer;
  ALTER TABLE "kept_occurrence_ids" ADD CONSTRAINT "kept_occurrence_ids_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "kept_occurrence_ids_event_idx" ON "kept_occurrence_ids" USING btree ("event_id");
  CREATE INDEX "kept_occurrence_ids_updated_at_idx" ON "kept_occurrence_ids" USING btree ("updated_at");
  CREATE INDEX "kept_occurrence_ids_created_at_idx" ON "kept_occurrence_ids" USING btree ("created_at");
  CREATE UNIQUE INDEX "event_originalStart_1_idx" ON "kept_occurrence_ids" USING btree ("event_id","original_start");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_kept_occurrence_ids_fk" FOREIGN KEY ("kept_occurrence_ids_id") REFERENCES "public"."kept_occurrence_ids"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_kept_occurrence_ids_id_idx" ON "payload_locked_documents_rels" USING btree ("kept_occurrence_ids_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "kept_occurrence_ids" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "kept_occurrence_ids" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_kept_occurrence_ids_fk";
  
  DROP INDEX "payload_locked_documents_rels_kept_occurrence_ids_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "kept_occurrence_ids_id";`)
}
