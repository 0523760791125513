import type { Payload } from 'payload'

/**
 * Payload's destroy() and the database connections it leaves open: the SQLite client (libsql) and
 * PostgreSQL's pool. Without closing them a process would linger, and a WAL file stay unmerged.
 */
export async function closePayload(payload: Payload): Promise<void> {
  const db = payload.db as unknown as { client?: { close?: () => void }; pool?: { end?: () => Promise<void> } }
  await payload.destroy()
  db.client?.close?.()
  // db-postgres's connect() checks a client out of the pool and never releases it, so end() would wait
  // for it forever: idle clients close at once, and the process exits without waiting for that one.
  if (db.pool?.end) await Promise.race([db.pool.end(), new Promise((resolve) => setTimeout(resolve, 1000).unref())])
}
