import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

// The events' search index (src/createSearchIndexes.ts): an external-content FTS5 table with the
// trigram tokenizer over the searched columns, kept in step by triggers, filled from the events.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  // Already made whole (a database the boot indexed first): nothing to rebuild.
  const made = await db.all(sql`SELECT name FROM sqlite_master WHERE name IN ('events_search', 'events_search_insert', 'events_search_delete', 'events_search_update')`)
  if (made.length === 4) return
  await db.run(sql`CREATE VIRTUAL TABLE IF NOT EXISTS "events_search" USING fts5("title", "description_html", "excerpt", content='events', content_rowid='id', tokenize='trigram');`)
  await db.run(sql`CREATE TRIGGER IF NOT EXISTS "events_search_insert" AFTER INSERT ON "events" BEGIN
    INSERT INTO "events_search"(rowid, "title", "description_html", "excerpt") VALUES (new."id", new."title", new."description_html", new."excerpt");
  END;`)
  await db.run(sql`CREATE TRIGGER IF NOT EXISTS "events_search_delete" AFTER DELETE ON "events" BEGIN
    INSERT INTO "events_search"("events_search", rowid, "title", "description_html", "excerpt") VALUES ('delete', old."id", old."title", old."description_html", old."excerpt");
  END;`)
  await db.run(sql`CREATE TRIGGER IF NOT EXISTS "events_search_update" AFTER UPDATE OF "id", "title", "description_html", "excerpt" ON "events" BEGIN
    INSERT INTO "events_search"("events_search", rowid, "title", "description_html", "excerpt") VALUES ('delete', old."id", old."title", old."description_html", old."excerpt");
    INSERT INTO "events_search"(rowid, "title", "description_html", "excerpt") VALUES (new."id", new."title", new."description_html", new."excerpt");
  END;`)
  await db.run(sql`INSERT INTO "events_search"("events_search") VALUES ('rebuild');`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TRIGGER IF EXISTS "events_search_update";`)
  await db.run(sql`DROP TRIGGER IF EXISTS "events_search_delete";`)
  await db.run(sql`DROP TRIGGER IF EXISTS "events_search_insert";`)
  await db.run(sql`DROP TABLE IF EXISTS "events_search";`)
}
