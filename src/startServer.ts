import { createServer, type Server, type ServerOptions } from 'node:http'
import next from 'next'
import { getPayload } from 'payload'
import { createApp } from './app.js'
import { closePayload } from './closePayload.js'
import { env } from './env.js'
import { listen } from './listen.js'
import config, { buildCalendarConfig } from './payload.config.js'
import { prepareDatabase } from './prepareDatabase.js'
import { readyMessage } from './readyMessage.js'
import { scheduleRecurrenceExtension } from './recurrence/extendRecurrences.js'
import { scheduleChangePruning } from './scheduleChangePruning.js'
import { shutdownOnSignals } from './shutdownOnSignals.js'
import { startWebhooks } from './webhooks/startWebhooks.js'

/**
 * A client has REQUEST_TIMEOUT_SECONDS to send a whole request (Node's default is 300 s, so a slow
 * body held a connection that long); then Node answers 408 and closes the connection. Headers keep
 * Node's 60 s bound unless the request bound is lower, and expiry is checked often enough to hold it.
 */
export function serverTimeouts(requestTimeoutSeconds: number): ServerOptions {
  const requestTimeout = requestTimeoutSeconds * 1000
  return {
    requestTimeout,
    headersTimeout: Math.min(60_000, requestTimeout),
    connectionsCheckingInterval: Math.max(500, Math.min(30_000, requestTimeout / 10)),
  }
}

/**
 * One Payload instance (created before serving) shared by the calendar namespace and by Next
 * (admin + /api), then listen; SIGTERM/SIGINT stop it gracefully. Any failure before "ready"
 * rejects, and the entry exits non-zero.
 */
export async function startServer(options: { worker?: boolean } = {}): Promise<Server> {
  const dev = env.NODE_ENV !== 'production'
  // Production migrates and never pushes; a database it cannot migrate unattended stops the start here.
  // A worker of several finds that done: the primary prepared and migrated the database before forking.
  if (!dev && !options.worker) await prepareDatabase(env.DATABASE_URI, env.DATABASE_KIND, 'server')
  const payload = await getPayload({ config: options.worker ? buildCalendarConfig(env.DATABASE_URI, env.DATABASE_KIND, {}, { migrations: false }) : config })
  const nextApp = next({ dev, dir: process.cwd() })
  const handle = nextApp.getRequestHandler()
  await nextApp.prepare()
  // Set once the signal handlers are in place: true from SIGTERM/SIGINT on (see shutdownOnSignals).
  let stopping = () => false
  const app = createApp(payload, (req, res) => handle(req, res), () => stopping())
  const server = createServer(serverTimeouts(env.REQUEST_TIMEOUT_SECONDS), (req, res) => {
    // While draining, every answer closes its connection, so clients reconnect to a server that stays.
    if (stopping()) res.setHeader('Connection', 'close')
    app(req, res)
  })
  const upgrade = nextApp.getUpgradeHandler()
  server.on('upgrade', (req, socket, head) => upgrade(req, socket, head))
  try {
    await listen(server, env.PORT, env.HOST)
  } catch (error) {
    await closePayload(payload).catch(() => {})
    throw error
  }
  // Open-ended series keep RECURRENCE_HORIZON_MONTHS of stored occurrences as time passes.
  const stopExtending = scheduleRecurrenceExtension(payload)
  // The change feed keeps CHANGES_RETENTION_DAYS of changes.
  const stopPruning = scheduleChangePruning(payload)
  // Webhook deliveries go out from every server process, apart from the requests (docs/webhooks.md).
  const webhooks = startWebhooks(payload)
  stopping = shutdownOnSignals(server, {
    drainSeconds: env.SHUTDOWN_DRAIN_SECONDS,
    timeoutSeconds: env.SHUTDOWN_TIMEOUT_SECONDS,
    log: (message) => payload.logger.info(message),
    cleanup: async () => {
      stopExtending()
      stopPruning()
      await webhooks.stop()
      await nextApp.close()
      await closePayload(payload)
    },
  })
  if (options.worker) payload.logger.info(`Worker listening on ${env.SITE_URL}`)
  else payload.logger.info(readyMessage())
  return server
}
