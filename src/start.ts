// `npm start`: production mode (schema only from the committed migrations, never pushed); builds the
// admin first when the build is missing or older than the sources, then serves: in this same process
// with WEB_CONCURRENCY=1 (so a signal to it reaches the server, no orphan), else in that many workers
// (node:cluster) forked once the database is migrated, all on the one port.
import cluster from 'node:cluster'
import { runEntry } from './runEntry.js'

;(process.env as Record<string, string>).NODE_ENV = 'production'
await runEntry('Calendar cannot start', async () => {
  // Settings first: a typo in .env fails in a second, not after a build of several minutes. Then the
  // secret, generated into DATA_DIR on the first start, before the admin build reads the config and
  // before any worker is forked (they read the same file).
  const [{ currentEnv }, { payloadSecret }] = await Promise.all([import('./env.js'), import('./payloadSecret.js')])
  const env = currentEnv()
  if (cluster.isWorker) {
    const { startServer } = await import('./startServer.js')
    await startServer({ worker: true })
    return
  }
  payloadSecret(env)
  const { ensureAdminBuild } = await import('./ensureAdminBuild.js')
  await ensureAdminBuild()
  if (env.WEB_CONCURRENCY === 1) {
    const { startServer } = await import('./startServer.js')
    await startServer()
    return
  }
  // The workers' listen errors would come once per worker: a port that cannot be had fails here, in one line.
  const [{ createServer }, { listen }] = await Promise.all([import('node:net'), import('./listen.js')])
  const probe = createServer()
  await listen(probe, env.PORT, env.HOST)
  await new Promise((resolve) => probe.close(resolve))
  const { migrateOnce } = await import('./migrateOnce.js')
  await migrateOnce()
  const [{ runWorkers }, { logger }, { readyMessage, servingMessage }] = await Promise.all([import('./runWorkers.js'), import('./http/logger.js'), import('./readyMessage.js')])
  const log = { info: (m: string) => logger.info(m), warn: (m: string) => logger.warn(m), error: (m: string) => logger.error(m) }
  const onListening = () => logger.info(servingMessage(env.WEB_CONCURRENCY))
  await runWorkers({ count: env.WEB_CONCURRENCY, shutdownDrainSeconds: env.SHUTDOWN_DRAIN_SECONDS, shutdownTimeoutSeconds: env.SHUTDOWN_TIMEOUT_SECONDS, log, onListening })
  logger.info(readyMessage(env.WEB_CONCURRENCY))
})
