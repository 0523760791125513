import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`occurrences\` (
  	\`id\` numeric PRIMARY KEY NOT NULL,
  	\`event_id\` numeric NOT NULL,
  	\`original_start\` text NOT NULL,
  	\`start_date\` text NOT NULL,
  	\`end_date\` text NOT NULL,
  	\`state\` text DEFAULT 'scheduled' NOT NULL,
  	\`changed_to_id\` numeric,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`event_id\`) REFERENCES \`events\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`changed_to_id\`) REFERENCES \`events\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`CREATE INDEX \`occurrences_event_idx\` ON \`occurrences\` (\`event_id\`);`)
  await db.run(sql`CREATE INDEX \`occurrences_changed_to_idx\` ON \`occurrences\` (\`changed_to_id\`);`)
  await db.run(sql`CREATE INDEX \`occurrences_updated_at_idx\` ON \`occurrences\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`occurrences_created_at_idx\` ON \`occurrences\` (\`created_at\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`event_originalStart_idx\` ON \`occurrences\` (\`event_id\`,\`original_start\`);`)
  await db.run(sql`CREATE INDEX \`state_startDate_id_endDate_event_idx\` ON \`occurrences\` (\`state\`,\`start_date\`,\`id\`,\`end_date\`,\`event_id\`);`)
  await db.run(sql`CREATE INDEX \`event_state_startDate_endDate_idx\` ON \`occurrences\` (\`event_id\`,\`state\`,\`start_date\`,\`end_date\`);`)
  await db.run(sql`ALTER TABLE \`events\` ADD \`recurrence\` text;`)
  await db.run(sql`ALTER TABLE \`events\` ADD \`recurring\` integer DEFAULT false;`)
  await db.run(sql`ALTER TABLE \`events\` ADD \`series_id\` numeric REFERENCES events(id);`)
  await db.run(sql`ALTER TABLE \`events\` ADD \`original_start\` text;`)
  await db.run(sql`CREATE INDEX \`events_recurring_idx\` ON \`events\` (\`recurring\`);`)
  await db.run(sql`CREATE INDEX \`events_series_idx\` ON \`events\` (\`series_id\`);`)
  await db.run(sql`ALTER TABLE \`_events_v\` ADD \`version_recurrence\` text;`)
  await db.run(sql`ALTER TABLE \`_events_v\` ADD \`version_recurring\` integer DEFAULT false;`)
  await db.run(sql`ALTER TABLE \`_events_v\` ADD \`version_series_id\` numeric REFERENCES events(id);`)
  await db.run(sql`ALTER TABLE \`_events_v\` ADD \`version_original_start\` text;`)
  await db.run(sql`CREATE INDEX \`_events_v_version_version_recurring_idx\` ON \`_events_v\` (\`version_recurring\`);`)
  await db.run(sql`CREATE INDEX \`_events_v_version_version_series_idx\` ON \`_events_v\` (\`version_series_id\`);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`occurrences_id\` numeric REFERENCES occurrences(id);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_occurrences_id_idx\` ON \`payload_locked_documents_rels\` (\`occurrences_id\`);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`occurrences\`;`)
  await db.run(sql`PRAGMA foreign_keys=OFF;`)
  await db.run(sql`CREATE TABLE \`__new_events\` (
  	\`id\` numeric PRIMARY KEY NOT NULL,
  	\`title\` text NOT NULL,
  	\`timezone\` text,
  	\`all_day\` integer DEFAULT false,
  	\`start_date\` text NOT NULL,
  	\`end_date\` text NOT NULL,
  	\`description\` text,
  	\`description_html\` text,
  	\`excerpt\` text,
  	\`image_id\` integer,
  	\`cost\` text,
  	\`currency_symbol\` text,
  	\`currency_code\` text,
  	\`currency_position\` text,
  	\`website\` text,
  	\`show_map\` integer DEFAULT false,
  	\`show_map_link\` integer DEFAULT false,
  	\`ticketed\` integer DEFAULT false,
  	\`parent_id\` numeric,
  	\`hide_from_listings\` integer DEFAULT false,
  	\`sticky\` integer DEFAULT false,
  	\`featured\` integer DEFAULT false,
  	\`password_hash\` text,
  	\`has_password\` integer DEFAULT false,
  	\`slug\` text,
  	\`status\` text DEFAULT 'publish' NOT NULL,
  	\`author_id\` integer,
  	\`published_at\` text,
  	\`slug_given\` integer DEFAULT false,
  	\`date_given\` integer DEFAULT false,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`deleted_at\` text,
  	FOREIGN KEY (\`image_id\`) REFERENCES \`media\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`events\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`author_id\`) REFERENCES \`users\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`INSERT INTO \`__new_events\`("id", "title", "timezone", "all_day", "start_date", "end_date", "description", "description_html", "excerpt", "image_id", "cost", "currency_symbol", "currency_code", "currency_position", "website", "show_map", "show_map_link", "ticketed", "parent_id", "hide_from_listings", "sticky", "featured", "password_hash", "has_password", "slug", "status", "author_id", "published_at", "slug_given", "date_given", "updated_at", "created_at", "deleted_at") SELECT "id", "title", "timezone", "all_day", "start_date", "end_date", "description", "description_html", "excerpt", "image_id", "cost", "currency_symbol", "currency_code", "currency_position", "website", "show_map", "show_map_link", "ticketed", "parent_id", "hide_from_listings", "sticky", "featured", "password_hash", "has_password", "slug", "status", "author_id", "published_at", "slug_given", "date_given", "updated_at", "created_at", "deleted_at" FROM \`events\`;`)
  await db.run(sql`DROP TABLE \`events\`;`)
  await db.run(sql`ALTER TABLE \`__new_events\` RENAME TO \`events\`;`)
  await db.run(sql`PRAGMA foreign_keys=ON;`)
  await db.run(sql`CREATE INDEX \`events_title_idx\` ON \`events\` (\`title\`);`)
  await db.run(sql`CREATE INDEX \`events_start_date_idx\` ON \`events\` (\`start_date\`);`)
  await db.run(sql`CREATE INDEX \`events_end_date_idx\` ON \`events\` (\`end_date\`);`)
  await db.run(sql`CREATE INDEX \`events_image_idx\` ON \`events\` (\`image_id\`);`)
  await db.run(sql`CREATE INDEX \`events_ticketed_idx\` ON \`events\` (\`ticketed\`);`)
  await db.run(sql`CREATE INDEX \`events_parent_idx\` ON \`events\` (\`parent_id\`);`)
  await db.run(sql`CREATE INDEX \`events_hide_from_listings_idx\` ON \`events\` (\`hide_from_listings\`);`)
  await db.run(sql`CREATE INDEX \`events_featured_idx\` ON \`events\` (\`featured\`);`)
  await db.run(sql`CREATE INDEX \`events_has_password_idx\` ON \`events\` (\`has_password\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`events_slug_idx\` ON \`events\` (\`slug\`);`)
  await db.run(sql`CREATE INDEX \`events_status_idx\` ON \`events\` (\`status\`);`)
  await db.run(sql`CREATE INDEX \`events_author_idx\` ON \`events\` (\`author_id\`);`)
  await db.run(sql`CREATE INDEX \`events_updated_at_idx\` ON \`events\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`events_created_at_idx\` ON \`events\` (\`created_at\`);`)
  await db.run(sql`CREATE INDEX \`events_deleted_at_idx\` ON \`events\` (\`deleted_at\`);`)
  await db.run(sql`CREATE INDEX \`status_deletedAt_startDate_endDate_hideFromListings_idx\` ON \`events\` (\`status\`,\`deleted_at\`,\`start_date\`,\`end_date\`,\`hide_from_listings\`);`)
  await db.run(sql`CREATE TABLE \`__new__events_v\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`parent_id\` numeric,
  	\`version_title\` text NOT NULL,
  	\`version_timezone\` text,
  	\`version_all_day\` integer DEFAULT false,
  	\`version_start_date\` text NOT NULL,
  	\`version_end_date\` text NOT NULL,
  	\`version_description\` text,
  	\`version_description_html\` text,
  	\`version_excerpt\` text,
  	\`version_image_id\` integer,
  	\`version_cost\` text,
  	\`version_currency_symbol\` text,
  	\`version_currency_code\` text,
  	\`version_currency_position\` text,
  	\`version_website\` text,
  	\`version_show_map\` integer DEFAULT false,
  	\`version_show_map_link\` integer DEFAULT false,
  	\`version_ticketed\` integer DEFAULT false,
  	\`version_parent_id\` numeric,
  	\`version_hide_from_listings\` integer DEFAULT false,
  	\`version_sticky\` integer DEFAULT false,
  	\`version_featured\` integer DEFAULT false,
  	\`version_password_hash\` text,
  	\`version_has_password\` integer DEFAULT false,
  	\`version_slug\` text,
  	\`version_status\` text DEFAULT 'publish' NOT NULL,
  	\`version_author_id\` integer,
  	\`version_published_at\` text,
  	\`version_slug_given\` integer DEFAULT false,
  	\`version_date_given\` integer DEFAULT false,
  	\`version_updated_at\` text,
  	\`version_created_at\` text,
  	\`version_deleted_at\` text,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`events\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`version_image_id\`) REFERENCES \`media\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`version_parent_id\`) REFERENCES \`events\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`version_author_id\`) REFERENCES \`users\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`INSERT INTO \`__new__events_v\`("id", "parent_id", "version_title", "version_timezone", "version_all_day", "version_start_date", "version_end_date", "version_description", "version_description_html", "version_excerpt", "version_image_id", "version_cost", "version_currency_symbol", "version_currency_code", "version_currency_position", "version_website", "version_show_map", "version_show_map_link", "version_ticketed", "version_parent_id", "version_hide_from_listings", "version_sticky", "version_featured", "version_password_hash", "version_has_password", "version_slug", "version_status", "version_author_id", "version_published_at", "version_slug_given", "version_date_given", "version_updated_at", "version_created_at", "version_deleted_at", "created_at", "updated_at") SELECT "id", "parent_id", "version_title", "version_timezone", "version_all_day", "version_start_date", "version_end_date", "version_description", "version_description_html", "version_excerpt", "version_image_id", "version_cost", "version_currency_symbol", "version_currency_code", "version_currency_position", "version_website", "version_show_map", "version_show_map_link", "version_ticketed", "version_parent_id", "version_hide_from_listings", "version_sticky", "version_featured", "version_password_hash", "version_has_password", "version_slug", "version_status", "version_author_id", "version_published_at", "version_slug_given", "version_date_given", "version_updated_at", "version_created_at", "version_deleted_at", "created_at", "updated_at" FROM \`_events_v\`;`)
  await db.run(sql`DROP TABLE \`_events_v\`;`)
  await db.run(sql`ALTER TABLE \`__new__events_v\` RENAME TO \`_events_v\`;`)
  await db.run(sql`CREATE INDEX \`_events_v_parent_idx\` ON \`_events_v\` (\`parent_id\`);`)
  await db.run(sql`CREATE INDEX \`_events_v_version_version_title_idx\` ON \`_events_v\` (\`version_title\`);`)
  await db.run(sql`CREATE INDEX \`_events_v_version_version_start_date_idx\` ON \`_events_v\` (\`version_start_date\`);`)
  await db.run(sql`CREATE INDEX \`_events_v_version_version_end_date_idx\` ON \`_events_v\` (\`version_end_date\`);`)
  await db.run(sql`CREATE INDEX \`_events_v_version_version_image_idx\` ON \`_events_v\` (\`version_image_id\`);`)
  await db.run(sql`CREATE INDEX \`_events_v_version_version_ticketed_idx\` ON \`_events_v\` (\`version_ticketed\`);`)
  await db.run(sql`CREATE INDEX \`_events_v_version_version_parent_idx\` ON \`_events_v\` (\`version_parent_id\`);`)
  await db.run(sql`CREATE INDEX \`_events_v_version_version_hide_from_listings_idx\` ON \`_events_v\` (\`version_hide_from_listings\`);`)
  await db.run(sql`CREATE INDEX \`_events_v_version_version_featured_idx\` ON \`_events_v\` (\`version_featured\`);`)
  await db.run(sql`CREATE INDEX \`_events_v_version_version_has_password_idx\` ON \`_events_v\` (\`version_has_password\`);`)
  await db.run(sql`CREATE INDEX \`_events_v_version_version_slug_idx\` ON \`_events_v\` (\`version_slug\`);`)
  await db.run(sql`CREATE INDEX \`_events_v_version_version_status_idx\` ON \`_events_v\` (\`version_status\`);`)
  await db.run(sql`CREATE INDEX \`_events_v_version_version_author_idx\` ON \`_events_v\` (\`version_author_id\`);`)
  await db.run(sql`CREATE INDEX \`_events_v_version_version_updated_at_idx\` ON \`_events_v\` (\`version_updated_at\`);`)
  await db.run(sql`CREATE INDEX \`_events_v_version_version_created_at_idx\` ON \`_events_v\` (\`version_created_at\`);`)
  await db.run(sql`CREATE INDEX \`_events_v_version_version_deleted_at_idx\` ON \`_events_v\` (\`version_deleted_at\`);`)
  await db.run(sql`CREATE INDEX \`_events_v_created_at_idx\` ON \`_events_v\` (\`created_at\`);`)
  await db.run(sql`CREATE INDEX \`_events_v_updated_at_idx\` ON \`_events_v\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`compound_index_idx\` ON \`_events_v\` (\`version_status\`,\`version_deleted_at\`,\`version_start_date\`,\`version_end_date\`,\`version_hide_from_listings\`);`)
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
  	FOREIGN KEY (\`sign_in_failures_id\`) REFERENCES \`sign_in_failures\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`INSERT INTO \`__new_payload_locked_documents_rels\`("id", "order", "parent_id", "path", "users_id", "events_id", "venues_id", "organizers_id", "event_categories_id", "event_tags_id", "media_id", "app_passwords_id", "id_counters_id", "sign_in_failures_id") SELECT "id", "order", "parent_id", "path", "users_id", "events_id", "venues_id", "organizers_id", "event_categories_id", "event_tags_id", "media_id", "app_passwords_id", "id_counters_id", "sign_in_failures_id" FROM \`payload_locked_documents_rels\`;`)
  await db.run(sql`DROP TABLE \`payload_locked_documents_rels\`;`)
  await db.run(sql`ALTER TABLE \`__new_payload_locked_documents_rels\` RENAME TO \`payload_locked_documents_rels\`;`)
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
}
