import type { DatabaseAdapterObj } from 'payload'
import { type DatabaseKind } from './env.js'
import { searchIndexOutOfPush } from './createSearchIndexes.js'
import { serializeTransactions } from './serializeTransactions.js'

export interface DatabaseOptions {
  push?: boolean
  /** Run the committed migrations at start in production (default); off for a pushed database. */
  migrations?: boolean
}

/**
 * The committed migrations of an adapter, oldest first (MongoDB has none). Loaded on demand: each
 * set imports its own adapter package.
 */
export async function committedMigrations(kind: DatabaseKind): Promise<ReadonlyArray<{ name: string }>> {
  if (kind === 'sqlite') return (await import('../migrations/sqlite/index.js')).migrations
  if (kind === 'postgres') return (await import('../migrations/postgres/index.js')).migrations
  return []
}

/**
 * The adapter for a DATABASE_URI. In production (`npm start`, the CLI) the SQL schemas come from the
 * committed migrations, run at start (prodMigrations), so a fresh database needs no manual step and
 * nothing is ever pushed; only in development (`npm run dev`) and tests does Payload push the schema
 * from the collections instead. Only the adapter in use is loaded (each costs about a second of
 * start-up, which every CLI command pays).
 */
export async function databaseAdapter(uri: string, kind: DatabaseKind, options: DatabaseOptions = {}): Promise<DatabaseAdapterObj> {
  const run = options.migrations !== false
  switch (kind) {
    case 'sqlite': {
      const { sqliteAdapter } = await import('@payloadcms/db-sqlite')
      const adapter = sqliteAdapter({
        client: { url: uri },
        // The CLI may write while the server runs on the same file.
        wal: true,
        busyTimeout: 5000,
        // Transactions are off by default in db-sqlite: without them an operation that dies half-way
        // (a crash, a failed hook) leaves its first writes behind. Any value turns them on (drizzle's
        // libsql driver ignores the options: BEGIN IMMEDIATE, i.e. the write lock at once).
        transactionOptions: {},
        push: options.push,
        migrationDir: 'migrations/sqlite',
        prodMigrations: run ? (await import('../migrations/sqlite/index.js')).migrations : undefined,
      })
      return searchIndexOutOfPush(serializeTransactions(adapter, { waitMs: 15_000, busyTimeoutMs: 5000 }), uri)
    }
    case 'postgres': {
      const { postgresAdapter } = await import('@payloadcms/db-postgres')
      return postgresAdapter({
        pool: { connectionString: uri },
        push: options.push,
        migrationDir: 'migrations/postgres',
        prodMigrations: run ? (await import('../migrations/postgres/index.js')).migrations : undefined,
      })
    }
    case 'mongodb': {
      const { mongooseAdapter } = await import('@payloadcms/db-mongodb')
      return mongooseAdapter({ url: uri })
    }
  }
}
