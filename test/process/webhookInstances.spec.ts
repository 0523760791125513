// Two server processes on one database, each with its webhook worker (as WEB_CONCURRENCY or several
// hosts run them): writes through both, and every change the feed lists to the public reaches the
// receiver exactly once, though both workers read the same changes and the same queue (the cursor's
// conditional move queues each change once; a delivery's conditional claim sends it once).
import { type ChildProcess, fork } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals'
import { freePort, operatorEnv, tempDir } from '../helpers/serverProcess.js'
import { createTestDatabase, type TestDatabase } from '../helpers/testDatabase.js'
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhookReceiver.js'

jest.setTimeout(180_000)

const WRITES = 12
const data = tempDir('calendar-webhook-instances-')
const settings = { DATA_DIR: data.dir, PAYLOAD_SECRET: 'webhook-instances-test-secret', SITE_TIMEZONE: 'UTC', ALLOW_PRIVATE_OUTBOUND: 'true', WEBHOOK_TIMEOUT_SECONDS: '5' }
let database: TestDatabase
const servers: ChildProcess[] = []
const origins: string[] = []
let jwt = ''
let basic = ''
let receiver: WebhookReceiver

async function startServer(): Promise<string> {
  const port = await freePort()
  const child = fork('test/helpers/webhookServer.ts', [String(port), database.uri, database.kind], {
    execArgv: ['--conditions=production', '--import', 'tsx'],
    env: { ...operatorEnv(settings), NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  })
  servers.push(child)
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve())
    child.once('exit', (code) => reject(new Error(`a server exited with ${code} before it was ready`)))
  })
  return `http://127.0.0.1:${port}`
}

beforeAll(async () => {
  database = await createTestDatabase()
  // One after the other: the first migrates the fresh database.
  origins.push(await startServer())
  origins.push(await startServer())
  const registered = await fetch(`${origins[0]}/api/users/first-register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'ada@example.org', username: 'ada', password: 'correct horse battery' }),
  })
  jwt = ((await registered.json()) as { token: string }).token
  const app = await fetch(`${origins[1]}/api/app-passwords`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `JWT ${jwt}` }, body: JSON.stringify({ name: 'writers' }) })
  basic = `Basic ${Buffer.from(`ada:${((await app.json()) as { doc: { password: string } }).doc.password}`).toString('base64')}`
  receiver = await startWebhookReceiver()
})

afterAll(async () => {
  for (const child of servers) child.kill('SIGKILL')
  await receiver?.close()
  await database?.drop()
  data.remove()
})

describe(`webhooks from two server processes on one database (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  it('every public change reaches the receiver exactly once', async () => {
    const created = await fetch(`${origins[0]}/api/webhooks`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `JWT ${jwt}` }, body: JSON.stringify({ url: receiver.url, events: ['*'] }) })
    expect(created.status).toBe(201)
    receiver.setSecret(((await created.json()) as { doc: { secret: string } }).doc.secret)
    const start = (await (await fetch(`${origins[1]}/wp-json/calendar/events/v1/changes`)).json()) as { next_cursor: string }
    const answers = await Promise.all(
      Array.from({ length: WRITES }, (_, i) =>
        fetch(`${origins[i % 2]}/wp-json/calendar/events/v1/events`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: basic },
          body: JSON.stringify({ title: `Concert ${i}`, start_date: '2030-06-01 20:00:00', end_date: '2030-06-01 22:00:00', status: 'publish' }),
        }),
      ),
    )
    expect(answers.map((a) => a.status)).toEqual(Array(WRITES).fill(201))
    const feed = (await (await fetch(`${origins[0]}/wp-json/calendar/events/v1/changes?since=${encodeURIComponent(start.next_cursor)}&per_page=100`)).json()) as { changes: unknown[] }
    expect(feed.changes).toHaveLength(WRITES)
    await receiver.waitFor((got) => got.length >= WRITES, 60_000)
    // Long enough for a second copy to arrive, were one sent.
    await new Promise((resolve) => setTimeout(resolve, 3000))
    expect(receiver.rejected).toEqual([])
    expect(receiver.received).toHaveLength(WRITES)
    const byChange = [...receiver.received].sort((a, b) => Number(a.id.split('_')[1]) - Number(b.id.split('_')[1]))
    expect(byChange.map((d) => d.body.data.change)).toEqual(feed.changes)
  })
})
