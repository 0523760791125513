// /healthz and /readyz of a server started as in production, over HTTP: ready on a migrated
// database; 503 when a committed migration is not recorded, or when the database stops answering.
import { createClient } from '@libsql/client'
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals'
import path from 'node:path'
import { env } from '../../src/env.js'
import { createTestDatabase, type TestDatabase } from '../helpers/testDatabase.js'
import { freePort, killGroup, npm, operatorEnv, type Started, tempDir, waitUntilAnswers } from '../helpers/serverProcess.js'

jest.setTimeout(600_000)

let server: Started
let origin = ''
let database: TestDatabase | undefined
let dbFile = ''
const data = tempDir('calendar-health-')

beforeAll(async () => {
  const port = await freePort()
  origin = `http://127.0.0.1:${port}`
  // The lane's database: the embedded one in DATA_DIR, or a fresh PostgreSQL database.
  if (env.TEST_DATABASE === 'postgres') database = await createTestDatabase()
  dbFile = path.join(data.dir, 'calendar.db')
  server = npm(['start'], operatorEnv({ DATA_DIR: data.dir, PORT: String(port), SITE_URL: origin, DATABASE_URI: database?.uri }))
  await waitUntilAnswers(`${origin}/healthz`, server)
})
afterAll(async () => {
  killGroup(server)
  data.remove()
})

async function probe(route: string) {
  const res = await fetch(`${origin}${route}`)
  return { status: res.status, cacheControl: res.headers.get('cache-control'), text: await res.text() }
}

/** Runs SQL on the server's database from outside the server, as an operator's tool would. */
async function sql(statement: string) {
  if (env.TEST_DATABASE === 'postgres') {
    const { default: pg } = await import('pg')
    const client = new pg.Client({ connectionString: database!.uri })
    await client.connect()
    await client.query(statement)
    await client.end()
  } else {
    const client = createClient({ url: `file:${dbFile}` })
    await client.execute(statement)
    client.close()
  }
}

describe.each(['healthz', 'readyz'])('/%s on a migrated database', (route) => {
  it('answers 200 {"status":"ok"}, not cacheable, nothing else in it', async () => {
    const res = await probe(`/${route}`)
    expect(res).toEqual({ status: 200, cacheControl: 'no-store', text: '{"status":"ok"}' })
  })
})

describe('/readyz when the server cannot serve', () => {
  it('is 503 migrations-pending when the latest committed migration is not recorded; /healthz stays 200', async () => {
    await sql("DELETE FROM payload_migrations WHERE name LIKE '%archive_index'")
    const ready = await probe('/readyz')
    expect(ready).toEqual({ status: 503, cacheControl: 'no-store', text: '{"status":"unavailable","reason":"migrations-pending"}' })
    expect((await probe('/healthz')).status).toBe(200)
  })

  it('is 503 database-unreachable when the database stops answering; /healthz stays 200', async () => {
    if (env.TEST_DATABASE === 'postgres') {
      // The server's connections are cut and its database is gone.
      const { default: pg } = await import('pg')
      const admin = new pg.Client({ connectionString: env.TEST_POSTGRES_URL })
      await admin.connect()
      await admin.query(`DROP DATABASE "${new URL(database!.uri).pathname.slice(1)}" WITH (FORCE)`)
      await admin.end()
    } else {
      await sql('DROP TABLE payload_migrations')
    }
    const ready = await probe('/readyz')
    expect(ready).toEqual({ status: 503, cacheControl: 'no-store', text: '{"status":"unavailable","reason":"database-unreachable"}' })
    expect((await probe('/healthz')).status).toBe(200)
  })
})
