import type { PayloadRequest } from 'payload'

/**
 * How the processes sharing one database tell each other that calendar data changed: `announce` runs
 * inside the write's own transaction (so the others hear of it exactly when the write becomes visible
 * to them), `listen` calls `changed` for every write committed by any process, this one included.
 */
export interface WriteSignal {
  announce(req: PayloadRequest): Promise<void>
  /** Resolves once listening; `inSync(false)` while writes could go unseen. Returns the stop function. */
  listen(changed: () => void, inSync: (live: boolean) => void): Promise<() => Promise<void>>
}

/** The drizzle handle of the request's open transaction, else the adapter's own (SQL adapters). */
export async function transactionOf<T>(req: PayloadRequest, db: { drizzle: T; sessions?: Record<string | number, { db: T } | undefined> }): Promise<T> {
  const id = req.transactionID ? await req.transactionID : undefined
  return (id !== undefined ? db.sessions?.[id]?.db : undefined) ?? db.drizzle
}
