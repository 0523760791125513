import { fileURLToPath } from 'node:url'
import { createClient, type Client } from '@libsql/client'
import type { DatabaseKind } from '../env.js'
import { CommandError } from './CommandError.js'

/** Where db:backup and db:restore work: the configured database and DATA_DIR. */
export interface DatabaseTarget {
  databaseUri: string
  kind: DatabaseKind
  dataDir: string
}

/** The archive's entries: a manifest first, then the database, the generated secret and media/. */
export const MANIFEST = 'calendar-backup.json'
export const DATABASE_ENTRY = 'calendar.db'
export const SECRET_ENTRY = 'payload-secret'
export const MEDIA_PREFIX = 'media/'
export const BACKUP_FORMAT = 'calendar-backup'

export interface ContentCounts {
  events: number
  venues: number
  organizers: number
  media: number
  users: number
}

/**
 * The SQLite file behind DATABASE_URI. The server databases have their own tools, which copy them
 * consistently while they serve; say which, with the commands, rather than half-doing it here.
 */
export function embeddedDatabasePath(target: DatabaseTarget, action: 'backup' | 'restore'): string {
  if (target.kind === 'postgres') {
    throw new CommandError(
      action === 'backup'
        ? `DATABASE_URI is PostgreSQL: back it up with pg_dump -Fc -d "$DATABASE_URI" -f calendar.dump, and copy ${target.dataDir}/media`
        : `DATABASE_URI is PostgreSQL: restore with pg_restore --clean --if-exists --no-owner -d "$DATABASE_URI" calendar.dump, and put back ${target.dataDir}/media`,
    )
  }
  if (target.kind === 'mongodb') {
    throw new CommandError(
      action === 'backup'
        ? `DATABASE_URI is MongoDB: back it up with mongodump --uri="$DATABASE_URI" --gzip --archive=calendar.archive, and copy ${target.dataDir}/media`
        : `DATABASE_URI is MongoDB: restore with mongorestore --uri="$DATABASE_URI" --gzip --archive=calendar.archive --drop, and put back ${target.dataDir}/media`,
    )
  }
  const url = target.databaseUri
  const file = url.startsWith('file://') ? fileURLToPath(url) : url.slice('file:'.length).split('?')[0]!
  if (!file || file === ':memory:') throw new CommandError(`DATABASE_URI ${url} is not a database file`)
  return file
}

/** A client on a SQLite file, the same library the Payload adapter uses. */
export function openDatabase(file: string): Client {
  return createClient({ url: `file:${file}` })
}

/** Rows of the calendar's main collections (0 for a table that does not exist yet). */
export async function countContent(client: Client): Promise<ContentCounts> {
  const tables = new Set(
    (await client.execute(`SELECT name FROM sqlite_master WHERE type = 'table'`)).rows.map((row) => String(row.name)),
  )
  const count = async (table: string) =>
    tables.has(table) ? Number((await client.execute(`SELECT count(*) AS n FROM "${table}"`)).rows[0]!.n) : 0
  return {
    events: await count('events'),
    venues: await count('venues'),
    organizers: await count('organizers'),
    media: await count('media'),
    users: await count('users'),
  }
}

export function describeCounts(counts: ContentCounts): string {
  return `${counts.events} events, ${counts.venues} venues, ${counts.organizers} organizers, ${counts.media} media, ${counts.users} users`
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`
}
