import { describe, expect, it } from '@jest/globals'
import { Webhook } from 'standardwebhooks'
import { decryptSigningSecret, encryptSigningSecret, newSigningSecret } from '../../collections/webhooks/signingSecret.js'
import { subscribesTo, WEBHOOK_EVENT_TYPES } from '../../collections/webhooks/webhookEvents.js'
import { deliveryType } from '../../src/webhooks/publicChange.js'
import { MAX_ATTEMPTS, RETRY_DELAYS_SECONDS, retryDelayMs, scheduleHours } from '../../src/webhooks/retrySchedule.js'

describe('webhook retry schedule', () => {
  it('retries for at least 24 hours, with growing waits, then stops', () => {
    const total = RETRY_DELAYS_SECONDS.reduce((sum, s) => sum + s, 0)
    expect(total).toBeGreaterThanOrEqual(24 * 3600)
    expect([...RETRY_DELAYS_SECONDS]).toEqual([...RETRY_DELAYS_SECONDS].sort((a, b) => a - b))
    expect(MAX_ATTEMPTS).toBe(RETRY_DELAYS_SECONDS.length + 1)
    expect(retryDelayMs(1, 1)).toBe(5000)
    expect(retryDelayMs(MAX_ATTEMPTS - 1, 1)).toBe(36_000_000)
    expect(retryDelayMs(MAX_ATTEMPTS, 1)).toBeNull()
    expect(retryDelayMs(2, 0.001)).toBe(300)
    expect(scheduleHours(1)).toBe('27.6 hours')
  })
})

describe('webhook event types', () => {
  it('match *, <kind>.* and exact types only', () => {
    expect(subscribesTo(['*'], 'venue.created')).toBe(true)
    expect(subscribesTo(['event.*'], 'event.deleted')).toBe(true)
    expect(subscribesTo(['event.*'], 'venue.deleted')).toBe(false)
    expect(subscribesTo(['event.created'], 'event.updated')).toBe(false)
    expect(subscribesTo([], 'event.updated')).toBe(false)
    expect(WEBHOOK_EVENT_TYPES).toContain('category.deleted')
    expect(WEBHOOK_EVENT_TYPES).toHaveLength(1 + 5 * 4)
  })

  it('send a change that left the public view as <kind>.deleted', () => {
    expect(deliveryType('event', 'hidden')).toBe('event.deleted')
    expect(deliveryType('tag', 'created')).toBe('tag.created')
  })
})

describe('webhook signing secrets', () => {
  it('are whsec_ and 24 random bytes, which standardwebhooks signs with', () => {
    const secret = newSigningSecret()
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/)
    expect(newSigningSecret()).not.toBe(secret)
    const signer = new Webhook(secret)
    const at = new Date()
    const headers = { 'webhook-id': 'msg_1', 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': signer.sign('msg_1', at, '{"a":1}') }
    expect(signer.verify('{"a":1}', headers)).toEqual({ a: 1 })
  })

  it('are stored encrypted, read back with the same server secret only', () => {
    const secret = newSigningSecret()
    const stored = encryptSigningSecret(secret, 'server secret')
    expect(stored).not.toContain(secret.slice(6))
    expect(encryptSigningSecret(secret, 'server secret')).not.toBe(stored)
    expect(decryptSigningSecret(stored, 'server secret')).toBe(secret)
    expect(decryptSigningSecret(stored, 'another secret')).toBeNull()
    const [prefix, iv, tag, data] = stored.split('$') as [string, string, string, string]
    const flipped = Buffer.from(data, 'base64')
    flipped[0] = flipped[0]! ^ 1
    expect(decryptSigningSecret([prefix, iv, tag, flipped.toString('base64')].join('$'), 'server secret')).toBeNull()
    expect(decryptSigningSecret(null, 'server secret')).toBeNull()
  })
})
