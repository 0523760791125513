import { mongooseAdapter } from '@payloadcms/db-mongodb'
import { postgresAdapter } from '@payloadcms/db-postgres'
import { sqliteAdapter } from '@payloadcms/db-sqlite'
import type { DatabaseAdapterObj } from 'payload'
import { type DatabaseKind } from './env.js'
import { migrations as postgresMigrations } from '../migrations/postgres/index.js'
import { migrations as sqliteMigrations } from '../migrations/sqlite/index.js'

/**
 * The adapter for a DATABASE_URI. In production the SQL schemas come from the committed migrations,
 * run at start (prodMigrations), so a fresh database needs no manual step; in development and tests
 * Payload pushes the schema from the collections instead.
 */
export function databaseAdapter(uri: string, kind: DatabaseKind, options: { push?: boolean } = {}): DatabaseAdapterObj {
  switch (kind) {
    case 'sqlite':
      return sqliteAdapter({
        client: { url: uri },
        // The CLI may write while the server runs on the same file.
        wal: true,
        busyTimeout: 5000,
        push: options.push,
        migrationDir: 'migrations/sqlite',
        prodMigrations: sqliteMigrations,
      })
    case 'postgres':
      return postgresAdapter({
        pool: { connectionString: uri },
        push: options.push,
        migrationDir: 'migrations/postgres',
        prodMigrations: postgresMigrations,
      })
    case 'mongodb':
      return mongooseAdapter({ url: uri })
  }
}
