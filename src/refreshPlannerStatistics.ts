import type { Payload } from 'payload'

/**
 * SQLite's query planner guesses without statistics: it then walks the archive's start-date index
 * over the whole window for a category or venue filter instead of reading that term's few events
 * (GET /events at 100,000 events: 50 ms instead of 600). At boot, ANALYZE records them again
 * (sqlite_stat1), approximately (analysis_limit) so it stays a matter of milliseconds on a large
 * database. PostgreSQL's autovacuum keeps its own statistics; MongoDB has no such planner input.
 */
export async function refreshPlannerStatistics(payload: Payload): Promise<void> {
  if (payload.db.name !== 'sqlite') return
  const client = (payload.db as unknown as { client?: { execute: (sql: string) => Promise<unknown> } }).client
  if (!client) return
  await client.execute('PRAGMA analysis_limit = 1000')
  await client.execute('ANALYZE')
}
