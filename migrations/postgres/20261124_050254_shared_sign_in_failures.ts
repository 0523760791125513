import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_sign_in_failures_scope" AS ENUM('pair', 'address');
  CREATE TABLE "sign_in_failures" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"key" varchar NOT NULL,
  	"scope" "enum_sign_in_failures_scope" NOT NULL,
  	"login" varchar,
  	"address" varchar,
  	"failures" numeric DEFAULT 0 NOT NULL,
  	"window_start" numeric NOT NULL,
  	"locked_until" numeric DEFAULT 0 NOT NULL,
  	"expires_at" numeric NOT NULL
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "sign_in_failures_id" integer;
  CREATE UNIQUE INDEX "sign_in_failures_key_idx" ON "sign_in_failures" USING btree ("key");
  CREATE INDEX "sign_in_failures_login_idx" ON "sign_in_failures" USING btree ("login");
  CREATE INDEX "sign_in_failures_address_idx" ON "sign_in_failures" USING btree ("address");
  CREATE INDEX "sign_in_failures_expires_at_idx" ON "sign_in_failures" USING btree ("expires_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_sign_in_failures_fk" FOREIGN KEY ("sign_in_failures_id") REFERENCES "public"."sign_in_failures"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_sign_in_failures_id_idx" ON "payload_locked_documents_rels" USING btree ("sign_in_failures_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "sign_in_failures" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "sign_in_failures" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_sign_in_failures_fk";
  
  DROP INDEX "payload_locked_documents_rels_sign_in_failures_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "sign_in_failures_id";
  DROP TYPE "public"."enum_sign_in_failures_scope";`)
}
