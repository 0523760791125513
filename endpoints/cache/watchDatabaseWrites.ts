import type { Payload, PayloadRequest } from 'payload'
import { postgresWriteSignal } from './postgresWriteSignal.js'
import { sqliteWriteSignal } from './sqliteWriteSignal.js'
import { cachesInSync, setCachesInSync, storedDataChanged } from './storedDataCaches.js'
import type { WriteSignal } from './writeSignal.js'

/** How often a process reads SQLite's generation: the staleness bound after another process's write. */
export const SQLITE_POLL_MS = 250

interface Watch {
  signal: WriteSignal
  /** Per open transaction that announced a write: what to do once it commits. */
  pending: Map<string | number, Array<() => void>>
}

const watches = new WeakMap<Payload, Watch | null>()

/** The database's write signal; null on MongoDB, where each process only sees its own writes. */
function watchOf(payload: Payload): Watch | null {
  let watch = watches.get(payload)
  if (watch === undefined) {
    const signal = payload.db.name === 'sqlite' ? sqliteWriteSignal(payload, SQLITE_POLL_MS) : payload.db.name === 'postgres' ? postgresWriteSignal(payload) : null
    watch = signal && { signal, pending: new Map() }
    watches.set(payload, watch)
  }
  return watch
}

/** Inside a write's transaction: tells every process on the database (at commit) that data changed. */
export async function announceWrite(req: PayloadRequest): Promise<void> {
  const watch = watchOf(req.payload)
  if (!watch) return
  const transaction = req.transactionID ? await req.transactionID : undefined
  const committed = await watch.signal.announce(req, transaction)
  if (transaction === undefined) return committed?.()
  const list = watch.pending.get(transaction) ?? []
  if (committed) list.push(committed)
  watch.pending.set(transaction, list)
}

/**
 * onInit: empties this process's caches of stored data whenever any process commits a write to the
 * calendar (servers, workers, the CLI and its imports), and keeps them out of use while that could go
 * unseen. This process's own writes empty them again when their transaction commits (an answer read
 * from the data before the commit is not kept). Stops with Payload's destroy() (Payload has no other
 * shutdown hook), so neither the timer nor the listening connection outlives the instance.
 */
export async function watchDatabaseWrites(payload: Payload): Promise<void> {
  const watch = watchOf(payload)
  if (!watch) return
  const db = payload.db
  const commit = db.commitTransaction.bind(db)
  const rollback = db.rollbackTransaction.bind(db)
  db.commitTransaction = async (id) => {
    const key = await id
    const done = watch.pending.get(key)
    watch.pending.delete(key)
    await commit(key)
    if (!done) return
    for (const remember of done) remember()
    storedDataChanged(payload)
  }
  db.rollbackTransaction = async (id) => {
    const key = await id
    watch.pending.delete(key)
    await rollback(key)
  }
  const stop = await watch.signal.listen(
    () => storedDataChanged(payload),
    (inSync) => {
      if (inSync === cachesInSync(payload)) return
      setCachesInSync(payload, inSync)
      // Whatever is kept, or being computed, may predate writes not heard of.
      storedDataChanged(payload)
    },
  )
  const destroy = db.destroy?.bind(db)
  db.destroy = async () => {
    await stop()
    await destroy?.()
  }
}
