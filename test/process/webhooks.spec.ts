// Webhooks as operators run them: a server process with its webhook worker, writes over the namespace
// with an application password, a receiver on loopback that verifies every signature with the
// standardwebhooks package. A scripted editing session arrives as the change feed lists it to the
// public; the server killed with SIGKILL mid-delivery and started again loses no delivery (the one in
// flight arrives again, with the same webhook-id); the CLI lists webhooks and deliveries; the signing
// secret never shows in the logs.
import { type ChildProcess, fork } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals'
import { runCli } from '../helpers/runCli.js'
import { freePort, operatorEnv, tempDir } from '../helpers/serverProcess.js'
import { createTestDatabase, type TestDatabase } from '../helpers/testDatabase.js'
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhookReceiver.js'

jest.setTimeout(240_000)

const data = tempDir('calendar-webhooks-')
const settings = {
  DATA_DIR: data.dir,
  PAYLOAD_SECRET: 'webhooks-process-test-secret',
  SITE_TIMEZONE: 'UTC',
  ALLOW_PRIVATE_OUTBOUND: 'true',
  WEBHOOK_RETRY_SCALE: '0.0001',
  WEBHOOK_TIMEOUT_SECONDS: '2',
  LOG_LEVEL: 'info',
}
let database: TestDatabase
let server: ChildProcess | undefined
let logs = ''
let origin = ''
let jwt = ''
let basic = ''
let secret = ''
let webhookId = 0
let receiver: WebhookReceiver

/** Forks the server (production mode) and resolves once it listens; its output is kept in `logs`. */
async function startServer(port: number): Promise<ChildProcess> {
  const child = fork('test/helpers/webhookServer.ts', [String(port), database.uri, database.kind], {
    execArgv: ['--conditions=production', '--import', 'tsx'],
    env: { ...operatorEnv(settings), NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  })
  child.stdout!.on('data', (d) => (logs += d))
  child.stderr!.on('data', (d) => (logs += d))
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve())
    child.once('exit', (code) => reject(new Error(`the server exited with ${code} before it was ready:\n${logs.slice(-3000)}`)))
  })
  return child
}

const namespace = () => `${origin}/wp-json/calendar/events/v1`
async function write(method: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(`${namespace()}${path}`, { method, headers: { 'content-type': 'application/json', authorization: basic }, body: body === undefined ? undefined : JSON.stringify(body) })
  const answer = await res.json()
  expect([200, 201]).toContain(res.status)
  return answer
}

/** The change ID a delivery reports, from its webhook-id (msg_<change>_<webhook>). */
const changeOf = (messageId: string) => Number(messageId.split('_')[1])

/** The change feed as an anonymous caller reads it (GET /changes), since `cursor`: what webhooks send. */
async function feedSince(cursor: string): Promise<Array<{ kind: string; id: number; action: string; modified_utc: string }>> {
  const res = await fetch(`${namespace()}/changes?since=${encodeURIComponent(cursor)}&per_page=100`)
  expect(res.status).toBe(200)
  return ((await res.json()) as { changes: Array<{ kind: string; id: number; action: string; modified_utc: string }> }).changes
}

