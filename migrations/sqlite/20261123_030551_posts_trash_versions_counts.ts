import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  // Data written by the first schema: "trash" is no longer a stored status (trashed posts carry
  // deletedAt), and the currency position after the amount is called "postfix" as on the wire.
  // Formerly trashed posts become drafts: hidden from the public, nothing lost.
  for (const table of ['events', 'venues', 'organizers']) {
    await db.run(sql.raw(`UPDATE \`${table}\` SET \`status\` = 'draft' WHERE \`status\` = 'trash';`))
  }
  await db.run(sql`UPDATE \`events\` SET \`currency_position\` = 'postfix' WHERE \`currency_position\` = 'suffix';`)
  await db.run(sql`CREATE TABLE \`_events_v\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`parent_id\` numeric,
  	\`version_title\` text NOT NULL,
  	\`version_start_date\` text NOT NULL,
  	\`version_end_date\` text NOT NULL,
  	\`version_timezone\` text,
  	\`version_all_day\` integer DEFAULT false,
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
  await db.run(sql`CREATE TABLE \`_events_v_rels\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`order\` integer,
  	\`parent_id\` integer NOT NULL,
  	\`path\` text NOT NULL,
  	\`venues_id\` numeric,
  	\`organizers_id\` numeric,
  	\`event_categories_id\` numeric,
  	\`event_tags_id\` numeric,
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`_events_v\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`venues_id\`) REFERENCES \`venues\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`organizers_id\`) REFERENCES \`organizers\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`event_categories_id\`) REFERENCES \`event_categories\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`event_tags_id\`) REFERENCES \`event_tags\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`_events_v_rels_order_idx\` ON \`_events_v_rels\` (\`order\`);`)
  await db.run(sql`CREATE INDEX \`_events_v_rels_parent_idx\` ON \`_events_v_rels\` (\`parent_id\`);`)
  await db.run(sql`CREATE INDEX \`_events_v_rels_path_idx\` ON \`_events_v_rels\` (\`path\`);`)
  await db.run(sql`CREATE INDEX \`_events_v_rels_venues_id_idx\` ON \`_events_v_rels\` (\`venues_id\`);`)
  await db.run(sql`CREATE INDEX \`_events_v_rels_organizers_id_idx\` ON \`_events_v_rels\` (\`organizers_id\`);`)
  await db.run(sql`CREATE INDEX \`_events_v_rels_event_categories_id_idx\` ON \`_events_v_rels\` (\`event_categories_id\`);`)
  await db.run(sql`CREATE INDEX \`_events_v_rels_event_tags_id_idx\` ON \`_events_v_rels\` (\`event_tags_id\`);`)
  await db.run(sql`PRAGMA foreign_keys=OFF;`)
  await db.run(sql`CREATE TABLE \`__new_events\` (
  	\`id\` numeric PRIMARY KEY NOT NULL,
  	\`title\` text NOT NULL,
  	\`start_date\` text NOT NULL,
  	\`end_date\` text NOT NULL,
  	\`timezone\` text,
  	\`all_day\` integer DEFAULT false,
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
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`deleted_at\` text,
  	FOREIGN KEY (\`image_id\`) REFERENCES \`media\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`events\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`author_id\`) REFERENCES \`users\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  // Copy only the columns the old table has; the new ones start empty (has_password is set below).
  await db.run(sql`INSERT INTO \`__new_events\`("id", "title", "description", "excerpt", "start_date", "end_date", "timezone", "all_day", "image_id", "cost", "currency_symbol", "currency_code", "currency_position", "website", "show_map", "show_map_link", "hide_from_listings", "sticky", "featured", "ticketed", "parent_id", "slug", "status", "password_hash", "author_id", "published_at", "updated_at", "created_at") SELECT "id", "title", "description", "excerpt", "start_date", "end_date", "timezone", "all_day", "image_id", "cost", "currency_symbol", "currency_code", "currency_position", "website", "show_map", "show_map_link", "hide_from_listings", "sticky", "featured", "ticketed", "parent_id", "slug", "status", "password_hash", "author_id", "published_at", "updated_at", "created_at" FROM \`events\`;`)
  await db.run(sql`UPDATE \`__new_events\` SET \`has_password\` = \`password_hash\` IS NOT NULL;`)
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
  await db.run(sql`ALTER TABLE \`venues\` ADD \`description_html\` text;`)
  await db.run(sql`ALTER TABLE \`venues\` ADD \`deleted_at\` text;`)
  await db.run(sql`CREATE INDEX \`venues_title_idx\` ON \`venues\` (\`title\`);`)
  await db.run(sql`CREATE INDEX \`venues_deleted_at_idx\` ON \`venues\` (\`deleted_at\`);`)
  await db.run(sql`ALTER TABLE \`organizers\` ADD \`description_html\` text;`)
  await db.run(sql`ALTER TABLE \`organizers\` ADD \`deleted_at\` text;`)
  await db.run(sql`CREATE INDEX \`organizers_title_idx\` ON \`organizers\` (\`title\`);`)
  await db.run(sql`CREATE INDEX \`organizers_deleted_at_idx\` ON \`organizers\` (\`deleted_at\`);`)
  await db.run(sql`ALTER TABLE \`event_categories\` ADD \`count\` numeric DEFAULT 0;`)
  await db.run(sql`CREATE INDEX \`event_categories_count_idx\` ON \`event_categories\` (\`count\`);`)
  await db.run(sql`ALTER TABLE \`event_tags\` ADD \`count\` numeric DEFAULT 0;`)
  await db.run(sql`CREATE INDEX \`event_tags_count_idx\` ON \`event_tags\` (\`count\`);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`_events_v\`;`)
  await db.run(sql`DROP TABLE \`_events_v_rels\`;`)
  await db.run(sql`PRAGMA foreign_keys=OFF;`)
  await db.run(sql`CREATE TABLE \`__new_events\` (
  	\`id\` numeric PRIMARY KEY NOT NULL,
  	\`title\` text NOT NULL,
  	\`description\` text,
  	\`excerpt\` text,
  	\`start_date\` text NOT NULL,
  	\`end_date\` text NOT NULL,
  	\`timezone\` text,
  	\`all_day\` integer DEFAULT false,
  	\`image_id\` integer,
  	\`cost\` text,
  	\`currency_symbol\` text,
  	\`currency_code\` text,
  	\`currency_position\` text DEFAULT 'prefix',
  	\`website\` text,
  	\`show_map\` integer DEFAULT false,
  	\`show_map_link\` integer DEFAULT false,
  	\`hide_from_listings\` integer DEFAULT false,
  	\`sticky\` integer DEFAULT false,
  	\`featured\` integer DEFAULT false,
  	\`ticketed\` integer DEFAULT false,
  	\`parent_id\` numeric,
  	\`slug\` text,
  	\`status\` text DEFAULT 'publish' NOT NULL,
  	\`password_hash\` text,
  	\`author_id\` integer,
  	\`published_at\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`image_id\`) REFERENCES \`media\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`events\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`author_id\`) REFERENCES \`users\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`INSERT INTO \`__new_events\`("id", "title", "description", "excerpt", "start_date", "end_date", "timezone", "all_day", "image_id", "cost", "currency_symbol", "currency_code", "currency_position", "website", "show_map", "show_map_link", "hide_from_listings", "sticky", "featured", "ticketed", "parent_id", "slug", "status", "password_hash", "author_id", "published_at", "updated_at", "created_at") SELECT "id", "title", "description", "excerpt", "start_date", "end_date", "timezone", "all_day", "image_id", "cost", "currency_symbol", "currency_code", "currency_position", "website", "show_map", "show_map_link", "hide_from_listings", "sticky", "featured", "ticketed", "parent_id", "slug", "status", "password_hash", "author_id", "published_at", "updated_at", "created_at" FROM \`events\`;`)
  await db.run(sql`DROP TABLE \`events\`;`)
  await db.run(sql`ALTER TABLE \`__new_events\` RENAME TO \`events\`;`)
  await db.run(sql`PRAGMA foreign_keys=ON;`)
  await db.run(sql`CREATE INDEX \`events_start_date_idx\` ON \`events\` (\`start_date\`);`)
  await db.run(sql`CREATE INDEX \`events_end_date_idx\` ON \`events\` (\`end_date\`);`)
  await db.run(sql`CREATE INDEX \`events_image_idx\` ON \`events\` (\`image_id\`);`)
  await db.run(sql`CREATE INDEX \`events_hide_from_listings_idx\` ON \`events\` (\`hide_from_listings\`);`)
  await db.run(sql`CREATE INDEX \`events_featured_idx\` ON \`events\` (\`featured\`);`)
  await db.run(sql`CREATE INDEX \`events_ticketed_idx\` ON \`events\` (\`ticketed\`);`)
  await db.run(sql`CREATE INDEX \`events_parent_idx\` ON \`events\` (\`parent_id\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`events_slug_idx\` ON \`events\` (\`slug\`);`)
  await db.run(sql`CREATE INDEX \`events_status_idx\` ON \`events\` (\`status\`);`)
  await db.run(sql`CREATE INDEX \`events_author_idx\` ON \`events\` (\`author_id\`);`)
  await db.run(sql`CREATE INDEX \`events_updated_at_idx\` ON \`events\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`events_created_at_idx\` ON \`events\` (\`created_at\`);`)
  await db.run(sql`DROP INDEX \`venues_title_idx\`;`)
  await db.run(sql`DROP INDEX \`venues_deleted_at_idx\`;`)
  await db.run(sql`ALTER TABLE \`venues\` DROP COLUMN \`description_html\`;`)
  await db.run(sql`ALTER TABLE \`venues\` DROP COLUMN \`deleted_at\`;`)
  await db.run(sql`DROP INDEX \`organizers_title_idx\`;`)
  await db.run(sql`DROP INDEX \`organizers_deleted_at_idx\`;`)
  await db.run(sql`ALTER TABLE \`organizers\` DROP COLUMN \`description_html\`;`)
  await db.run(sql`ALTER TABLE \`organizers\` DROP COLUMN \`deleted_at\`;`)
  await db.run(sql`DROP INDEX \`event_categories_count_idx\`;`)
  await db.run(sql`ALTER TABLE \`event_categories\` DROP COLUMN \`count\`;`)
  await db.run(sql`DROP INDEX \`event_tags_count_idx\`;`)
  await db.run(sql`ALTER TABLE \`event_tags\` DROP COLUMN \`count\`;`)
}
