import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`webhooks\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`url\` text NOT NULL,
  	\`active\` integer DEFAULT true,
  	\`disabled_reason\` text,
  	\`secret_ciphertext\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );
  `)
  await db.run(sql`CREATE INDEX \`webhooks_active_idx\` ON \`webhooks\` (\`active\`);`)
  await db.run(sql`CREATE INDEX \`webhooks_updated_at_idx\` ON \`webhooks\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`webhooks_created_at_idx\` ON \`webhooks\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`webhooks_texts\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`order\` integer NOT NULL,
  	\`parent_id\` integer NOT NULL,
  	\`path\` text NOT NULL,
  	\`text\` text,
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`webhooks\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`webhooks_texts_order_parent\` ON \`webhooks_texts\` (\`order\`,\`parent_id\`);`)
  await db.run(sql`CREATE TABLE \`webhooks_rels\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`order\` integer,
  	\`parent_id\` integer NOT NULL,
  	\`path\` text NOT NULL,
  	\`event_categories_id\` numeric,
  	\`venues_id\` numeric,
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`webhooks\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`event_categories_id\`) REFERENCES \`event_categories\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`venues_id\`) REFERENCES \`venues\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`webhooks_rels_order_idx\` ON \`webhooks_rels\` (\`order\`);`)
  await db.run(sql`CREATE INDEX \`webhooks_rels_parent_idx\` ON \`webhooks_rels\` (\`parent_id\`);`)
  await db.run(sql`CREATE INDEX \`webhooks_rels_path_idx\` ON \`webhooks_rels\` (\`path\`);`)
  await db.run(sql`CREATE INDEX \`webhooks_rels_event_categories_id_idx\` ON \`webhooks_rels\` (\`event_categories_id\`);`)
  await db.run(sql`CREATE INDEX \`webhooks_rels_venues_id_idx\` ON \`webhooks_rels\` (\`venues_id\`);`)
  await db.run(sql`CREATE TABLE \`webhook_deliveries\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`webhook_id\` integer NOT NULL,
  	\`change\` numeric,
  	\`message_id\` text NOT NULL,
  	\`type\` text NOT NULL,
  	\`test\` integer DEFAULT false,
  	\`payload\` text NOT NULL,
  	\`status\` text DEFAULT 'pending' NOT NULL,
  	\`attempts\` numeric DEFAULT 0 NOT NULL,
  	\`next_attempt_at\` text,
  	\`claimed_until\` text,
  	\`last_status\` numeric,
  	\`last_duration\` numeric,
  	\`response_excerpt\` text,
  	\`error\` text,
  	\`delivered_at\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`webhook_id\`) REFERENCES \`webhooks\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`CREATE INDEX \`webhook_deliveries_webhook_idx\` ON \`webhook_deliveries\` (\`webhook_id\`);`)
  await db.run(sql`CREATE INDEX \`webhook_deliveries_change_idx\` ON \`webhook_deliveries\` (\`change\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`webhook_deliveries_message_id_idx\` ON \`webhook_deliveries\` (\`message_id\`);`)
  await db.run(sql`CREATE INDEX \`webhook_deliveries_updated_at_idx\` ON \`webhook_deliveries\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`webhook_deliveries_created_at_idx\` ON \`webhook_deliveries\` (\`created_at\`);`)
  await db.run(sql`CREATE INDEX \`status_nextAttemptAt_idx\` ON \`webhook_deliveries\` (\`status\`,\`next_attempt_at\`);`)
  await db.run(sql`CREATE TABLE \`webhook_cursors\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`name\` text NOT NULL,
  	\`value\` numeric DEFAULT 0 NOT NULL
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`webhook_cursors_name_idx\` ON \`webhook_cursors\` (\`name\`);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`webhooks_id\` integer REFERENCES webhooks(id);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`webhook_deliveries_id\` integer REFERENCES webhook_deliveries(id);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`webhook_cursors_id\` integer REFERENCES webhook_cursors(id);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_webhooks_id_idx\` ON \`payload_locked_documents_rels\` (\`webhooks_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_webhook_deliveries_id_idx\` ON \`payload_locked_documents_rels\` (\`webhook_deliveries_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_webhook_cursors_id_idx\` ON \`payload_locked_documents_rels\` (\`webhook_cursors_id\`);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`webhooks\`;`)
  await db.run(sql`DROP TABLE \`webhooks_texts\`;`)
  await db.run(sql`DROP TABLE \`webhooks_rels\`;`)
  await db.run(sql`DROP TABLE \`webhook_deliveries\`;`)
  await db.run(sql`DROP TABLE \`webhook_cursors\`;`)
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
  	FOREIGN KEY (\`changes_id\`) REFERENCES \`changes\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`INSERT INTO \`__new_payload_locked_documents_rels\`("id", "order", "parent_id", "path", "users_id", "events_id", "venues_id", "organizers_id", "event_categories_id", "event_tags_id", "media_id", "app_passwords_id", "id_counters_id", "sign_in_failures_id", "occurrences_id", "changes_id") SELECT "id", "order", "parent_id", "path", "users_id", "events_id", "venues_id", "organizers_id", "event_categories_id", "event_tags_id", "media_id", "app_passwords_id", "id_counters_id", "sign_in_failures_id", "occurrences_id", "changes_id" FROM \`payload_locked_documents_rels\`;`)
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
}
