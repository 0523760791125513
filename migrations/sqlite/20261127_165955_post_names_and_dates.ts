import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db }: MigrateUpArgs): Promise<void> {
  // Columns added in place: the map flags' column defaults the snapshot also records are left to
  // Payload (the field's defaultValue), as rebuilding the venues table would drop the events' links.
  await db.run(sql`ALTER TABLE \`venues\` ADD \`slug_given\` integer DEFAULT false;`)
  await db.run(sql`ALTER TABLE \`venues\` ADD \`date_given\` integer DEFAULT false;`)
  await db.run(sql`ALTER TABLE \`events\` ADD \`slug_given\` integer DEFAULT false;`)
  await db.run(sql`ALTER TABLE \`events\` ADD \`date_given\` integer DEFAULT false;`)
  await db.run(sql`ALTER TABLE \`_events_v\` ADD \`version_slug_given\` integer DEFAULT false;`)
  await db.run(sql`ALTER TABLE \`_events_v\` ADD \`version_date_given\` integer DEFAULT false;`)
  await db.run(sql`ALTER TABLE \`organizers\` ADD \`slug_given\` integer DEFAULT false;`)
  await db.run(sql`ALTER TABLE \`organizers\` ADD \`date_given\` integer DEFAULT false;`)
  // Answers stay as they were: a published post's date was its creation time; drafts keep floating.
  for (const table of ['events', 'venues', 'organizers']) {
    await db.run(sql.raw(`UPDATE \`${table}\` SET \`published_at\` = COALESCE(\`published_at\`, \`created_at\`), \`slug_given\` = true, \`date_given\` = true WHERE \`status\` NOT IN ('draft', 'pending');`))
  }
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  for (const table of ['events', 'venues', 'organizers']) {
    await db.run(sql.raw(`ALTER TABLE \`${table}\` DROP COLUMN \`slug_given\`;`))
    await db.run(sql.raw(`ALTER TABLE \`${table}\` DROP COLUMN \`date_given\`;`))
  }
  await db.run(sql`ALTER TABLE \`_events_v\` DROP COLUMN \`version_slug_given\`;`)
  await db.run(sql`ALTER TABLE \`_events_v\` DROP COLUMN \`version_date_given\`;`)
}
