import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`kept_occurrence_ids\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`event_id\` numeric NOT NULL,
  	\`original_start\` text NOT NULL,
  	\`occurrence\` numeric NOT NULL,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`event_id\`) REFERENCES \`events\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`CREATE INDEX \`kept_occurrence_ids_event_idx\` ON \`kept_occurrence_ids\` (\`event_id\`);`)
  await db.run(sql`CREATE INDEX \`kept_occurrence_ids_updated_at_idx\` ON \`kept_occurrence_ids\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`kept_occurrence_ids_created_at_idx\` ON \`kept_occurrence_ids\` (\`created_at\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`event_originalStart_1_idx\` ON \`kept_occurrence_ids\` (\`event_id\`,\`original_start\`);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`kept_occurrence_ids_id\` integer REFERENCES kept_occurrence_ids(id);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_kept_occurrence_ids_id_idx\` ON \`payload_locked_documents_rels\` (\`kept_occurrence_ids_id\`);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`kept_occurrence_ids\`;`)
  await db.run(sql`PRAGMA foreign_keys=OFF;`)
  await db.run(sql`CREATE TABLE \`__new_payload_locked_documents_rels\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`order\` integer,
  	\`parent_id\` integer NOT NULL,
  	\`path\` text NOT NULL,
  	\`users_id\` integer,
  	\`events_id\` numeric,
  	\`venues_id\` numeric,
  	\`organizers_id\` numeric,
  	\`event_categories_id\` numeric,
  	\`event_tags_id\` numeric,
  	\`media_id\` integer,
  	\`app_passwords_id\` integer,
  	\`id_counters_id\` integer,
  	\`sign_in_failures_id\` integer,
  	\`occurrences_id\` numeric,
  	\`changes_id\` integer,
  	\`webhooks_id\` integer,
  	\`webhook_deliveries_id\` integer,
  	\`webhook_cursors_id\` integer,
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`payload_locked_documents\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`users_id\`) REFERENCES \`users\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`events_id\`) REFERENCES \`events\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`venues_id\`) REFERENCES \`venues\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`organizers_id\`) REFERENCES \`organizers\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`event_categories_id\`) REFERENCES \`event_categories\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`event_tags_id\`) REFERENCES \`event_tags\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`media_id\`) REFERENCES \`media\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`app_passwords_id\`) REFERENCES \`app_passwords\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`id_counters_id\`) REFERENCES \`id_counters\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`sign_in_failures_id\`) REFERENCES \`sign_in_failures\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`occurrences_id\`) REFERENCES \`occurrences\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`changes_id\`) REFERENCES \`changes\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`webhooks_id\`) REFERENCES \`webhooks\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`webhook_deliveries_id\`) REFERENCES \`webhook_deliveries\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`webhook_cursors_id\`) REFERENCES \`webhook_cursors\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`INSERT INTO \`__new_payload_locked_documents_rels\`("id", "order", "parent_id", "path", "users_id", "events_id", "venues_id", "organizers_id", "event_categories_id", "event_tags_id", "media_id", "app_passwords_id", "id_counters_id", "sign_in_failures_id", "occurrences_id", "changes_id", "webhooks_id", "webhook_deliveries_id", "webhook_cursors_id") SELECT "id", "order", "parent_id", "path", "users_id", "events_id", "venues_id", "organizers_id", "event_categories_id", "event_tags_id", "media_id", "app_passwords_id", "id_counters_id", "sign_in_failures_id", "occurrences_id", "changes_id", "webhooks_id", "webhook_deliveries_id", "webhook_cursors_id" FROM \`payload_locked_documents_rels\`;`)
  await db.run(sql`DROP TABLE \`payload_locked_documents_rels\`;`)
  await db.run(sql`ALTER TABLE \`__new_payload_locked_documents_rels\` RENAME TO \`payload_locked_documents_rels\`;`)
  await db.run(sql`PRAGMA foreign_keys=ON;`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_order_idx\` ON \`payload_locked_documents_rels\` (\`order\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_parent_idx\` ON \`payload_locked_documents_rels\` (\`parent_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_path_idx\` ON \`payload_locked_documents_rels\` (\`path\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_users_id_idx\` ON \`payload_locked_documents_rels\` (\`users_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_events_id_idx\` ON \`payload_locked_documents_rels\` (\`events_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_venues_id_idx\` ON \`payload_locked_documents_rels\` (\`venues_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_organizers_id_idx\` ON \`payload_locked_documents_rels\` (\`organizers_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_event_categories_id_idx\` ON \`payload_locked_documents_rels\` (\`event_categories_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_event_tags_id_idx\` ON \`payload_locked_documents_rels\` (\`event_tags_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_media_id_idx\` ON \`payload_locked_documents_rels\` (\`media_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_app_passwords_id_idx\` ON \`payload_locked_documents_rels\` (\`app_passwords_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_id_counters_id_idx\` ON \`payload_locked_documents_rels\` (\`id_counters_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_sign_in_failures_id_idx\` ON \`payload_locked_documents_rels\` (\`sign_in_failures_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_occurrences_id_idx\` ON \`payload_locked_documents_rels\` (\`occurrences_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_changes_id_idx\` ON \`payload_locked_documents_rels\` (\`changes_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_webhooks_id_idx\` ON \`payload_locked_documents_rels\` (\`webhooks_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_webhook_deliveries_id_idx\` ON \`payload_locked_documents_rels\` (\`webhook_deliveries_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_webhook_cursors_id_idx\` ON \`payload_locked_documents_rels\` (\`webhook_cursors_id\`);`)
}
