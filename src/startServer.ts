import { createServer, type Server, type ServerOptions } from 'node:http'
import { getPayload } from 'payload'
import { loadJsdom } from '../endpoints/write/loadJsdom.js'
import { createApp } from './app.js'
import { buildCalendarConfig } from './buildCalendarConfig.js'
import { closePayload } from './closePayload.js'
import { env } from './env.js'
import { listen } from './listen.js'
import { prepareDatabase } from './prepareDatabase.js'
import { readyMessage, servingMessage } from './readyMessage.js'
import { oneLine } from './runEntry.js'
import { nextAdmin } from './nextAdmin.js'
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
 * (admin + /api), then listen; SIGTERM/SIGINT stop it gracefully. Any failure before the server
 * listens rejects, and the entry exits non-zero. Next starts once the server listens (nextAdmin):
 * the namespace answers meanwhile, admin and /api requests wait for it; "ready" is said once it serves,
 * and a Next that cannot start ends the process with one line, as a failed start does.
 */
export async function startServer(options: { worker?: boolean } = {}): Promise<Server> {
  const dev = env.NODE_ENV !== 'production'
  // Production migrates and never pushes; a database it cannot migrate unattended stops the start here.
  // A worker of several finds that done: the primary prepared and migrated the database before forking.
  if (!dev && !options.worker) await prepareDatabase(env.DATABASE_URI, env.DATABASE_KIND, 'server')
  const payload = await getPayload({ config: buildCalendarConfig(env.DATABASE_URI, env.DATABASE_KIND, {}, options.worker ? { migrations: false } : {}) })
  // Set once the signal handlers are in place: true from SIGTERM/SIGINT on (see shutdownOnSignals).
  let stopping = () => false
  const admin = nextAdmin({ dev, dir: process.cwd() })
  const app = createApp(payload, (req, res) => admin.handle(req, res), () => stopping())
  const server = createServer(serverTimeouts(env.REQUEST_TIMEOUT_SECONDS), (req, res) => {
    // While draining, every answer closes its connection, so clients reconnect to a server that stays.
    if (stopping()) res.setHeader('Connection', 'close')
    app(req, res)
  })
  server.on('upgrade', (req, socket, head) => admin.upgrade(req, socket, head))
  try {
    await listen(server, env.PORT, env.HOST)
  } catch (error) {
    await closePayload(payload).catch(() => {})
    throw error
  }
  admin.start()
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
      await admin.close()
      await closePayload(payload)
    },
  })
  if (options.worker) payload.logger.info(`Worker listening on ${env.SITE_URL}`)
  else payload.logger.info(servingMessage())
  admin.ready.then(
    () => {
      // The HTML parser of event writes, loaded now rather than by the first write that needs it (which
      // would see a failure to load it, as it did before it was loaded on demand).
      loadJsdom().catch(() => {})
      // A worker tells the primary, which says "ready" once every worker serves the admin.
      if (options.worker) process.send?.({ calendar: 'ready' })
      else payload.logger.info(readyMessage())
    },
    (error: unknown) => {
      process.stderr.write(`Calendar cannot start: the admin (Next): ${oneLine(error)}\n`)
      // A moment for the requests that waited to receive their 503.
      server.close()
      setTimeout(() => process.exit(1), 200)
    },
  )
  return server
}
