import Database from 'libsql'
import { LRUCache } from 'lru-cache'

/** Reads kept prepared per connection: a list's few shapes, Payload's lookups, the feeds'. */
const KEPT_PER_CONNECTION = 200
const READ = /^\s*(select|with)\b/i
/**
 * A kept statement follows schema changes (SQLite compiles it again), but libsql keeps the column names
 * it first read: a `*`, whose columns a change of the table can change, is prepared each time.
 */
const reusable = (source: string) => READ.test(source) && !source.replace(/count\(\*\)/gi, '').includes('*')

const kept = new WeakMap<Database.Database, LRUCache<string, Database.Statement>>()
let installed = false

/**
 * libsql's client prepares every statement anew and drops it: SQLite compiles the SQL each time, and each
 * native statement waits for garbage collection to be freed (a cold list's request spent about a
 * twentieth of its CPU preparing, more collecting them). Its client runs a statement to the end at once
 * (prepare, bind, read every row), so a prepared read can serve the next identical one on that
 * connection: reads naming their columns are kept, by SQL text, per connection (a closed connection's go
 * with it). Writes and transaction control are prepared as before (transactionConnections watches BEGIN).
 */
export function reusePreparedReads(): void {
  if (installed) return
  installed = true
  const prepare = Database.prototype.prepare
  Database.prototype.prepare = function (this: Database.Database, source: string) {
    if (!reusable(source)) return prepare.call(this, source)
    let statements = kept.get(this)
    if (!statements) kept.set(this, (statements = new LRUCache({ max: KEPT_PER_CONNECTION })))
    let statement = statements.get(source)
    if (!statement) statements.set(source, (statement = prepare.call(this, source)))
    return statement
  } as typeof prepare
}