let port = 0
beforeAll(async () => {
  database = await createTestDatabase()
  port = await freePort()
  origin = `http://127.0.0.1:${port}`
  server = await startServer(port)
  const registered = await fetch(`${origin}/api/users/first-register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'ada@example.org', username: 'ada', password: 'correct horse battery' }),
  })
  jwt = ((await registered.json()) as { token: string }).token
  const app = await fetch(`${origin}/api/app-passwords`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `JWT ${jwt}` }, body: JSON.stringify({ name: 'editing session' }) })
  basic = `Basic ${Buffer.from(`ada:${((await app.json()) as { doc: { password: string } }).doc.password}`).toString('base64')}`
  receiver = await startWebhookReceiver()
})

afterAll(async () => {
  server?.kill('SIGKILL')
  await receiver?.close()
  await database?.drop()
  data.remove()
})

describe(`webhooks from a server process (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let cursor = ''

  it('registers a webhook over /api; the secret is in the create answer only', async () => {
    // Changes made before the webhook was registered are not sent to it.
    await write('POST', '/events', { title: 'Before the webhook', start_date: '2030-01-01 10:00:00', end_date: '2030-01-01 11:00:00', status: 'publish' })
    await new Promise((resolve) => setTimeout(resolve, 50))
    const created = await fetch(`${origin}/api/webhooks`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `JWT ${jwt}` }, body: JSON.stringify({ url: receiver.url, events: ['*'] }) })
    expect(created.status).toBe(201)
    const { doc } = (await created.json()) as { doc: { id: number; secret: string } }
    secret = doc.secret
    webhookId = doc.id
    expect(secret).toMatch(/^whsec_/)
    receiver.setSecret(secret)
    // The feed's cursor for now, as a consumer starts with.
    const start = await fetch(`${namespace()}/changes`)
    cursor = ((await start.json()) as { next_cursor: string }).next_cursor
    expect(cursor).toBeTruthy()
  })

  it('a scripted editing session arrives as the feed lists it to the public, every signature verified', async () => {
    const event = await write('POST', '/events', { title: 'Jazz night', start_date: '2030-03-01 20:00:00', end_date: '2030-03-01 23:00:00', status: 'publish', venue: { venue: 'Le Duc', city: 'Paris' }, categories: ['Jazz'] })
    await write('POST', `/events/${event.id}`, { title: 'Jazz night (sold out)' })
    const venue = await write('POST', '/venues', { venue: 'Blue Note', city: 'New York', status: 'publish' })
    await write('POST', `/venues/${venue.id}`, { phone: '+1 212 475 8592' })
    const draft = await write('POST', '/events', { title: 'Not yet', start_date: '2030-04-01 20:00:00', end_date: '2030-04-01 21:00:00', status: 'draft' })
    await write('POST', `/events/${draft.id}`, { title: 'Still not yet' })
    await write('DELETE', `/events/${event.id}`)
    const expected = await feedSince(cursor)
    expect(expected.length).toBeGreaterThanOrEqual(6)
    expect(expected.some((c) => c.id === draft.id)).toBe(false)
    await receiver.waitFor((got) => new Set(got.map((d) => d.id)).size >= expected.length, 60_000)
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(receiver.rejected).toEqual([])
    // Exactly the feed's list, in its order, each change as the feed writes it.
    expect(receiver.received.map((d) => d.body.data.change)).toEqual(expected)
    const delivered = receiver.received.map((d) => ({ change: changeOf(d.id), ...(d.body.data.change as { kind: string; id: number; action: string }) }))
    for (const d of receiver.received) {
      const change = d.body.data.change!
      expect(d.body.type).toBe(`${change.kind}.${change.action === 'hidden' ? 'deleted' : change.action}`)
      // The resource as the public saw it when the delivery was queued: null once gone from view, which a
      // change after this one (the session trashes the event within the second) may already have done.
      const resource = d.body.data.resource as { id?: number } | null
      const removedLater = delivered.some((later) => later.change > changeOf(d.id) && later.kind === change.kind && later.id === change.id && ['deleted', 'hidden'].includes(later.action))
      if (change.action === 'deleted' || change.action === 'hidden') expect(resource).toBeNull()
      else if (resource === null) expect(removedLater).toBe(true)
      else expect(resource.id).toBe(change.id)
    }
    expect(receiver.received.filter((d) => d.body.data.resource !== null).length).toBeGreaterThanOrEqual(4)
    expect(delivered.filter((d) => d.kind === 'event' && d.id === event.id).map((d) => d.action)).toEqual(['created', 'updated', 'deleted'])
  })

  it('SIGKILL mid-delivery and a restart lose no delivery; the one in flight arrives again with the same webhook-id', async () => {
    const before = receiver.received.length
    const seenRequests = receiver.requests()
    receiver.behave({ status: 200, delayMs: 1500 })
    const e1 = await write('POST', '/events', { title: 'Crash one', start_date: '2030-05-01 20:00:00', end_date: '2030-05-01 21:00:00', status: 'publish' })
    await write('POST', '/events', { title: 'Crash two', start_date: '2030-05-02 20:00:00', end_date: '2030-05-02 21:00:00', status: 'publish' })
    // The first delivery is at the receiver, unanswered: kill the server now.
    for (let i = 0; i < 200 && receiver.received.length === before; i++) await new Promise((resolve) => setTimeout(resolve, 25))
    expect(receiver.requests()).toBeGreaterThan(seenRequests)
    expect(receiver.received.length).toBe(before + 1)
    server!.kill('SIGKILL')
    await new Promise((resolve) => server!.once('exit', resolve))
    receiver.behave({ status: 200 })
    server = await startServer(port)
    const expected = await feedSince(cursor)
    const interrupted = receiver.received[before]!
    // The interrupted delivery's claim outlives the dead process by the time bound and a margin (7 s here),
    // so a quick restart may send the second change first: wait for the repeat too, not only for every id.
    await receiver.waitFor((got) => new Set(got.map((d) => d.id)).size >= expected.length && got.filter((d) => d.id === interrupted.id).length >= 2, 60_000)
    const ids = receiver.received.slice(before).map((d) => d.id)
    expect(interrupted.body.data.change).toMatchObject({ kind: 'event', id: e1.id, action: 'created' })
    // At least once: the interrupted one came twice, under one webhook-id; every change once more at least.
    expect(ids.filter((id) => id === interrupted.id).length).toBe(2)
    // Every change of the feed arrived, none other.
    const unique = [...new Map(receiver.received.map((d) => [d.id, d.body.data.change])).values()]
    expect(unique).toEqual(expected)
    expect(receiver.rejected).toEqual([])
  })

  it('a receiver that answers 500 and one that hangs are retried on the schedule, then disabled with the reason', async () => {
    const failing = await startWebhookReceiver()
    const hanging = await startWebhookReceiver()
    failing.behave({ status: 500 })
    hanging.behave({ hang: true })
    try {
      const ids: number[] = []
      for (const r of [failing, hanging]) {
        const created = await fetch(`${origin}/api/webhooks`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `JWT ${jwt}` }, body: JSON.stringify({ url: r.url, events: ['venue.*'] }) })
        const { doc } = (await created.json()) as { doc: { id: number; secret: string } }
        r.setSecret(doc.secret)
        ids.push(doc.id)
      }
      await write('POST', '/venues', { venue: 'Village Vanguard', city: 'New York', status: 'publish' })
      const reasons: string[] = []
      for (const id of ids) {
        for (let i = 0; ; i++) {
          const read = (await (await fetch(`${origin}/api/webhooks/${id}`, { headers: { authorization: `JWT ${jwt}` } })).json()) as { active: boolean; disabledReason: string | null }
          if (!read.active) {
            reasons.push(read.disabledReason ?? '')
            break
          }
          if (i > 240) throw new Error(`webhook ${id} was not disabled`)
          await new Promise((resolve) => setTimeout(resolve, 250))
        }
      }
      // Eight attempts each (the schedule's), every one signed and under one webhook-id.
      for (const r of [failing, hanging]) {
        expect(r.received).toHaveLength(8)
        expect(new Set(r.received.map((d) => d.id)).size).toBe(1)
        expect(r.rejected).toEqual([])
      }
      expect(reasons[0]).toMatch(/failed 8 times over .*answered 500/)
      expect(reasons[1]).toMatch(/failed 8 times over .*no answer within 2 s/)
      const list = await runCli(['webhooks:list'], database.uri)
      expect(list.stdout).toMatch(new RegExp(`^${ids[0]}\\s.*\\sno\\s+0\\s+1\\s+Disabled on .*answered 500`, 'm'))
    } finally {
      await failing.close()
      await hanging.close()
    }
  })

  it('webhooks:list and webhooks:deliveries show them to the operator', async () => {
    const list = await runCli(['webhooks:list'], database.uri)
    expect(list.code).toBe(0)
    expect(list.stdout).toContain(receiver.url)
    expect(list.stdout).toMatch(new RegExp(`^${webhookId}\\s+${receiver.url.replace(/[.*?]/g, '\\$&')}\\s+\\*\\s+yes\\s+0\\s+0`, 'm'))
    expect(list.stdout + list.stderr).not.toContain(secret.slice(6))
    const delivered = await runCli(['webhooks:deliveries', '--webhook', String(webhookId), '--status', 'delivered'], database.uri)
    expect(delivered.code).toBe(0)
    const rows = delivered.stdout.trim().split('\n').filter((line) => /^\d+\s/.test(line))
    expect(rows.length).toBe(new Set(receiver.received.map((d) => d.id)).size)
    expect(rows.every((line) => / delivered /.test(line) && / 200 /.test(line))).toBe(true)
    const wrong = await runCli(['webhooks:deliveries', '--status', 'lost'], database.uri)
    expect(wrong.code).not.toBe(0)
    expect(wrong.stderr).toMatch(/--status must be one of pending, delivered, failed/)
  })

  it('never writes the signing secret to the logs, and stops cleanly on SIGTERM', async () => {
    expect(logs.length).toBeGreaterThan(0)
    expect(logs).not.toContain(secret.slice(6))
    server!.kill('SIGTERM')
    const code = await new Promise((resolve) => server!.once('exit', resolve))
    expect(code).toBe(0)
    server = undefined
  })
})
