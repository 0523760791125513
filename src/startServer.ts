import { createServer, type Server } from 'node:http'
import next from 'next'
import { getPayload } from 'payload'
import { createApp } from './app.js'
import { closePayload } from './closePayload.js'
import { env } from './env.js'
import { listen } from './listen.js'
import config, { buildCalendarConfig } from './payload.config.js'
import { prepareDatabase } from './prepareDatabase.js'
import { readyMessage } from './readyMessage.js'
import { shutdownOnSignals } from './shutdownOnSignals.js'

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
  const server = createServer(createApp(payload, (req, res) => handle(req, res)))
  const upgrade = nextApp.getUpgradeHandler()
  server.on('upgrade', (req, socket, head) => upgrade(req, socket, head))
  try {
    await listen(server, env.PORT, env.HOST)
  } catch (error) {
    await closePayload(payload).catch(() => {})
    throw error
  }
  shutdownOnSignals(server, {
    timeoutSeconds: env.SHUTDOWN_TIMEOUT_SECONDS,
    log: (message) => payload.logger.info(message),
    cleanup: async () => {
      await nextApp.close()
      await closePayload(payload)
    },
  })
  if (options.worker) payload.logger.info(`Worker listening on ${env.SITE_URL}`)
  else payload.logger.info(readyMessage())
  return server
}
