import { randomInt } from 'node:crypto'
import type { Payload } from 'payload'
import { transactionOf, type WriteSignal } from './writeSignal.js'

interface SqliteAdapter {
  drizzle: { run: (query: unknown) => Promise<unknown> }
  sessions?: Record<string | number, { db: SqliteAdapter['drizzle'] } | undefined>
  client: { execute: (sql: string) => Promise<{ rows: ArrayLike<ArrayLike<unknown>> }> }
}

/** db-sqlite's adapter, as far as this signal uses it: its libsql client and drizzle sessions. */
function isSqliteAdapter(db: object): db is SqliteAdapter {
  return 'client' in db && 'drizzle' in db
}

/**
 * SQLite: the file header's `user_version` (an integer SQLite keeps for the application; neither
 * Payload nor drizzle use it) is the generation. A write sets it to a new random value inside its
 * transaction, so it changes exactly when the write commits, whichever process wrote; a random value
 * needs no read-modify-write. Every process reads it every `intervalMs` (a header read, microseconds).
 */
export function sqliteWriteSignal(payload: Payload, intervalMs: number): WriteSignal {
  const db = payload.db
  if (!isSqliteAdapter(db)) throw new Error('the SQLite write signal needs the SQLite adapter')
  const read = async () => Number((await db.client.execute('PRAGMA user_version')).rows[0]?.[0])
  return {
    async announce(req) {
      const { sql } = await import('@payloadcms/db-sqlite')
      const target = await transactionOf(req, db)
      // PRAGMA takes no bound parameters; the value is an integer made here.
      await target.run(sql.raw(`PRAGMA user_version = ${randomInt(1, 2 ** 31 - 1)}`))
    },
    async listen(changed, inSync) {
      let seen = await read()
      let stopped = false
      let running = false
      const timer = setInterval(() => {
        if (running || stopped) return
        running = true
        read()
          .then((now) => {
            if (now !== seen) {
              seen = now
              changed()
            }
            inSync(true)
          })
          // An unreadable header (the file closed under us) means writes could go unseen.
          .catch(() => inSync(false))
          .finally(() => (running = false))
      }, intervalMs)
      // Never what keeps a process alive.
      timer.unref()
      return async () => {
        stopped = true
        clearInterval(timer)
      }
    },
  }
}
