import Database from 'libsql'
import { beginningTransaction, forgetStatements } from './reuseStatements.js'

/**
 * libsql runs each transaction on the client's connection of the moment and opens a new one for what
 * follows, but never closes the transaction's: every write left a connection (and its file handles)
 * until garbage collection, hundreds over a busy minute. To close it after the transaction ends, the
 * connection must be known: libsql keeps it private, so the connection that last ran a BEGIN is
 * remembered here (SQLite transactions begin one at a time per process, see serializeTransactions).
 */
let lastBegun: Database.Database | undefined
let installed = false
const remember = (connection: Database.Database) => (lastBegun = connection)

function install(): void {
  if (installed) return
  installed = true
  const prepare = Database.prototype.prepare
  Database.prototype.prepare = function (this: Database.Database, source: string) {
    if (/^\s*BEGIN\b/i.test(source)) {
      remember(this)
      beginningTransaction(this)
    }
    return prepare.call(this, source)
  } as typeof prepare
}

/** Runs `begin` and answers the libsql connection its BEGIN ran on (undefined when it ran none). */
export async function beginOnConnection<T>(begin: () => Promise<T>): Promise<{ result: T; connection: Database.Database | undefined }> {
  install()
  lastBegun = undefined
  const result = await begin()
  const connection = lastBegun
  lastBegun = undefined
  return { result, connection }
}

/** Closes a finished transaction's connection (never one still in a transaction). */
export function closeConnection(connection: Database.Database | undefined): void {
  if (connection?.open && !connection.inTransaction) {
    connection.close()
    forgetStatements(connection)
  }
}
