// `npm run dev`: the server in development mode (Next's dev server; the SQL schema is pushed from the
// collections). `npm start` (start.ts) runs the same server in production mode.
import { runEntry } from './runEntry.js'

await runEntry('Calendar cannot start', async () => {
  // Settings first, before the server's modules load, so a bad one is reported in one line; then the
  // secret, generated into DATA_DIR on the first start.
  const [{ currentEnv }, { payloadSecret }] = await Promise.all([import('./env.js'), import('./payloadSecret.js')])
  payloadSecret(currentEnv())
  const { startServer } = await import('./startServer.js')
  await startServer()
})
