import type { DatabaseKind } from './env.js'
import { committedMigrations } from './databaseAdapter.js'

/** What payload_migrations says about a SQL database, read before Payload connects. */
interface MigrationRecord {
  /** The table exists (false: a brand-new database). */
  exists: boolean
  /** Payload's "dev" row (batch -1): the schema was pushed from the collections at some point. */
  devPush: boolean
  names: Set<string>
}

interface Connection {
  query: (sql: string) => Promise<Array<Record<string, unknown>>>
  close: () => Promise<void>
}

async function connect(uri: string, kind: 'sqlite' | 'postgres'): Promise<Connection | undefined> {
  if (kind === 'sqlite') {
    const { createClient } = await import('@libsql/client')
    const client = createClient({ url: uri })
    await client.execute('PRAGMA busy_timeout = 5000')
    return {
      query: async (sql) => (await client.execute(sql)).rows as unknown as Array<Record<string, unknown>>,
      close: async () => client.close(),
    }
  }
  const { default: pg } = await import('pg')
  const client = new pg.Client({ connectionString: uri, connectionTimeoutMillis: 10_000 })
  try {
    await client.connect()
  } catch (error) {
    // A database that does not exist yet is created by Payload on connect: nothing recorded.
    if ((error as { code?: string }).code === '3D000') return undefined
    throw new Error(`cannot connect to PostgreSQL: ${(error as Error).message || (error as { code?: string }).code}`, { cause: error })
  }
  return { query: async (sql) => (await client.query(sql)).rows, close: () => client.end() }
}

async function readRecord(db: Connection, kind: 'sqlite' | 'postgres'): Promise<MigrationRecord> {
  const tables = await db.query(
    kind === 'sqlite'
      ? "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'payload_migrations'"
      : "SELECT to_regclass('payload_migrations') AS name",
  )
  if (!tables[0]?.name) return { exists: false, devPush: false, names: new Set() }
  const rows = await db.query('SELECT name, batch FROM payload_migrations')
  return {
    exists: true,
    devPush: rows.some((r) => Number(r.batch) === -1),
    names: new Set(rows.filter((r) => Number(r.batch) !== -1).map((r) => String(r.name))),
  }
}

/**
 * Before a production boot (`npm start` or the CLI) on a SQL database: decides whether Payload may
 * run the committed migrations, which it refuses to do unattended — it asks "data loss will occur,
 * proceed?" — once a schema was pushed from the collections (Payload's "dev" row).
 *
 * - Nothing pushed: migrate (a brand-new database gets its whole schema).
 * - Pushed, but every committed migration recorded too (an older CLI pushed on top of a migrated
 *   database, from the same collections): the push changed nothing, so its marker is removed.
 * - Pushed and never migrated (a database of `npm run dev` or of the tests): the server refuses it
 *   with the reason; the CLI works on it as it is, without migrating or pushing.
 */
export async function prepareDatabase(uri: string, kind: DatabaseKind, use: 'server' | 'cli'): Promise<{ migrations: boolean }> {
  if (kind === 'mongodb') return { migrations: true }
  const db = await connect(uri, kind).catch((error: Error) => {
    throw new Error(error.message.startsWith('cannot') ? error.message : `cannot open the database ${uri}: ${error.message}`)
  })
  if (!db) return { migrations: true }
  try {
    const record = await readRecord(db, kind)
    if (!record.devPush) return { migrations: true }
    if ((await committedMigrations(kind)).every((m) => record.names.has(m.name))) {
      await db.query('DELETE FROM payload_migrations WHERE batch = -1')
      return { migrations: true }
    }
    if (use === 'cli') return { migrations: false }
    throw new Error(
      'the database was set up by `npm run dev` (schema pushed from the collections, not made by the migrations); ' +
        'production serves only databases made by migrations: point DATABASE_URI (or DATA_DIR) at a new database',
    )
  } finally {
    await db.close()
  }
}
