import { AsyncLocalStorage } from 'node:async_hooks'
import type { BaseDatabaseAdapter, DatabaseAdapterObj, PayloadRequest } from 'payload'
import { beginOnConnection, closeConnection } from './transactionConnections.js'

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

      const connections = new Map<string | number, Parameters<typeof closeConnection>[0]>()
      const finish = (id: string | number) => {
        // Committed or rolled back: drizzle is done with the transaction's connection.
        closeConnection(connections.get(id))
        connections.delete(id)
        releases.get(id)?.()
        releases.delete(id)
      }

      db.beginTransaction = async (transactionOptions) => {
        const release = await acquire()
        try {
          const { result: id, connection } = await beginOnConnection(() => begin(transactionOptions))
          if (id === null || id === undefined) {
            release()
            return id
          }
          releases.set(id, release)
          connections.set(id, connection)
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
      queueUntransactedWrites(db, acquire)
      return db
    },
  }
}

/** The adapter's write methods; each takes one argument object with an optional `req`. */
const WRITES = ['create', 'createGlobal', 'createGlobalVersion', 'createVersion', 'deleteMany', 'deleteOne', 'deleteVersions', 'updateGlobal', 'updateGlobalVersion', 'updateJobs', 'updateMany', 'updateOne', 'updateVersion', 'upsert'] as const

/**
 * A write called outside any transaction runs on the client's shared connection; while a queued
 * transaction holds SQLite's write lock it would wait for it inside a synchronous call, stalling the
 * whole process for up to the busy timeout while the transaction it waits on cannot finish. So such a
 * write takes its turn in the queue and runs between transactions, on the shared connection as before
 * (a transaction of its own would cost libsql a new connection per write).
 */
function queueUntransactedWrites(db: BaseDatabaseAdapter, acquire: () => Promise<() => void>): void {
  const methods = db as unknown as Record<(typeof WRITES)[number], (args: { req?: Partial<PayloadRequest> }) => Promise<unknown>>
  // Set while a queued write runs: the adapter's own methods call each other (upsert is updateOne),
  // and a nested call must not queue behind the write it is part of.
  const queued = new AsyncLocalStorage<true>()
  for (const name of WRITES) {
    const write = methods[name]?.bind(db)
    if (!write) continue
    methods[name] = async (args) => {
      if (args?.req?.transactionID || queued.getStore()) return write(args)
      const release = await acquire()
      try {
        return await queued.run(true, () => write(args))
      } finally {
        release()
      }
    }
  }
}
