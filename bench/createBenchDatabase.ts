import { randomBytes } from 'node:crypto'
import { mkdirSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/** A fresh, empty database for one benchmark run: a SQLite file in the temp folder, or a new PostgreSQL database on the server. */
export async function createBenchDatabase(kind: 'sqlite' | 'postgres', postgresUrl: string): Promise<string> {
  const name = `calendar_bench_${randomBytes(4).toString('hex')}`
  if (kind === 'sqlite') {
    const dir = path.join(os.tmpdir(), name)
    mkdirSync(dir, { recursive: true })
    return `file:${path.join(dir, 'calendar.db')}`
  }
  const { default: pg } = await import('pg')
  const client = new pg.Client({ connectionString: postgresUrl })
  await client.connect()
  await client.query(`CREATE DATABASE ${name}`)
  await client.end()
  const url = new URL(postgresUrl)
  url.pathname = `/${name}`
  return url.toString()
}

/** Removes a database createBenchDatabase made (the benchmarks' databases are hundreds of megabytes at 100,000 events). */
export async function dropBenchDatabase(uri: string, postgresUrl: string): Promise<void> {
  if (uri.startsWith('file:')) {
    rmSync(path.dirname(uri.slice('file:'.length)), { recursive: true, force: true })
    return
  }
  const { default: pg } = await import('pg')
  const client = new pg.Client({ connectionString: postgresUrl })
  await client.connect()
  try {
    // An autovacuum worker still on the database is the server's own process, which this role may
    // not end: wait for it to finish.
    for (let tries = 1; ; tries++) {
      try {
        await client.query(`DROP DATABASE IF EXISTS ${new URL(uri).pathname.slice(1)} WITH (FORCE)`)
        return
      } catch (error) {
        if ((error as { code?: string }).code !== '42501' || tries >= 30) throw error
        await new Promise((resolve) => setTimeout(resolve, 2_000))
      }
    }
  } finally {
    await client.end()
  }
}
