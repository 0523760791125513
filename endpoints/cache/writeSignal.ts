import type { PayloadRequest } from 'payload'

/**
 * How the processes sharing one database tell each other that calendar data changed: `announce` runs
 * inside the write's own transaction (so the others hear of it exactly when the write becomes visible
 * to them) and answers what to remember once that transaction commits; `listen` calls `changed` for
 * every write committed by another process. This process's own writes empty its caches at their commit
 * (see watchDatabaseWrites), so hearing of them again would only throw away answers computed since.
 */
export interface WriteSignal {
  announce(req: PayloadRequest, transaction: string | number | undefined): Promise<(() => void) | undefined>
  /** Resolves once listening; `inSync(false)` while writes could go unseen. Returns the stop function. */
  listen(changed: () => void, inSync: (live: boolean) => void): Promise<() => Promise<void>>
}
