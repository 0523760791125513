// A server process as startServer runs it, without Next (whose build takes minutes): Payload, the
// Express app with Payload's /api handlers, and the webhook worker (src/webhooks/startWebhooks.ts),
// stopped on SIGTERM as shutdownOnSignals stops it (the worker waits for its attempts in flight).
// Usage: node --conditions=production --import tsx test/helpers/webhookServer.ts <port> <databaseUri> <kind>
import { getPayload } from 'payload'
import { createApp } from '../../src/app.js'
import type { DatabaseKind } from '../../src/env.js'
import { buildCalendarConfig } from '../../src/payload.config.js'
import { startWebhooks } from '../../src/webhooks/startWebhooks.js'
import { payloadRoutes } from './payloadApi.js'

const [port, uri, kind] = process.argv.slice(2) as [string, string, DatabaseKind]
const payload = await getPayload({ config: buildCalendarConfig(uri, kind) })
const server = createApp(payload, payloadRoutes({ payload })).listen(Number(port), '127.0.0.1', () => process.send?.({ ready: true }))
server.keepAliveTimeout = 65_000
const webhooks = startWebhooks(payload)
process.once('SIGTERM', () => {
  server.close()
  server.closeIdleConnections()
  void webhooks
    .stop()
    .then(() => payload.destroy())
    .then(() => process.exit(0))
})
