import { describe, expect, it } from '@jest/globals'
import { createClient } from '@libsql/client'
import Database from 'libsql'
import { beginningTransaction, forgetStatements, reuseStatements } from '../../src/reuseStatements.js'
import { beginOnConnection } from '../../src/transactionConnections.js'

// A transaction's SQLite connection keeps the statements it prepared (src/reuseStatements.ts): the same
// SQL runs the same statement again, with the same answers as a fresh one, through libsql's client as the
// adapter uses it.

reuseStatements()

describe('reuseStatements', () => {
  it('runs a kept statement again with new arguments, after a failure too', async () => {
    const client = createClient({ url: 'file::memory:' })
    await client.execute('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT UNIQUE)')
    // In a transaction, as the import writes a page (its BEGIN marks the connection).
    const { result: tx, connection } = await beginOnConnection(() => client.transaction('write'))
    expect(connection).toBeDefined()
    const insert = 'INSERT INTO t (v) VALUES (?) RETURNING id, v'
    expect((await tx.execute({ sql: insert, args: ['a'] })).rows.map((r) => r.v)).toEqual(['a'])
    await expect(tx.execute({ sql: insert, args: ['a'] })).rejects.toThrow(/UNIQUE/)
    expect((await tx.execute({ sql: insert, args: ['b'] })).rows.map((r) => [r.id, r.v])).toEqual([[2, 'b']])
    // A statement that returns no rows is still run (its refusal of raw rows is remembered).
    const update = 'UPDATE t SET v = ? WHERE id = ?'
    expect((await tx.execute({ sql: update, args: ['c', 1] })).rowsAffected).toBe(1)
    expect((await tx.execute({ sql: update, args: ['d', 2] })).rowsAffected).toBe(1)
    expect(connection!.prepare(update)).toBe(connection!.prepare(update))
    expect((await tx.execute('SELECT v FROM t ORDER BY id')).rows.map((r) => r.v)).toEqual(['c', 'd'])
    await tx.commit()
    client.close()
  })

  it('keeps a statement once its SQL comes again on a connection, and lets a forgotten connection prepare anew', () => {
    const db = new Database(':memory:')
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY)')
    beginningTransaction(db)
    // Prepared once, not kept: a transaction that repeats nothing leaves no statement holding its connection.
    const once = db.prepare('SELECT id FROM t')
    const again = db.prepare('SELECT id FROM t')
    expect(again).not.toBe(once)
    expect(db.prepare('SELECT id FROM t')).toBe(again)
    const other = new Database(':memory:')
    beginningTransaction(other)
    other.prepare('SELECT 1')
    db.prepare('SELECT 1')
    expect(other.prepare('SELECT 1')).not.toBe(db.prepare('SELECT 1'))
    forgetStatements(db)
    expect(db.prepare('SELECT id FROM t')).not.toBe(again)
    db.close()
    other.close()
  })

  it('prepares a statement with `*` afresh: a schema change adds its columns', async () => {
    const db = new Database(':memory:')
    beginningTransaction(db)
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY)')
    db.exec('INSERT INTO t (id) VALUES (1)')
    const columns = () => db.prepare('SELECT * FROM t').columns().map((column) => column.name)
    expect(columns()).toEqual(['id'])
    expect(columns()).toEqual(['id'])
    db.exec('ALTER TABLE t ADD COLUMN v TEXT')
    expect(columns()).toEqual(['id', 'v'])
    expect(db.prepare('SELECT * FROM t')).not.toBe(db.prepare('SELECT * FROM t'))
    db.close()
  })

  it('keeps none on a connection outside a transaction: its reads always start afresh', () => {
    const db = new Database(':memory:')
    const repeated = (sql: string) => {
      db.prepare(sql)
      db.prepare(sql)
      return db.prepare(sql) === db.prepare(sql)
    }
    expect(repeated('SELECT 1')).toBe(false)
    beginningTransaction(db)
    expect(repeated('SELECT 2')).toBe(true)
    db.close()
  })
})
