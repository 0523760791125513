import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { type Client, createClient } from '@libsql/client'
import Database from 'libsql'
import { reusePreparedReads } from '../../src/reusePreparedReads.js'

// Counts what SQLite really compiles: installed below the cache, as libsql's own prepare.
const compiled: string[] = []
const nativePrepare = Database.prototype.prepare
Database.prototype.prepare = function (this: Database.Database, source: string) {
  compiled.push(source)
  return nativePrepare.call(this, source)
} as typeof nativePrepare
reusePreparedReads()

let dir: string
let client: Client

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'prepared-reads-'))
  // The same client the SQLite adapter uses.
  client = createClient({ url: `file:${path.join(dir, 'test.db')}` })
  await client.execute('CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT)')
})

afterAll(() => {
  client.close()
  rmSync(dir, { recursive: true, force: true })
})

const compilations = (sql: string) => compiled.filter((source) => source === sql).length

describe('prepared reads', () => {
  it('are compiled once per connection and answer each call with its own arguments and the current rows', async () => {
    const read = 'SELECT id, name FROM items WHERE id >= ? ORDER BY id'
    await client.execute({ sql: 'INSERT INTO items (name) VALUES (?), (?)', args: ['a', 'b'] })
    expect((await client.execute({ sql: read, args: [1] })).rows.map((row) => row.name)).toEqual(['a', 'b'])
    expect((await client.execute({ sql: read, args: [2] })).rows.map((row) => row.name)).toEqual(['b'])
    await client.execute({ sql: 'INSERT INTO items (name) VALUES (?)', args: ['c'] })
    expect((await client.execute({ sql: read, args: [1] })).rows.map((row) => row.name)).toEqual(['a', 'b', 'c'])
    expect(compilations(read)).toBe(1)
  })

  it('follow a change of the schema: named columns stay, a `*` is compiled again each time', async () => {
    const named = 'SELECT id, name FROM items WHERE id = 1'
    const star = 'SELECT * FROM items WHERE id = 1'
    expect((await client.execute(named)).rows[0]).toEqual({ id: 1, name: 'a' })
    expect(Object.keys((await client.execute(star)).rows[0]!)).toEqual(['id', 'name'])
    await client.execute('ALTER TABLE items ADD COLUMN note TEXT')
    await client.execute('CREATE INDEX items_name_idx ON items (name)')
    expect((await client.execute(named)).rows[0]).toEqual({ id: 1, name: 'a' })
    expect(Object.keys((await client.execute(star)).rows[0]!)).toEqual(['id', 'name', 'note'])
    expect(compilations(named)).toBe(1)
    expect(compilations(star)).toBe(2)
  })

  it('leave writes and transaction control to be prepared each time', async () => {
    const write = 'UPDATE items SET note = ? WHERE id = 1'
    await client.execute({ sql: write, args: ['x'] })
    await client.execute({ sql: write, args: ['y'] })
    expect(compilations(write)).toBe(2)
    expect((await client.execute('SELECT note FROM items WHERE id = 1')).rows[0]!.note).toBe('y')
  })

  it('are kept apart per connection: a transaction runs on its own and the client on a new one after it', async () => {
    const read = 'SELECT count(*) AS n FROM items'
    const before = Number((await client.execute(read)).rows[0]!.n)
    const transaction = await client.transaction('write')
    await transaction.execute({ sql: 'INSERT INTO items (name) VALUES (?)', args: ['d'] })
    expect(Number((await transaction.execute(read)).rows[0]!.n)).toBe(before + 1)
    await transaction.commit()
    expect(Number((await client.execute(read)).rows[0]!.n)).toBe(before + 1)
    // At most one compilation per connection: the client's and the transaction's.
    expect(compilations(read)).toBeGreaterThanOrEqual(2)
    expect(compilations(read)).toBeLessThanOrEqual(3)
    expect(Number((await client.execute(read)).rows[0]!.n)).toBe(before + 1)
  })
})
