// `npm run dev`: the server in development mode (Next's dev server; the SQL schema is pushed from the
// collections). `npm start` (start.ts) runs the same server in production mode.
import { runEntry } from './runEntry.js'

await runEntry('Calendar cannot start', async () => {
  // Imported here, not statically, so a bad setting (env.ts throws on import) is reported in one line,
  // and first, before the server's modules load.
  await import('./env.js')
  const { startServer } = await import('./startServer.js')
  await startServer()
})
