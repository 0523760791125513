import type { CollectionSlug } from 'payload'
import { postgresAdapterOf, sessionOf } from '../../lib/sql/sqlAdapter.js'
import { sqlOperators } from '../../lib/sql/sqlOperators.js'
import type { RequestContext } from '../types.js'

/**
 * Before a find-or-create by name (a term named in an event write, an inline venue or organizer):
 * on PostgreSQL, concurrent transactions would each miss the other's uncommitted row and create the
 * same term twice ("jazz", "jazz-2"), so each name is locked until the caller's transaction ends and
 * the second writer finds the first one's row. SQLite runs one write transaction at a time; MongoDB
 * has no such lock (two writers there may still both create). A write that may create several takes
 * all its locks first, in one order (see resolveEventLinks): a lock taken after the transaction has
 * changed rows (the ID counter) could wait on a writer that waits on those rows.
 */
export async function lockForCreation(ctx: RequestContext, names: ReadonlyArray<readonly [CollectionSlug, string]>): Promise<void> {
  const db = postgresAdapterOf(ctx.payload.db)
  if (!db || !names.length) return
  const transaction = ctx.req?.transactionID ? await ctx.req.transactionID : undefined
  if (transaction === undefined) return
  const { sql } = await sqlOperators('postgres')
  const target = sessionOf(db, transaction)
  // One order for every writer, so two writers naming the same terms never wait on each other in a cycle.
  const keys = [...new Set(names.map(([collection, name]) => `${collection}:${name.trim().toLowerCase()}`))].sort()
  // All in one statement, not a round trip per name: unnest
  // yields the array in its order, and each row's lock is taken before the next row is read.
  const array = sql.join(keys.map((key) => sql`${key}`), sql`, `)
  await target.execute(sql`SELECT count(pg_advisory_xact_lock(hashtextextended(k, 0))) FROM unnest(ARRAY[${array}]::text[]) AS k`)
}
