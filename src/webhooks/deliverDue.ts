import type { Payload } from 'payload'
import { Webhook as Signer } from 'standardwebhooks'
import { WEBHOOK_DELIVERIES, WEBHOOKS } from '../../collections/slugs.js'
import { decryptSigningSecret } from '../../collections/webhooks/signingSecret.js'
import { relationId } from '../../collections/relationIds.js'
import type { WebhookDelivery } from '../payload-types.js'
import { claimDelivery } from './claimDelivery.js'
import { postDelivery } from './postDelivery.js'
import { MAX_ATTEMPTS, retryDelayMs, scheduleHours } from './retrySchedule.js'

export interface DeliverySettings {
  /** Multiplies the retry schedule (WEBHOOK_RETRY_SCALE). */
  retryScale: number
  /** Longest wait for a receiver's answer (WEBHOOK_TIMEOUT_SECONDS). */
  timeoutMs: number
  /** ALLOW_PRIVATE_OUTBOUND. */
  allowPrivateHosts: boolean
}

/** A claim outlives the attempt's own time bound by this much, then another process may take it over. */
const CLAIM_MARGIN_MS = 5000

/** The pending deliveries due now, in the order of their changes, of active webhooks (a test event goes out regardless). */
export async function dueDeliveries(payload: Payload, now: Date, limit: number): Promise<WebhookDelivery[]> {
  const found = await payload.find({
    collection: WEBHOOK_DELIVERIES,
    where: {
      and: [
        { status: { equals: 'pending' } },
        { nextAttemptAt: { less_than_equal: now.toISOString() } },
        { or: [{ claimedUntil: { exists: false } }, { claimedUntil: { less_than: now.toISOString() } }] },
        { or: [{ test: { equals: true } }, { 'webhook.active': { equals: true } }] },
      ],
    },
    sort: 'id',
    limit,
    depth: 0,
    pagination: false,
    overrideAccess: true,
  })
  return found.docs
}

/**
 * One attempt of one delivery, if this process wins its claim: signs the stored body (Standard
 * Webhooks: webhook-id, webhook-timestamp, webhook-signature) with the webhook's secret, POSTs it, and
 * records the outcome. A 2xx answer delivers it; anything else (another status, a refused address, no
 * answer within the time bound) schedules the next attempt by the retry schedule; after the last one
 * the delivery has failed and its webhook is switched off, with the reason shown in the admin.
 */
export async function attemptDelivery(payload: Payload, delivery: WebhookDelivery, settings: DeliverySettings): Promise<'delivered' | 'retry' | 'failed' | 'skipped'> {
  const now = new Date()
  if (!(await claimDelivery(payload, delivery.id, now, new Date(now.getTime() + settings.timeoutMs + CLAIM_MARGIN_MS)))) return 'skipped'
  const webhookId = Number(relationId(delivery.webhook))
  const webhook = await payload.findByID({ collection: WEBHOOKS, id: webhookId, depth: 0, overrideAccess: true, showHiddenFields: true, disableErrors: true, select: { url: true, active: true, secretCiphertext: true } })
  const body = JSON.stringify(delivery.payload)
  const secret = webhook ? decryptSigningSecret(webhook.secretCiphertext, payload.secret) : null
  const outcome = !webhook
    ? { ok: false, status: null, durationMs: 0, excerpt: '', error: 'the webhook no longer exists' }
    : !secret
      ? { ok: false, status: null, durationMs: 0, excerpt: '', error: 'the signing secret cannot be read: PAYLOAD_SECRET changed since the webhook was created (create the webhook again)' }
      : await (async () => {
          const sentAt = new Date()
          const signature = new Signer(secret).sign(delivery.messageId, sentAt, body)
          const headers = { 'webhook-id': delivery.messageId, 'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)), 'webhook-signature': signature }
          return postDelivery(webhook.url, body, headers, { timeoutMs: settings.timeoutMs, allowPrivateHosts: settings.allowPrivateHosts })
        })()

  const attempts = delivery.attempts + 1
  const recorded = { attempts, lastStatus: outcome.status, lastDuration: outcome.durationMs, responseExcerpt: outcome.excerpt || null, error: outcome.error, claimedUntil: null }
  if (outcome.ok) {
    await payload.update({ collection: WEBHOOK_DELIVERIES, id: delivery.id, data: { ...recorded, status: 'delivered', deliveredAt: new Date().toISOString(), nextAttemptAt: null }, overrideAccess: true, depth: 0 })
    return 'delivered'
  }
  const wait = webhook && secret ? retryDelayMs(attempts, settings.retryScale) : null
  if (wait !== null) {
    await payload.update({ collection: WEBHOOK_DELIVERIES, id: delivery.id, data: { ...recorded, status: 'pending', nextAttemptAt: new Date(Date.now() + wait).toISOString() }, overrideAccess: true, depth: 0 })
    return 'retry'
  }
  await payload.update({ collection: WEBHOOK_DELIVERIES, id: delivery.id, data: { ...recorded, status: 'failed', nextAttemptAt: null }, overrideAccess: true, depth: 0 })
  // A failed test event says so in the log; it does not switch the endpoint off.
  if (webhook && !delivery.test && webhook.active) {
    const reason = secret
      ? `Disabled on ${new Date().toISOString()}: delivery ${delivery.messageId} failed ${attempts} times over ${scheduleHours(settings.retryScale)} (last: ${outcome.error}).`
      : `Disabled on ${new Date().toISOString()}: ${outcome.error}.`
    await payload.update({ collection: WEBHOOKS, id: webhook.id, data: { active: false, disabledReason: reason }, overrideAccess: true, depth: 0 })
    payload.logger.warn(`Webhook ${webhook.id} (${webhook.url}) disabled: ${reason}`)
  }
  return 'failed'
}

export { MAX_ATTEMPTS }
