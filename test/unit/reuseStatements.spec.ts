import { describe, expect, it } from '@jest/globals'
import { createClient } from '@libsql/client'
import Database from 'libsql'
import { beginningTransaction, forgetStatements, reuseStatements } from '../../src/reuseStatements.js'

// SQLite connections keep the statements they prepared (src/reuseStatements.ts): the same SQL runs the
// same statement again, with the same answers as a fresh one, through libsql's client as the adapter uses it.

reuseStatements()

describe('reuseStatements', () => {
  it('runs a kept statement again with new arguments, after a failure too', async () => {
    const client = createClient({ url: 'file::memory:' })
    await client.execute('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT UNIQUE)')
    const insert = 'INSERT INTO t (v) VALUES (?) RETURNING id, v'
    expect((await client.execute({ sql: insert, args: ['a'] })).rows.map((r) => r.v)).toEqual(['a'])
    await expect(client.execute({ sql: insert, args: ['a'] })).rejects.toThrow(/UNIQUE/)
    expect((await client.execute({ sql: insert, args: ['b'] })).rows.map((r) => [r.id, r.v])).toEqual([[2, 'b']])
    // A statement that returns no rows is still run (its refusal of raw rows is remembered).
    const update = 'UPDATE t SET v = ? WHERE id = ?'
    expect((await client.execute({ sql: update, args: ['c', 1] })).rowsAffected).toBe(1)
    expect((await client.execute({ sql: update, args: ['d', 2] })).rowsAffected).toBe(1)
    expect((await client.execute('SELECT v FROM t ORDER BY id')).rows.map((r) => r.v)).toEqual(['c', 'd'])
    client.close()
  })

  it('keeps a statement once its SQL comes again on a connection, and lets a forgotten connection prepare anew', () => {
    const db = new Database(':memory:')
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY)')
    // Prepared once, not kept: a transaction that repeats nothing leaves no statement holding its connection.
    const once = db.prepare('SELECT id FROM t')
    const again = db.prepare('SELECT id FROM t')
    expect(again).not.toBe(once)
    expect(db.prepare('SELECT id FROM t')).toBe(again)
    const other = new Database(':memory:')
    other.prepare('SELECT 1')
    db.prepare('SELECT 1')
    expect(other.prepare('SELECT 1')).not.toBe(db.prepare('SELECT 1'))
    forgetStatements(db)
    expect(db.prepare('SELECT id FROM t')).not.toBe(again)
    db.close()
    other.close()
  })

  it('prepares a statement with `*` afresh: a schema change adds its columns', async () => {
    const client = createClient({ url: 'file::memory:' })
    await client.execute('CREATE TABLE t (id INTEGER PRIMARY KEY)')
    await client.execute('INSERT INTO t (id) VALUES (1)')
    expect((await client.execute('SELECT * FROM t')).columns).toEqual(['id'])
    await client.execute('ALTER TABLE t ADD COLUMN v TEXT')
    expect((await client.execute('SELECT * FROM t')).columns).toEqual(['id', 'v'])
    client.close()
  })

  it('keeps none on a connection that began a transaction, unless an import keeps them in transactions', () => {
    const repeated = (db: Database.Database, sql: string) => {
      db.prepare(sql)
      db.prepare(sql)
      return db.prepare(sql) === db.prepare(sql)
    }
    const server = new Database(':memory:')
    expect(repeated(server, 'SELECT 1')).toBe(true)
    beginningTransaction(server)
    expect(repeated(server, 'SELECT 2')).toBe(false)
    expect(repeated(server, 'SELECT 1')).toBe(false)
    server.close()
    // Last: the import's setting holds for the rest of the process.
    reuseStatements({ inTransactions: true })
    const importing = new Database(':memory:')
    beginningTransaction(importing)
    expect(repeated(importing, 'SELECT 3')).toBe(true)
    importing.close()
  })
})
