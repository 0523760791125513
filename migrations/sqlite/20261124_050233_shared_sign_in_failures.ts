import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`sign_in_failures\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`key\` text NOT NULL,
  	\`scope\` text NOT NULL,
  	\`login\` text,
  	\`address\` text,
  	\`failures\` numeric DEFAULT 0 NOT NULL,
  	\`window_start\` numeric NOT NULL,
  	\`locked_until\` numeric DEFAULT 0 NOT NULL,
  	\`expires_at\` numeric NOT NULL
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`sign_in_failures_key_idx\` ON \`sign_in_failures\` (\`key\`);`)
  await db.run(sql`CREATE INDEX \`sign_in_failures_login_idx\` ON \`sign_in_failures\` (\`login\`);`)
  await db.run(sql`CREATE INDEX \`sign_in_failures_address_idx\` ON \`sign_in_failures\` (\`address\`);`)
  await db.run(sql`CREATE INDEX \`sign_in_failures_expires_at_idx\` ON \`sign_in_failures\` (\`expires_at\`);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`sign_in_failures_id\` integer REFERENCES sign_in_failures(id);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_sign_in_failures_id_idx\` ON \`payload_locked_documents_rels\` (\`sign_in_failures_id\`);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`sign_in_failures\`;`)
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
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`payload_locked_documents\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`users_id\`) REFERENCES \`users\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`events_id\`) REFERENCES \`events\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`venues_id\`) REFERENCES \`venues\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`organizers_id\`) REFERENCES \`organizers\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`event_categories_id\`) REFERENCES \`event_categories\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`event_tags_id\`) REFERENCES \`event_tags\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`media_id\`) REFERENCES \`media\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`app_passwords_id\`) REFERENCES \`app_passwords\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`id_counters_id\`) REFERENCES \`id_counters\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`INSERT INTO \`__new_payload_locked_documents_rels\`("id", "order", "parent_id", "path", "users_id", "events_id", "venues_id", "organizers_id", "event_categories_id", "event_tags_id", "media_id", "app_passwords_id", "id_counters_id") SELECT "id", "order", "parent_id", "path", "users_id", "events_id", "venues_id", "organizers_id", "event_categories_id", "event_tags_id", "media_id", "app_passwords_id", "id_counters_id" FROM \`payload_locked_documents_rels\`;`)
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
}
