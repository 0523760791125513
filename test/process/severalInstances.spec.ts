// Two server processes on one database (the lane's: one SQLite file, or one PostgreSQL database), both
// with the response cache on: a write acknowledged by one of them (or by the CLI, a third process) is
// answered by the other within a second, though the other had the previous answer cached.
import type { ChildProcess } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals'
import { startChild } from '../../bench/startChild.js'
import { runCli } from '../helpers/runCli.js'
import { freePort, operatorEnv, tempDir } from '../helpers/serverProcess.js'
import { createTestDatabase, type TestDatabase } from '../helpers/testDatabase.js'

jest.setTimeout(120_000)

/** The bound docs/operations.md promises (Several instances): no answer staler than this after a write's acknowledgement. */
const STALENESS_BOUND_MS = 1000
const data = tempDir('calendar-instances-')
const settings = { DATA_DIR: data.dir, PAYLOAD_SECRET: 'several-instances-test-secret', CACHE_TTL_SECONDS: '30', SITE_TIMEZONE: 'UTC' }
let database: TestDatabase
const instances: ChildProcess[] = []
let a = ''
let b = ''
let token = ''
const measured: Array<[string, number]> = []

async function startInstance(): Promise<string> {
  const port = await freePort()
  instances.push(await startChild('test/helpers/instanceServer.ts', [String(port), database.uri, database.kind], operatorEnv(settings)))
  return `http://127.0.0.1:${port}`
}

/** A date `n` days from now (YYYY-MM-DD): inside the list's default window. */
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10)
const list = (origin: string) => fetch(`${origin}/wp-json/calendar/events/v1/events?per_page=50`)
const titles = async (res: Response) => ((await res.json()) as { events: Array<{ title: string }> }).events.map((e) => e.title)

/**
 * Reads the list through both instances until each answers from its cache (a write just before may
 * still be emptying caches as its signal arrives).
 */
async function warmBoth(): Promise<void> {
  for (const origin of [a, b]) {
    for (let attempt = 1; ; attempt++) {
      const res = await list(origin)
      await res.arrayBuffer()
      if (res.headers.get('x-cache') === 'HIT') break
      if (attempt === 20) throw new Error(`${origin} never answered from its cache`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
}

/** Milliseconds from `acknowledged` until an instance lists `title`; fails when it still does not after 10 s. */
async function stalenessOn(origin: string, title: string, acknowledged: number): Promise<number> {
  for (;;) {
    const elapsed = performance.now() - acknowledged
    if ((await titles(await list(origin))).includes(title)) return elapsed
    if (elapsed > 10_000) throw new Error(`${origin} still does not list "${title}" ${Math.round(elapsed)} ms after the write`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

beforeAll(async () => {
  database = await createTestDatabase()
  // A first: it runs the committed migrations, as in production. Then B, while A registers the first
  // user (an administrator).
  a = await startInstance()
  const [second, registered] = await Promise.all([
    startInstance(),
    fetch(`${a}/api/users/first-register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ada@example.org', username: 'ada', password: 'correct horse battery' }),
    }),
  ])
  b = second
  token = ((await registered.json()) as { token: string }).token
  expect(token).toBeTruthy()
})

afterAll(async () => {
  await Promise.all(instances.map((child) => new Promise((resolve) => (child.exitCode !== null ? resolve(null) : (child.once('exit', resolve), child.kill())))))
  await database?.drop()
  data.remove()
  if (measured.length) process.stdout.write(`Staleness after a write acknowledged elsewhere (on B unless said) (${database.kind}):\n${measured.map(([w, ms]) => `  ${String(Math.round(ms)).padStart(5)} ms  ${w}`).join('\n')}\n`)
})

describe('several instances on one database', () => {
  let id = 0

  it('a namespace POST /events through A is listed by B within a second', async () => {
    await warmBoth()
    const res = await fetch(`${a}/wp-json/calendar/events/v1/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `JWT ${token}` },
      body: JSON.stringify({ title: 'Made through A', start_date: `${day(30)} 19:00:00`, end_date: `${day(30)} 21:00:00`, status: 'publish' }),
    })
    const acknowledged = performance.now()
    expect(res.status).toBe(201)
    id = ((await res.json()) as { id: number }).id
    // A sees its own write at once.
    expect(await titles(await list(a))).toContain('Made through A')
    const ms = await stalenessOn(b, 'Made through A', acknowledged)
    measured.push(['namespace POST /events on A', ms])
    expect(ms).toBeLessThanOrEqual(STALENESS_BOUND_MS)
  })

  it("a PATCH on A's Payload /api is answered by B within a second", async () => {
    await warmBoth()
    expect(await titles(await list(b))).toContain('Made through A')
    const res = await fetch(`${a}/api/events/${id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `JWT ${token}` },
      body: JSON.stringify({ title: 'Renamed on /api' }),
    })
    const acknowledged = performance.now()
    expect(res.status).toBe(200)
    await res.arrayBuffer()
    const ms = await stalenessOn(b, 'Renamed on /api', acknowledged)
    measured.push(['/api PATCH on A', ms])
    expect(ms).toBeLessThanOrEqual(STALENESS_BOUND_MS)
  })

  it('an import by the CLI (a third process) is answered by A and B within a second of its exit', async () => {
    await warmBoth()
    const file = path.join(data.dir, 'one.ics')
    writeFileSync(
      file,
      ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', 'BEGIN:VEVENT', 'UID:from-the-cli@example.org', 'DTSTAMP:20260101T000000Z',
        `DTSTART:${day(40).replaceAll('-', '')}T180000Z`, `DTEND:${day(40).replaceAll('-', '')}T200000Z`, 'SUMMARY:Imported by the CLI', 'END:VEVENT', 'END:VCALENDAR', ''].join('\r\n'),
    )
    const imported = await runCli(['import:ics', file], database.uri, settings)
    const acknowledged = performance.now()
    expect(imported.code).toBe(0)
    // Each instance hears of it on its own next read of the database's signal.
    const [onA, onB] = await Promise.all([stalenessOn(a, 'Imported by the CLI', acknowledged), stalenessOn(b, 'Imported by the CLI', acknowledged)])
    measured.push(['CLI import:ics (on A)', onA], ['CLI import:ics', onB])
    expect(onA).toBeLessThanOrEqual(STALENESS_BOUND_MS)
    expect(onB).toBeLessThanOrEqual(STALENESS_BOUND_MS)
  })
})
