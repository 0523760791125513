import type { BaseDatabaseAdapter, DatabaseAdapterObj } from 'payload'

/**
 * One open transaction at a time per process, for the SQLite adapter. libsql gives a transaction the
 * client's connection and opens a fresh one for everything else; a second writer on that connection
 * fails at once with SQLITE_BUSY while the first holds SQLite's single write lock (and libsql's calls
 * are synchronous, so waiting on the lock inside the process would stall the event loop). Queuing
 * here turns that into a short wait. `waitMs` bounds the queue: a transaction that cannot start in
 * time fails like a busy database rather than hanging.
 */
export function serializeTransactions(adapter: DatabaseAdapterObj, options: { waitMs: number; busyTimeoutMs: number }): DatabaseAdapterObj {
  return {
    ...adapter,
    init: (args) => {
      const db = adapter.init(args) as BaseDatabaseAdapter & { client?: { execute: (sql: string) => Promise<unknown> } }
      const begin = db.beginTransaction.bind(db)
      const commit = db.commitTransaction.bind(db)
      const rollback = db.rollbackTransaction.bind(db)
      const releases = new Map<string | number, () => void>()
      let tail: Promise<void> = Promise.resolve()

      /** Waits for the transactions queued before this one; resolves to the function that lets the next one go. */
      const acquire = async (): Promise<() => void> => {
        let release!: () => void
        const mine = new Promise<void>((resolve) => (release = resolve))
        const before = tail
        tail = before.then(() => mine)
        let timer: NodeJS.Timeout | undefined
        const timedOut = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`database busy: no transaction could start within ${options.waitMs} ms`)), options.waitMs)
        })
        try {
          await Promise.race([before, timedOut])
        } catch (error) {
          // Give up our place without blocking those behind: we go when our predecessor does.
          void before.then(release)
          throw error
        } finally {
          clearTimeout(timer)
        }
        return release
      }

      const finish = (id: string | number) => {
        releases.get(id)?.()
        releases.delete(id)
      }

      db.beginTransaction = async (transactionOptions) => {
        const release = await acquire()
        try {
          const id = await begin(transactionOptions)
          if (id === null || id === undefined) {
            release()
            return id
          }
          releases.set(id, release)
          // The client's new connection (see above) starts without the adapter's busy timeout; another
          // process writing (the CLI) should be waited for, not failed on.
          await db.client?.execute(`PRAGMA busy_timeout = ${options.busyTimeoutMs}`)
          return id
        } catch (error) {
          release()
          throw error
        }
      }
      db.commitTransaction = async (id) => {
        const key = await id
        try {
          await commit(key)
        } finally {
          finish(key)
        }
      }
      db.rollbackTransaction = async (id) => {
        const key = await id
        try {
          await rollback(key)
        } finally {
          finish(key)
        }
      }
      return db
    },
  }
}
