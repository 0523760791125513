import { randomInt } from 'node:crypto'
import type { Payload } from 'payload'
import { sessionOf, sqliteAdapterOf } from '../../lib/sql/sqlAdapter.js'
import { sqlOperators } from '../../lib/sql/sqlOperators.js'
import type { WriteSignal } from './writeSignal.js'

/**
 * SQLite: the file header's `user_version` (an integer SQLite keeps for the application; neither
 * Payload nor drizzle use it) is the generation. A write sets it to a new random value inside its
 * transaction, so it changes exactly when the write commits, whichever process wrote; a random value
 * needs no read-modify-write. Every process reads it every `intervalMs` (a header read, microseconds).
 */
export function sqliteWriteSignal(payload: Payload, intervalMs: number): WriteSignal {
  const db = sqliteAdapterOf(payload.db)
  if (!db) throw new Error('the SQLite write signal needs the SQLite adapter')
  const read = async () => Number((await db.client.execute('PRAGMA user_version')).rows[0]?.[0])
  // Values this process's committed writes set, each with the value it replaced: a chain of them back to
  // the last value seen means no other process wrote in between.
  const own = new Map<number, number>()
  return {
    async announce(_req, transaction) {
      const { sql } = await sqlOperators('sqlite')
      const target = sessionOf(db, transaction)
      const next = randomInt(1, 2 ** 31 - 1)
      // Inside a transaction this process holds SQLite's write lock: `before` is the last committed value.
      const before = transaction === undefined ? undefined : Number(Object.values((await target.all<Record<string, unknown>>(sql.raw('PRAGMA user_version')))[0] ?? {})[0])
      // PRAGMA takes no bound parameters; the value is an integer made here.
      await target.run(sql.raw(`PRAGMA user_version = ${next}`))
      return before === undefined ? undefined : () => {
        if (own.size > 10_000) own.clear()
        own.set(next, before)
      }
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
            // Back along this process's own writes from the value read now: reaching the value seen
            // last means nobody else wrote since (and ours emptied the caches at their commit).
            let back = now
            while (back !== seen && own.has(back)) {
              const before = own.get(back)!
              own.delete(back)
              back = before
            }
            if (back !== seen) changed()
            seen = now
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
