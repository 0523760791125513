import type { Payload, PayloadRequest } from 'payload'
import { postgresWriteSignal } from './postgresWriteSignal.js'
import { sqliteWriteSignal } from './sqliteWriteSignal.js'
import { cachesInSync, setCachesInSync, storedDataChanged } from './storedDataCaches.js'
import type { WriteSignal } from './writeSignal.js'

/** How often a process reads SQLite's generation: the staleness bound after another process's write. */
export const SQLITE_POLL_MS = 250

const signals = new WeakMap<Payload, WriteSignal | null>()

/** The database's write signal; null on MongoDB, where each process only sees its own writes. */
function writeSignalOf(payload: Payload): WriteSignal | null {
  let signal = signals.get(payload)
  if (signal === undefined) {
    signal = payload.db.name === 'sqlite' ? sqliteWriteSignal(payload, SQLITE_POLL_MS) : payload.db.name === 'postgres' ? postgresWriteSignal(payload) : null
    signals.set(payload, signal)
  }
  return signal
}

/** Inside a write's transaction: tells every process on the database (at commit) that data changed. */
export async function announceWrite(req: PayloadRequest): Promise<void> {
  await writeSignalOf(req.payload)?.announce(req)
}

/**
 * onInit: empties this process's caches of stored data whenever any process commits a write to the
 * calendar (servers, workers, the CLI and its imports), and keeps them out of use while that could go
 * unseen. Stops with Payload's destroy() (Payload has no other shutdown hook), so neither the timer nor
 * the listening connection outlives the instance.
 */
export async function watchDatabaseWrites(payload: Payload): Promise<void> {
  const signal = writeSignalOf(payload)
  if (!signal) return
  const stop = await signal.listen(
    () => storedDataChanged(payload),
    (inSync) => {
      if (inSync === cachesInSync(payload)) return
      setCachesInSync(payload, inSync)
      // Whatever is kept, or being computed, may predate writes not heard of.
      storedDataChanged(payload)
    },
  )
  const destroy = payload.db.destroy?.bind(payload.db)
  payload.db.destroy = async () => {
    await stop()
    await destroy?.()
  }
}
