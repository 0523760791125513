// Webhooks in one process: who may register them, the secret shown once, the deliveries a change feed
// row turns into (signed, verified by a receiver with the standardwebhooks package, carrying the public
// object the namespace serves), filters, the claim one process wins, retries on the declared schedule
// (shrunk) and disabling, the test event. The change rows are written here; test/process/webhooks.spec.ts
// drives the same through real writes and a server process.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals'
import { CHANGES, WEBHOOK_DELIVERIES, WEBHOOKS } from '../../collections/slugs.js'
import { claimDelivery } from '../../src/webhooks/claimDelivery.js'
import { fanOutChanges } from '../../src/webhooks/fanOutChanges.js'
import { postDelivery } from '../../src/webhooks/postDelivery.js'
import { MAX_ATTEMPTS } from '../../src/webhooks/retrySchedule.js'
import { startWebhookWorker } from '../../src/webhooks/webhookWorker.js'
import { createActors, type Actor } from '../helpers/actors.js'
import { createEvent, createPost } from '../helpers/fixtures.js'
import { initTestApp, type TestApp } from '../helpers/initTestApp.js'
import { type PayloadApi, servePayloadApi } from '../helpers/payloadApi.js'
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhookReceiver.js'

jest.setTimeout(120_000)

let app: TestApp
let api: PayloadApi
let actors: Awaited<ReturnType<typeof createActors>>
let worker: { stop: () => Promise<void> }
const receivers: WebhookReceiver[] = []
let published = 0
let draft = 0
let jazz = 0
let rock = 0
let jazzEvent = 0

async function receiver(): Promise<WebhookReceiver> {
  const r = await startWebhookReceiver()
  receivers.push(r)
  return r
}

/** Registers a webhook as the administrator over /api; the receiver learns the secret from the create answer. */
async function register(r: WebhookReceiver, data: Record<string, unknown> = {}): Promise<number> {
  const created = await api.request('POST', '/api/webhooks', { headers: actors.administrator.headers, body: { url: r.url, events: ['*'], ...data } })
  expect(created.status).toBe(201)
  r.setSecret(created.body.doc.secret)
  return created.body.doc.id
}

/** A change row as the feed's hooks write it, dated now (the worker takes it once settled). */
async function change(kind: string, doc: number, action: string, publicBefore: boolean, publicAfter: boolean): Promise<number> {
  const row = await app.payload.create({ collection: CHANGES, data: { kind, doc, action, publicBefore, publicAfter, changedAt: new Date().toISOString() } as never, overrideAccess: true })
  return row.id as number
}

beforeAll(async () => {
  app = await initTestApp({ allowPrivateOutbound: true })
  api = await servePayloadApi(app)
  actors = await createActors(app, 'hooks')
  jazz = (await app.payload.create({ collection: 'event-categories', data: { name: 'Jazz' }, overrideAccess: true })).id as number
  rock = (await app.payload.create({ collection: 'event-categories', data: { name: 'Rock' }, overrideAccess: true })).id as number
  published = await createEvent(app.payload, 'Published concert')
  jazzEvent = await createEvent(app.payload, 'Jazz night', { categories: [jazz] })
  draft = await createPost(app.payload, 'events', { title: 'Draft', status: 'draft', startDate: new Date(Date.now() + 864e5).toISOString(), endDate: new Date(Date.now() + 9e7).toISOString() })
  worker = startWebhookWorker(app.payload, { retryScale: 0.0001, timeoutMs: 400, concurrency: 4, allowPrivateHosts: true, pollMs: 100 })
})

afterAll(async () => {
  await worker?.stop()
  for (const r of receivers) await r.close()
  await api?.close()
  await app?.close()
})

