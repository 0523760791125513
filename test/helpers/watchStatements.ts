import type { Payload } from 'payload'
import { sqlAdapterOf } from '../../lib/sql/sqlAdapter.js'
import { sqliteReadConnectionOf } from '../../lib/sql/sqliteReadConnection.js'

/** What a driver was asked to run: a string or a statement object ({sql}, pg's {text}). */
type Sent = string | { sql?: string; text?: string } | undefined
const textOf = (sent: Sent): string => (typeof sent === 'string' ? sent : (sent?.sql ?? sent?.text ?? ''))

// The write signals' own connections (SQLite's header poll, PostgreSQL's listener and its heartbeat)
// run beside the requests on a timer: not part of any answer's cost.
const SIGNAL = /^\s*(PRAGMA user_version\s*$|LISTEN |SET application_name|SELECT 1\s*$)/i

export interface StatementLog {
  /** The statements run since the log was last emptied, as sent to the driver. */
  statements: string[]
}

/**
 * Logs every SQL statement the database driver runs, Payload's and the code's own below it alike
 * (lib/sql's view of the adapter): on SQLite, libsql's client (execute, batch, and a transaction's
 * execute and batch) and the server's read connection; on PostgreSQL, every query of the pool's connections. Null on MongoDB.
 */
export function watchStatements(payload: Payload): StatementLog | null {
  const adapter = sqlAdapterOf(payload.db)
  if (!adapter) return null
  const log: StatementLog = { statements: [] }
  const record = (sent: Sent) => {
    const text = textOf(sent)
    if (!SIGNAL.test(text)) log.statements.push(text)
  }
  if (adapter.name === 'sqlite') {
    type Runner = { execute: (sent: Sent) => Promise<unknown>; batch: (sent: Sent[], ...rest: unknown[]) => Promise<unknown> }
    const wrap = (runner: Runner) => {
      const execute = runner.execute.bind(runner)
      const batch = runner.batch.bind(runner)
      runner.execute = (sent) => (record(sent), execute(sent))
      runner.batch = (sent, ...rest) => (sent.forEach(record), batch(sent, ...rest))
    }
    // The server's own read connection (lib/sql/sqliteReadConnection.ts), where the reads below the Local API run.
    const reader = sqliteReadConnectionOf(adapter)
    if (reader) {
      const all = reader.all.bind(reader)
      reader.all = (sql, params) => (record(sql), all(sql, params))
    }
    const client = adapter.client as unknown as Runner & { transaction: (...args: unknown[]) => Promise<Runner> }
    const transaction = client.transaction.bind(client)
    wrap(client)
    client.transaction = async (...args) => {
      const tx = await transaction(...args)
      wrap(tx)
      return tx
    }
  } else {
    // Every connection of the pool, the pool's own queries included (pg runs them on a connection).
    const Client = (adapter.pool as unknown as { Client: { prototype: { query: (sent: Sent, ...rest: unknown[]) => unknown } } }).Client
    const query = Client.prototype.query
    Client.prototype.query = function (this: unknown, sent: Sent, ...rest: unknown[]) {
      record(sent)
      return query.call(this, sent, ...rest)
    }
  }
  return log
}

/**
 * The statements of `log` that read `table` by a list of keys below the Local API
 * (endpoints/data/readBelowLocalApi.ts: `IN (SELECT value FROM json_each(?))` on SQLite, `= any($1)` on
 * PostgreSQL), optionally by `column` only.
 */
export function readsBelow(statements: readonly string[], table: string, column?: string): string[] {
  const key = column ? `"${table}"."${column}"` : `"${table}"\\."\\w+"`
  const pattern = new RegExp(`^select .* from "${table}" where \\(?${key} (in \\(select value from json_each|= any\\()`)
  return statements.filter((sql) => pattern.test(sql))
}
