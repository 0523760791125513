import type { Payload, Where } from 'payload'
import { WEBHOOK_DELIVERIES } from '../../collections/slugs.js'
import { DELIVERY_STATUSES } from '../../collections/WebhookDeliveries.js'
import { relationId } from '../../collections/relationIds.js'
import { CommandError } from './CommandError.js'
import { formatTable } from './formatTable.js'

const LIMIT = 100

/** Checks the flags before Payload boots. */
export function checkDeliveryFlags(flags: { webhook?: string; status?: string }): { webhook?: number; status?: (typeof DELIVERY_STATUSES)[number] } {
  const webhook = flags.webhook === undefined ? undefined : Number(flags.webhook)
  if (webhook !== undefined && (!Number.isInteger(webhook) || webhook < 1)) throw new CommandError(`--webhook must be a webhook ID (a positive whole number), got "${flags.webhook}"`)
  const status = flags.status as (typeof DELIVERY_STATUSES)[number] | undefined
  if (status !== undefined && !DELIVERY_STATUSES.includes(status)) throw new CommandError(`--status must be one of ${DELIVERY_STATUSES.join(', ')}, got "${flags.status}"`)
  return { webhook, status }
}

/** webhooks:deliveries: the latest 100 deliveries, newest first, of one webhook or all, of one status or all. */
export async function listWebhookDeliveries(payload: Payload, flags: { webhook?: string; status?: string }): Promise<string> {
  const { webhook, status } = checkDeliveryFlags(flags)
  const where: Where = { and: [...(webhook ? [{ webhook: { equals: webhook } }] : []), ...(status ? [{ status: { equals: status } }] : [])] }
  const { docs } = await payload.find({ collection: WEBHOOK_DELIVERIES, where, sort: '-id', limit: LIMIT, depth: 0, overrideAccess: true, select: { payload: false } })
  const rows = docs.map((d) => [
    String(d.id),
    String(relationId(d.webhook)),
    d.messageId,
    d.type,
    d.status,
    String(d.attempts),
    d.lastStatus == null ? '' : String(d.lastStatus),
    d.lastDuration == null ? '' : `${d.lastDuration} ms`,
    d.status === 'pending' ? (d.nextAttemptAt ?? '') : (d.deliveredAt ?? ''),
    (d.error ?? '').slice(0, 80),
  ])
  return formatTable(['ID', 'WEBHOOK', 'WEBHOOK-ID', 'TYPE', 'STATUS', 'ATTEMPTS', 'HTTP', 'DURATION', 'NEXT / DELIVERED', 'ERROR'], rows)
}
