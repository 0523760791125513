import type { Payload, PayloadRequest } from 'payload'
import { insertRowsIn } from '../../lib/sql/insertRows.js'
import { postgresAdapterOf, sessionOf } from '../../lib/sql/sqlAdapter.js'
import { sqlOperators } from '../../lib/sql/sqlOperators.js'
import type { ChangeAction, ChangeKind } from '../Changes.js'
import { CHANGES } from '../slugs.js'

/** A row of the `changes` collection, as the hooks record it. */
export interface ChangeRecord {
  kind: ChangeKind
  doc: number
  action: ChangeAction
  publicBefore: boolean
  publicAfter: boolean
  changedAt: string
}

/** Per open transaction: its changes by kind and ID, written just before it commits. */
type Pending = Map<string | number, Map<string, ChangeRecord>>
const queues = new WeakMap<Payload, Pending>()

/**
 * Two changes to one document in one transaction, as the transaction's one change (nobody saw the
 * state between them): visibility before from the first, after from the second; created then changed
 * stays created; created then deleted is nothing at all.
 */
export function mergeChanges(first: ChangeRecord, next: ChangeRecord): ChangeRecord | null {
  if (first.action === 'created' && next.action === 'deleted') return null
  const action: ChangeAction = first.action === 'created' && next.action === 'updated' ? 'created' : first.action === 'deleted' && next.action !== 'deleted' ? 'updated' : next.action
  return { ...next, action, publicBefore: first.publicBefore }
}

/**
 * Records changes of the write `req` is part of. Inside a transaction they are kept until it commits
 * and written by the commit itself (flushChangesAtCommit), in it, so a rolled-back write leaves none;
 * outside one (a database without transactions) they are written at once.
 */
export async function queueChanges(req: PayloadRequest, records: readonly ChangeRecord[]): Promise<void> {
  if (!records.length) return
  const transaction = req.transactionID ? await req.transactionID : undefined
  const pending = queues.get(req.payload)
  if (transaction === undefined || !pending) return writeChanges(req.payload, transaction, records)
  const queue = pending.get(transaction) ?? new Map<string, ChangeRecord>()
  pending.set(transaction, queue)
  for (const record of records) {
    const key = `${record.kind}:${record.doc}`
    const earlier = queue.get(key)
    const merged = earlier ? mergeChanges(earlier, record) : record
    // Re-inserted: a Map keeps insertion order, and the rows go out in the order of their last change.
    queue.delete(key)
    if (merged) queue.set(key, merged)
  }
}

/**
 * Writes change rows in the transaction `transaction`. On PostgreSQL it first takes one advisory
 * lock, held until that transaction ends: change rows then get their IDs and commit in one order, so
 * a reader that has seen ID n can never later find a smaller ID committed (several server processes
 * on one database commit in any order otherwise). Taken at commit time, after every other lock the
 * write needed, so it can wait on no one but another commit: no deadlock, and held for the INSERT and
 * the COMMIT only. SQLite runs one write transaction at a time (src/serializeTransactions.ts and
 * SQLite's own write lock), so IDs follow commits there as they are. MongoDB: created through Payload,
 * without that ordering (docs/api.md, the change feed).
 */
export async function writeChanges(payload: Payload, transaction: string | number | undefined, records: readonly ChangeRecord[]): Promise<void> {
  if (!records.length) return
  const postgres = postgresAdapterOf(payload.db)
  if (postgres && transaction !== undefined) {
    const { sql } = await sqlOperators('postgres')
    await sessionOf(postgres, transaction).execute(sql`SELECT pg_advisory_xact_lock(hashtextextended('calendar:changes', 0))`)
  }
  const rows = records.map((record) => ({ ...record }))
  if (await insertRowsIn(payload.db, transaction, CHANGES, rows)) return
  const req = transaction !== undefined ? { transactionID: transaction } : undefined
  for (const data of rows) await payload.db.create({ collection: CHANGES, data, req })
}

/**
 * onInit: every transaction writes the changes it recorded just before it commits (see writeChanges);
 * a rolled-back one drops them. A failure to write them rolls the transaction back: a committed write
 * is never missing from the feed.
 */
export function flushChangesAtCommit(payload: Payload): void {
  if (queues.has(payload)) return
  const pending: Pending = new Map()
  queues.set(payload, pending)
  const db = payload.db
  const commit = db.commitTransaction.bind(db)
  const rollback = db.rollbackTransaction.bind(db)
  db.commitTransaction = async (id) => {
    const key = await id
    const queue = pending.get(key)
    pending.delete(key)
    if (queue?.size) {
      try {
        await writeChanges(payload, key, [...queue.values()])
      } catch (error) {
        await rollback(key)
        throw error
      }
    }
    await commit(key)
  }
  db.rollbackTransaction = async (id) => {
    const key = await id
    pending.delete(key)
    await rollback(key)
  }
}
