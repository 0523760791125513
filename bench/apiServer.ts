// Child process of the benchmark: the calendar API (Payload + Express, no admin) in production mode.
// Usage: node --conditions=production --import tsx bench/apiServer.ts <port> <databaseUri> <kind>
import { getPayload } from 'payload'
import { createApp } from '../src/app.js'
import { buildCalendarConfig } from '../src/payload.config.js'

const [port, uri, kind] = process.argv.slice(2) as [string, string, 'sqlite' | 'postgres' | 'mongodb']
const payload = await getPayload({ config: buildCalendarConfig(uri, kind) })
createApp(payload).listen(Number(port), '127.0.0.1', () => process.send?.({ ready: true }))
// A normal exit on SIGTERM, so a CPU profile (--cpu-prof, `npm run bench --profile`) is written.
process.once('SIGTERM', () => process.exit(0))
