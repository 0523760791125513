import type { Payload } from 'payload'

/**
 * Payload's destroy() and the database connections it leaves open: the SQLite client (libsql) and
 * PostgreSQL's pool. Without closing them a process would linger, and a WAL file stay unmerged.
 */
export async function closePayload(payload: Payload): Promise<void> {
  const db = payload.db as unknown as { client?: { close?: () => void }; pool?: { end?: () => Promise<void> } }
  await payload.destroy()
  db.client?.close?.()
  await db.pool?.end?.()
}
