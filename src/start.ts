// `npm start`: production mode (schema only from the committed migrations, never pushed); builds the
// admin first when the build is missing or older than the sources, then serves in this same process,
// so a signal to it reaches the server (no orphan).
import { runEntry } from './runEntry.js'

;(process.env as Record<string, string>).NODE_ENV = 'production'
await runEntry('Calendar cannot start', async () => {
  // Settings first: a typo in .env fails in a second, not after a build of several minutes. Then the
  // secret, generated into DATA_DIR on the first start, before the admin build reads the config.
  const [{ currentEnv }, { payloadSecret }] = await Promise.all([import('./env.js'), import('./payloadSecret.js')])
  payloadSecret(currentEnv())
  const { ensureAdminBuild } = await import('./ensureAdminBuild.js')
  await ensureAdminBuild()
  const { startServer } = await import('./startServer.js')
  await startServer()
})
