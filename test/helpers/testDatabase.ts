import { randomBytes } from 'node:crypto'
import { rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { env, type DatabaseKind } from '../../src/env.js'

export interface TestDatabase {
  uri: string
  kind: DatabaseKind
  drop: () => Promise<void>
}

/** A fresh, empty database for one suite on the lane TEST_DATABASE picks. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `calendar_test_${Date.now()}_${randomBytes(4).toString('hex')}`
  switch (env.TEST_DATABASE) {
    case 'sqlite': {
      const file = path.join(os.tmpdir(), `${name}.db`)
      return {
        uri: `file:${file}`,
        kind: 'sqlite',
        drop: async () => {
          for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true })
        },
      }
    }
    case 'postgres': {
      const { default: pg } = await import('pg')
      const admin = new pg.Client({ connectionString: env.TEST_POSTGRES_URL })
      await admin.connect()
      await admin.query(`CREATE DATABASE ${name}`)
      await admin.end()
      const url = new URL(env.TEST_POSTGRES_URL)
      url.pathname = `/${name}`
      // Payload keeps its pool open after destroy(); the suite's database is dropped by the next
      // run's global setup (dropStaleTestDatabases) rather than under live connections.
      return { uri: url.toString(), kind: 'postgres', drop: async () => {} }
    }
    case 'mongodb': {
      if (!env.MONGODB_URI) throw new Error('MONGODB_URI is not set')
      const url = new URL(env.MONGODB_URI)
      url.pathname = `/${name}`
      return { uri: url.toString(), kind: 'mongodb', drop: async () => {} }
    }
  }
}
