import type { Payload } from 'payload'
import { WEBHOOK_DELIVERIES, WEBHOOKS } from '../../collections/slugs.js'
import { formatTable } from './formatTable.js'

/** webhooks:list: every webhook (never its secret): ID, URL, events, active, pending and failed deliveries, why disabled. */
export async function listWebhooks(payload: Payload): Promise<string> {
  const { docs } = await payload.find({ collection: WEBHOOKS, sort: 'id', pagination: false, depth: 0, overrideAccess: true, select: { url: true, events: true, active: true, disabledReason: true } })
  const rows = await Promise.all(
    docs.map(async (webhook) => {
      const count = async (status: 'pending' | 'failed') => (await payload.count({ collection: WEBHOOK_DELIVERIES, where: { webhook: { equals: webhook.id }, status: { equals: status } }, overrideAccess: true })).totalDocs
      return [String(webhook.id), webhook.url, (webhook.events ?? []).join(','), webhook.active ? 'yes' : 'no', String(await count('pending')), String(await count('failed')), webhook.disabledReason ?? '']
    }),
  )
  return formatTable(['ID', 'URL', 'EVENTS', 'ACTIVE', 'PENDING', 'FAILED', 'DISABLED BECAUSE'], rows)
}
