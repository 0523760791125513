// PostgreSQL lane: when the connection that LISTENs for other processes' writes is lost, the process
// serves nothing from its cache until it listens again, and then forgets what it had kept (a write
// committed meanwhile was never announced to it). The loss is real: PostgreSQL ends the connection.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { LISTENER_NAME } from '../../endpoints/cache/postgresWriteSignal.js'
import { env } from '../../src/env.js'
import type { TestApp } from '../helpers/initTestApp.js'

const lane = env.TEST_DATABASE === 'postgres' ? describe : describe.skip
let app: TestApp
let id = 0

/** Runs one statement on the suite's database on a connection of its own. */
async function sql(text: string, values: unknown[] = []): Promise<{ rowCount: number | null }> {
  const { default: pg } = await import('pg')
  const client = new pg.Client({ connectionString: app.database.uri })
  await client.connect()
  try {
    return await client.query(text, values)
  } finally {
    await client.end()
  }
}

const list = () => fetch(`${app.api}/events`)

/** Reads the list until `done` holds for an answer (fails after 10 s); answers that answer's titles. */
async function readUntil(done: (res: Response) => boolean): Promise<string[]> {
  const deadline = Date.now() + 10_000
  for (;;) {
    const res = await list()
    const body = (await res.json()) as { events: Array<{ title: string }> }
    if (done(res)) return body.events.map((e) => e.title)
    if (Date.now() > deadline) throw new Error(`no such answer within 10 s (last X-Cache: ${res.headers.get('x-cache')})`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

lane('the write signal lost and found again (PostgreSQL)', () => {
  beforeAll(async () => {
    // Loaded here: on other lanes the suite is skipped, and Payload is never loaded.
    const { initTestApp } = await import('../helpers/initTestApp.js')
    const { createEvent } = await import('../helpers/fixtures.js')
    app = await initTestApp()
    id = await createEvent(app.payload, 'Before the loss')
  })
  afterAll(async () => {
    await app?.close()
  })

  it('serves nothing cached while not listening, and nothing kept from before once listening again', async () => {
    expect(await readUntil((res) => res.headers.get('x-cache') === 'HIT')).toEqual(['Before the loss'])
    const ended = await sql('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()', [LISTENER_NAME])
    expect(ended.rowCount).toBe(1)
    // Not listening: every answer is computed (no X-Cache), none is kept.
    await readUntil((res) => res.headers.get('x-cache') === null)
    // A change nobody announces (as if written by a process whose signal was lost on the way).
    await sql('UPDATE events SET title = $1 WHERE id = $2', ['Changed unannounced', id])
    // Listening again: the first cached answer is the changed one, not the one kept from before.
    expect(await readUntil((res) => res.headers.get('x-cache') !== null)).toEqual(['Changed unannounced'])
    expect(await readUntil((res) => res.headers.get('x-cache') === 'HIT')).toEqual(['Changed unannounced'])
  })
})
