import type { Payload } from 'payload'
import { pluginOptionsOf } from '../../lib/options.js'
import { env } from '../env.js'
import { startWebhookWorker } from './webhookWorker.js'

/** The server's webhook worker, with the settings of this process (docs/webhooks.md). */
export function startWebhooks(payload: Payload): { stop: () => Promise<void> } {
  return startWebhookWorker(payload, {
    retryScale: env.WEBHOOK_RETRY_SCALE,
    timeoutMs: env.WEBHOOK_TIMEOUT_SECONDS * 1000,
    concurrency: env.WEBHOOK_CONCURRENCY,
    // The one outbound setting, as image downloads read it (ALLOW_PRIVATE_OUTBOUND).
    allowPrivateHosts: pluginOptionsOf(payload.config).allowPrivateOutbound,
  })
}
