import type { Payload } from 'payload'

/**
 * Payload's destroy() and the database connections it leaves open: the SQLite client (libsql) and
 * PostgreSQL's pool. Without closing them a process would linger, and a WAL file stay unmerged.
 */
/** A PostgreSQL pool (pg-pool): its clients, open and idle, counted. */
interface Pool {
  end: () => Promise<void>
  totalCount: number
}

/** Resolves once no client of `pool` but one is open. */
async function onlyOneClientLeft(pool: Pool): Promise<void> {
  while (pool.totalCount > 1) await new Promise((resolve) => setTimeout(resolve, 5).unref())
}

export async function closePayload(payload: Payload): Promise<void> {
  const db = payload.db as unknown as { client?: { close?: () => void }; pool?: Pool }
  await payload.destroy()
  db.client?.close?.()
  // db-postgres's connect() checks a client out of the pool and never releases it, so end() would wait
  // for it forever: the others close (idle ones at once), and the process exits without waiting for
  // that one, nor for a second such client for longer than a second.
  const pool = db.pool
  if (pool?.end) await Promise.race([pool.end(), onlyOneClientLeft(pool), new Promise((resolve) => setTimeout(resolve, 1000).unref())])
}
