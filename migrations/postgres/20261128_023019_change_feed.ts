import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_changes_kind" AS ENUM('event', 'venue', 'organizer', 'category', 'tag');
  CREATE TYPE "public"."enum_changes_action" AS ENUM('created', 'updated', 'deleted');
  CREATE TABLE "changes" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"kind" "enum_changes_kind" NOT NULL,
  	"doc" numeric NOT NULL,
  	"action" "enum_changes_action" NOT NULL,
  	"public_before" boolean DEFAULT false,
  	"public_after" boolean DEFAULT false,
  	"changed_at" timestamp(3) with time zone NOT NULL
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "changes_id" integer;
  CREATE INDEX "changes_kind_idx" ON "changes" USING btree ("kind");
  CREATE INDEX "changes_changed_at_idx" ON "changes" USING btree ("changed_at");
  CREATE INDEX "kind_doc_idx" ON "changes" USING btree ("kind","doc");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_changes_fk" FOREIGN KEY ("changes_id") REFERENCES "public"."changes"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_changes_id_idx" ON "payload_locked_documents_rels" USING btree ("changes_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "changes" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "changes" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_changes_fk";
  
  DROP INDEX "payload_locked_documents_rels_changes_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "changes_id";
  DROP TYPE "public"."enum_changes_kind";
  DROP TYPE "public"."enum_changes_action";`)
}
