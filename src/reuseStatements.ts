import Database from 'libsql'

/** Statements kept per connection: an import runs about fifty shapes; IN lists of other lengths add more. */
const KEPT_PER_CONNECTION = 200

/** Per connection and SQL text: its kept statement, or SEEN once prepared there. */
const kept = new WeakMap<Database.Database, Map<string, Database.Statement | typeof SEEN>>()
const SEEN = Symbol('seen')
/** Connections that began a transaction: the only ones that keep statements. */
const transactional = new WeakSet<Database.Database>()
let installed = false

/**
 * libsql's client prepares every statement it runs afresh and asks its columns twice, then drops it:
 * preparing and describing the adapter's wide inserts and selects was 14 % of an import's busy time,
 * and every dropped statement waits for garbage collection to be freed. Each connection keeps the
 * statements it prepares more than once, by SQL text. Reuse is safe: the client runs a statement to its end
 * synchronously before it runs another, and SQLite prepares a kept statement again itself after a
 * schema change. Only statements that name every column they return are kept: one with `*` would
 * keep the columns it had before a schema change (libsql describes it once). Only a transaction's
 * connection keeps them, from its BEGIN until it is closed after the transaction
 * (transactionConnections): a connection's reads outside a transaction were seen to go on answering
 * an older snapshot while a statement on it stayed unfinished, which a kept one may stay for good. The
 * import's (a page per transaction) only, not the server's, whose transactions are single writes on
 * connections of their own: kept statements would hold their files open until collected
 * (test/process/concurrentWrites.spec.ts).
 */
export function reuseStatements(): void {
  if (installed) return
  installed = true
  const prepare = Database.prototype.prepare
  Database.prototype.prepare = function (this: Database.Database, source: string) {
    if (!transactional.has(this) || /\*/.test(source.replace(/count\(\*\)/gi, ''))) return prepare.call(this, source)
    let statements = kept.get(this)
    if (!statements) kept.set(this, (statements = new Map()))
    const found = statements.get(source)
    // Most recently used last: the first is the one to drop when the map is full.
    statements.delete(source)
    if (found && found !== SEEN) {
      statements.set(source, found)
      return found
    }
    const statement = prepare.call(this, source)
    // A kept statement keeps its connection open after close() until it is collected: a statement
    // is kept only once its SQL comes again on the connection, so a transaction that repeats none
    // (a single write) leaves none behind and its connection closes at once.
    if (!found) {
      statements.set(source, SEEN)
      if (statements.size > KEPT_PER_CONNECTION) statements.delete(statements.keys().next().value!)
      return statement
    }
    // The client asks every statement for raw rows and takes the refusal as "returns no rows": a
    // statement that refused once refuses again, with the same error (building one costs a stack).
    const raw = statement.raw.bind(statement)
    let refusal: unknown
    statement.raw = (toggle?: boolean) => {
      if (refusal) throw refusal
      try {
        raw(toggle)
      } catch (error) {
        refusal = error
        throw error
      }
      return statement
    }
    const columns = statement.columns.bind(statement)
    let described: ReturnType<typeof columns> | undefined
    statement.columns = () => (described ??= columns())
    statements.set(source, statement)
    if (statements.size > KEPT_PER_CONNECTION) statements.delete(statements.keys().next().value!)
    return statement
  } as typeof prepare
}

/** A connection about to begin a transaction (transactionConnections sees its BEGIN): it keeps statements from now on. */
export function beginningTransaction(connection: Database.Database): void {
  transactional.add(connection)
}

/** Lets a closed connection's statements go (they would keep its file open until collected). */
export function forgetStatements(connection: Database.Database): void {
  kept.delete(connection)
}
