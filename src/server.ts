import next from 'next'
import { getPayload } from 'payload'
import { createApp } from './app.js'
import { env } from './env.js'
import config from './payload.config.js'

/**
 * The only side-effecting entry: one Payload instance (created before serving) shared by the
 * calendar namespace and by Next (admin + /api), then listen.
 */
export async function startServer(): Promise<void> {
  const payload = await getPayload({ config })
  const dev = env.NODE_ENV !== 'production'
  const nextApp = next({ dev, dir: process.cwd() })
  const handle = nextApp.getRequestHandler()
  await nextApp.prepare()
  const app = createApp(payload, (req, res) => handle(req, res))
  const server = app.listen(env.PORT, () => {
    payload.logger.info(`Calendar ready on ${env.SITE_URL}: admin at /admin, calendar at ${env.REST_PREFIX}/calendar/events/v1/`)
  })
  const upgrade = nextApp.getUpgradeHandler()
  server.on('upgrade', (req, socket, head) => upgrade(req, socket, head))
}

await startServer()