describe(`webhooks (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  it('only administrators read and register webhooks, on /api and GraphQL', async () => {
    const r = await receiver()
    const id = await register(r, { active: false })
    for (const role of ['anonymous', 'subscriber', 'contributor', 'author', 'editor'] as const) {
      const actor: Actor = actors[role]
      const list = await api.request('GET', '/api/webhooks', { headers: actor.headers })
      expect([401, 403]).toContain(list.status)
      const one = await api.request('GET', `/api/webhooks/${id}`, { headers: actor.headers })
      expect([401, 403, 404]).toContain(one.status)
      const created = await api.request('POST', '/api/webhooks', { headers: actor.headers, body: { url: 'http://127.0.0.1:9/x', events: ['*'] } })
      expect([401, 403]).toContain(created.status)
      const deliveries = await api.request('GET', '/api/webhook-deliveries', { headers: actor.headers })
      expect([401, 403]).toContain(deliveries.status)
      const gql = await api.graphql('{ Webhooks { docs { id url } } }', actor.headers)
      expect(gql.body.data?.Webhooks?.docs ?? null).toBeNull()
      expect(JSON.stringify(gql.body.errors)).toMatch(/not allowed|Forbidden/i)
      const gqlCreate = await api.graphql('mutation { createWebhook(data: { url: "http://127.0.0.1:9/x", events: ["*"] }) { id } }', actor.headers)
      expect(gqlCreate.body.data?.createWebhook ?? null).toBeNull()
    }
    expect(await app.payload.count({ collection: WEBHOOKS, overrideAccess: true })).toEqual({ totalDocs: 1 })
    const test = await api.request('POST', `/api/webhooks/${id}/test`, { headers: actors.editor.headers })
    expect(test.status).toBe(403)
  })

  it('shows the signing secret in the create answer only, never in reads, lists or GraphQL', async () => {
    const r = await receiver()
    const created = await api.request('POST', '/api/webhooks', { headers: actors.administrator.headers, body: { url: r.url, events: ['event.*'], active: false } })
    expect(created.status).toBe(201)
    const secret: string = created.body.doc.secret
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/)
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(24)
    const id = created.body.doc.id
    const reads = [
      await api.request('GET', `/api/webhooks/${id}`, { headers: actors.administrator.headers }),
      await api.request('GET', '/api/webhooks?depth=2', { headers: actors.administrator.headers }),
      await api.request('PATCH', `/api/webhooks/${id}`, { headers: actors.administrator.headers, body: { url: `${r.url}?v=2` } }),
    ]
    for (const read of reads) {
      expect(read.status).toBe(200)
      expect(JSON.stringify(read.body)).not.toContain(secret.slice(6))
      expect(JSON.stringify(read.body)).not.toMatch(/secretCiphertext|aes256gcm/)
    }
    const gql = await api.graphql(`{ Webhook(id: ${id}) { id url secret } }`, actors.administrator.headers)
    expect(gql.body.data.Webhook).toEqual({ id, url: `${r.url}?v=2`, secret: null })
    // A secret sent by the caller is not taken.
    const chosen = await api.request('POST', '/api/webhooks', { headers: actors.administrator.headers, body: { url: r.url, events: ['*'], active: false, secret: 'whsec_bWluZQ==' } })
    expect(chosen.body.doc.secret).not.toBe('whsec_bWluZQ==')
    // Stored encrypted, not in the clear.
    const stored = await app.payload.findByID({ collection: WEBHOOKS, id, overrideAccess: true, showHiddenFields: true })
    expect(String(stored.secretCiphertext)).toMatch(/^aes256gcm\$/)
    expect(String(stored.secretCiphertext)).not.toContain(secret.slice(6))
  })

  it('delivers each public change, signed, with the resource the namespace serves to the public; a change out of view as <kind>.deleted', async () => {
    const r = await receiver()
    const id = await register(r, { events: ['event.*', 'category.updated'] })
    const created = await change('event', published, 'created', false, true)
    const hidden = await change('event', draft, 'updated', true, false)
    const unseen = await change('event', draft, 'updated', false, false)
    const term = await change('category', rock, 'updated', true, true)
    const venueChange = await change('venue', 999, 'updated', true, true)
    await r.waitFor((got) => got.length >= 3)
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(r.rejected).toEqual([])
    expect(r.received.map((d) => d.id)).toEqual([`msg_${created}_${id}`, `msg_${hidden}_${id}`, `msg_${term}_${id}`])
    const [first, second, third] = r.received
    expect(first!.body.type).toBe('event.created')
    expect(first!.body.data.change).toEqual({ kind: 'event', id: published, action: 'created', modified_utc: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) })
    const wire = await fetch(`${app.api}/events/${published}`)
    expect(first!.body.data.resource).toEqual(await wire.json())
    expect(second!.body).toMatchObject({ type: 'event.deleted', data: { change: { kind: 'event', id: draft, action: 'hidden' }, resource: null } })
    expect(third!.body.type).toBe('category.updated')
    expect(third!.body.data.resource).toEqual(await (await fetch(`${app.api}/categories/${rock}`)).json())
    const stored = await app.payload.find({ collection: WEBHOOK_DELIVERIES, where: { webhook: { equals: id } }, overrideAccess: true, pagination: false })
    expect(stored.docs.map((d) => d.status)).toEqual(['delivered', 'delivered', 'delivered'])
    expect(stored.docs.every((d) => d.lastStatus === 200 && typeof d.lastDuration === 'number' && d.responseExcerpt === 'ok')).toBe(true)
    expect([unseen, venueChange].some((c) => stored.docs.some((d) => d.change === c))).toBe(false)
    await app.payload.update({ collection: WEBHOOKS, id, data: { active: false }, overrideAccess: true })
  })

  it('a category filter lets through only the events in one of the categories', async () => {
    const r = await receiver()
    const id = await register(r, { events: ['event.updated'], categories: [jazz] })
    await change('event', published, 'updated', true, true)
    const wanted = await change('event', jazzEvent, 'updated', true, true)
    await r.waitFor((got) => got.length >= 1)
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(r.received.map((d) => d.id)).toEqual([`msg_${wanted}_${id}`])
    await app.payload.update({ collection: WEBHOOKS, id, data: { active: false }, overrideAccess: true })
  })

  it('queues each change once, and one process wins the claim of a delivery', async () => {
    const r = await receiver()
    const id = await register(r, { active: false })
    // Registered inactive: nothing is queued for it. Passes after the worker's find nothing new.
    await fanOutChanges(app.payload)
    expect((await fanOutChanges(app.payload)).queued).toBe(0)
    const row = await app.payload.create({ collection: WEBHOOK_DELIVERIES, data: { webhook: id, messageId: 'msg_claim', type: 'event.updated', payload: {}, status: 'pending', attempts: 0, nextAttemptAt: new Date().toISOString() }, overrideAccess: true })
    const now = new Date()
    const until = new Date(now.getTime() + 60_000)
    const claims = await Promise.all([claimDelivery(app.payload, row.id, now, until), claimDelivery(app.payload, row.id, now, until)])
    expect(claims.filter(Boolean)).toHaveLength(1)
    // Expired, the claim is taken over (the process holding it died mid-delivery).
    expect(await claimDelivery(app.payload, row.id, new Date(until.getTime() + 1), new Date(until.getTime() + 60_000))).toBe(true)
  })

  it('retries a receiver that answers 500 or hangs on the schedule, then fails the delivery and disables the webhook with the reason', async () => {
    const failing = await receiver()
    failing.behave({ status: 500 })
    const hanging = await receiver()
    hanging.behave({ hang: true })
    const failingId = await register(failing, { events: ['venue.updated'] })
    const hangingId = await register(hanging, { events: ['venue.updated'] })
    const venue = await createPost(app.payload, 'venues', { title: 'Hall' })
    const changeId = await change('venue', venue, 'updated', true, true)
    await failing.waitFor((got) => got.length >= MAX_ATTEMPTS, 60_000)
    await hanging.waitFor((got) => got.length >= MAX_ATTEMPTS, 60_000)
    for (const [r, webhookId] of [[failing, failingId], [hanging, hangingId]] as const) {
      // Every attempt carries the same webhook-id.
      expect(new Set(r.received.map((d) => d.id))).toEqual(new Set([`msg_${changeId}_${webhookId}`]))
      expect(r.rejected).toEqual([])
    }
    const disabled = async (id: number) => app.payload.findByID({ collection: WEBHOOKS, id, overrideAccess: true })
    for (let i = 0; i < 100 && ((await disabled(failingId)).active || (await disabled(hangingId)).active); i++) await new Promise((resolve) => setTimeout(resolve, 100))
    const failed = await disabled(failingId)
    expect(failed.active).toBe(false)
    expect(failed.disabledReason).toMatch(new RegExp(`msg_${changeId}_${failingId} failed ${MAX_ATTEMPTS} times .*answered 500`))
    const hung = await disabled(hangingId)
    expect(hung.active).toBe(false)
    expect(hung.disabledReason).toMatch(/no answer within 0.4 s/)
    const deliveries = await app.payload.find({ collection: WEBHOOK_DELIVERIES, where: { change: { equals: changeId } }, overrideAccess: true })
    expect(deliveries.docs.map((d) => [d.status, d.attempts])).toEqual([
      ['failed', MAX_ATTEMPTS],
      ['failed', MAX_ATTEMPTS],
    ])
    // No further attempt once failed.
    const seen = failing.requests()
    await new Promise((resolve) => setTimeout(resolve, 1000))
    expect(failing.requests()).toBe(seen)
    // The reason shows to administrators over /api; switching it back on clears it.
    const read = await api.request('GET', `/api/webhooks/${failingId}`, { headers: actors.administrator.headers })
    expect(read.body.disabledReason).toBe(failed.disabledReason)
    const back = await api.request('PATCH', `/api/webhooks/${failingId}`, { headers: actors.administrator.headers, body: { active: true } })
    expect(back.body.doc).toMatchObject({ active: true, disabledReason: null })
    await app.payload.update({ collection: WEBHOOKS, id: failingId, data: { active: false }, overrideAccess: true })
  })

  it('refuses loopback receivers unless private outbound requests are allowed, before any request is sent', async () => {
    const r = await receiver()
    const refused = await postDelivery(r.url, '{}', {}, { timeoutMs: 1000, allowPrivateHosts: false })
    expect(refused).toMatchObject({ ok: false, status: null, error: expect.stringMatching(/127\.0\.0\.1 is a private address \(ALLOW_PRIVATE_OUTBOUND=true allows it\)/) })
    expect(r.requests()).toBe(0)
    const allowed = await postDelivery(r.url, '{}', {}, { timeoutMs: 1000, allowPrivateHosts: true })
    expect(allowed).toMatchObject({ ok: true, status: 200, excerpt: 'ok' })
  })

  it('"Send test event" queues a signed webhook.test delivery, even to a disabled endpoint', async () => {
    const r = await receiver()
    const id = await register(r, { active: false })
    const sent = await api.request('POST', `/api/webhooks/${id}/test`, { headers: actors.administrator.headers })
    expect(sent.status).toBe(202)
    await r.waitFor((got) => got.length === 1)
    expect(r.received[0]!.id).toBe(sent.body.delivery.messageId)
    expect(r.received[0]!.body.type).toBe('webhook.test')
    const log = await api.request('GET', `/api/webhooks/${id}`, { headers: actors.administrator.headers })
    expect(log.body.deliveries.docs).toHaveLength(1)
    for (let i = 0; i < 50; i++) {
      const row = await app.payload.findByID({ collection: WEBHOOK_DELIVERIES, id: sent.body.delivery.id, overrideAccess: true })
      if (row.status === 'delivered') break
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    const delivered = await api.request('GET', `/api/webhook-deliveries/${sent.body.delivery.id}`, { headers: actors.administrator.headers })
    expect(delivered.body).toMatchObject({ status: 'delivered', lastStatus: 200, attempts: 1, responseExcerpt: 'ok' })
    const written = await api.request('POST', '/api/webhook-deliveries', { headers: actors.administrator.headers, body: { webhook: id, messageId: 'x', type: 'x', payload: {} } })
    expect(written.status).toBe(403)
    const missing = await api.request('POST', '/api/webhooks/99999/test', { headers: actors.administrator.headers })
    expect(missing.status).toBe(404)
  })
})
